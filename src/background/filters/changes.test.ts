import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { filterChanges, nodePendingFilter, REORG_DEPTH } from './changes';
import type { FilterLog, FilterRecord } from './types';

const TOKEN: Hex = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const hex = (n: number): Hex => `0x${n.toString(16)}`;

/** A chain of blocks, each with the logs given for it; `reorg(n)` replaces the blocks from n on. */
function fakeChain() {
  let fork = 0;
  const blocks: { hash: Hex; logs: FilterLog[] }[] = [];
  const asked: string[] = [];
  const mine = (logs = 0) => {
    const number = blocks.length;
    const hash = `0x${fork.toString(16).padStart(2, '0')}${number.toString(16).padStart(62, '0')}` as Hex;
    blocks.push({
      hash,
      logs: Array.from({ length: logs }, (_, i) => ({
        address: TOKEN, topics: [], data: '0x', blockNumber: hex(number), blockHash: hash, transactionHash: `0x${'aa'.repeat(31)}${number.toString(16).padStart(2, '0')}` as Hex,
        transactionIndex: '0x0', logIndex: hex(i), removed: false,
      })),
    });
  };
  const node = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    asked.push(method);
    if (method === 'eth_blockNumber') return hex(blocks.length - 1) as T;
    if (method === 'eth_getBlockByNumber') {
      const n = params[0] === 'latest' ? blocks.length - 1 : Number(params[0]);
      return (blocks[n] ? { number: hex(n), hash: blocks[n].hash } : null) as T;
    }
    if (method === 'eth_getLogs') {
      const { fromBlock, toBlock } = params[0] as { fromBlock: Hex; toBlock: Hex };
      return blocks.slice(Number(fromBlock), Number(toBlock) + 1).flatMap((b) => b.logs) as T;
    }
    throw new Error(`unexpected ${method}`);
  };
  const reorg = (from: number, logsPerBlock: number[]) => {
    blocks.length = from;
    fork++;
    for (const logs of logsPerBlock) mine(logs);
  };
  return { node, mine, reorg, asked, blocks };
}

const DEPS = { logsBlockRangeLimit: 2000, ownPending: async () => [], withheld: async () => [] };

const logFilter = (start: number): FilterRecord => ({ id: '0x1', origin: 'https://dapp.example', chainId: '0x7a69', kind: 'logs', criteria: { address: TOKEN }, start, next: start, recent: [], readAt: 0 });

async function read(node: ReturnType<typeof fakeChain>['node'], filter: FilterRecord, maxRange = 2000) {
  const { filter: after, changes } = await filterChanges(node, filter, { logsBlockRangeLimit: maxRange, ownPending: async () => [], withheld: async () => [] });
  return { filter: after, changes: changes as FilterLog[] };
}

describe('a log filter', () => {
  it('reports each log once, from the blocks after it was made', async () => {
    const chain = fakeChain();
    chain.mine(1);
    let filter = logFilter(1);
    chain.mine(2);
    chain.mine(0);
    let got = await read(chain.node, filter);
    expect(got.changes.map((l) => [l.blockNumber, l.logIndex])).toEqual([['0x1', '0x0'], ['0x1', '0x1']]);
    filter = got.filter;
    expect((await read(chain.node, filter)).changes).toEqual([]);
    chain.mine(1);
    got = await read(chain.node, filter);
    expect(got.changes.map((l) => l.blockNumber)).toEqual(['0x3']);
  });

  it('reports the logs of blocks a reorganization took away again with removed: true, then the new ones', async () => {
    const chain = fakeChain();
    chain.mine();
    let filter = logFilter(1);
    chain.mine(1);
    chain.mine(1);
    filter = (await read(chain.node, filter)).filter;
    chain.reorg(2, [0, 2]);
    const got = await read(chain.node, filter);
    expect(got.changes.filter((l) => l.removed).map((l) => l.blockNumber)).toEqual(['0x2']);
    expect(got.changes.filter((l) => !l.removed).map((l) => [l.blockNumber, l.blockHash === chain.blocks[3].hash])).toEqual([['0x3', true], ['0x3', true]]);
    expect((await read(chain.node, got.filter)).changes).toEqual([]);
  });

  it('reads again the heights of a chain that got shorter as their new blocks come', async () => {
    const chain = fakeChain();
    chain.mine();
    let filter = logFilter(1);
    chain.mine(1);
    chain.mine(1);
    filter = (await read(chain.node, filter)).filter;
    chain.reorg(1, []);
    let got = await read(chain.node, filter);
    expect(got.changes.map((l) => [l.blockNumber, l.removed])).toEqual([['0x1', true], ['0x2', true]]);
    chain.mine(1);
    got = await read(chain.node, got.filter);
    expect(got.changes.map((l) => [l.blockNumber, l.removed])).toEqual([['0x1', false]]);
  });

  it('reads at most maxRange blocks at once, the rest on the next read, and keeps only REORG_DEPTH blocks of logs', async () => {
    const chain = fakeChain();
    chain.mine();
    let filter = logFilter(1);
    for (let i = 0; i < REORG_DEPTH + 10; i++) chain.mine(1);
    let got = await read(chain.node, filter, 50);
    expect(got.changes).toHaveLength(50);
    got = await read(chain.node, got.filter, 50);
    expect(got.changes).toHaveLength(REORG_DEPTH + 10 - 50);
    filter = got.filter;
    expect(filter.recent.length).toBeLessThanOrEqual(REORG_DEPTH);
  });

  it('stops at a numeric toBlock', async () => {
    const chain = fakeChain();
    chain.mine();
    const filter = { ...logFilter(1), until: 2 };
    for (let i = 0; i < 4; i++) chain.mine(1);
    expect((await read(chain.node, filter)).changes.map((l) => l.blockNumber)).toEqual(['0x1', '0x2']);
  });
});

describe('a log filter read once a block', () => {
  /** Blocks as nodes give them: a parent hash, the transactions' hashes, the logs bloom; block 12 has a transfer. */
  const node = (asked: string[]) => async <T>(method: string, params: unknown[] = []): Promise<T> => {
    asked.push(`${method} ${params[0] === 'latest' ? 'latest' : ''}`.trim());
    const at = (n: number) => ({
      number: hex(n), hash: `0x${n.toString(16).padStart(64, '0')}`, parentHash: `0x${(n - 1).toString(16).padStart(64, '0')}`,
      transactions: n === 12 ? [`0x${'aa'.repeat(32)}`] : [], logsBloom: `0x${(n === 12 ? 'ff' : '00').repeat(256)}`,
    });
    if (method === 'eth_getBlockByNumber') return at(params[0] === 'latest' ? head : Number(params[0])) as T;
    if (method === 'eth_getLogs') return [] as T;
    throw new Error(`unexpected ${method}`);
  };
  let head = 10;
  const tipped = (n: number): FilterRecord => ({ ...logFilter(n + 1), tip: { number: n, hash: `0x${n.toString(16).padStart(64, '0')}` } });

  it('asks only for the head when the new block holds no transactions and no logs, and checks its tip by the head\'s parent', async () => {
    const asked: string[] = [];
    head = 11;
    await filterChanges(node(asked), tipped(10), DEPS);
    expect(asked).toEqual(['eth_getBlockByNumber latest']);
    head = 12;
    asked.length = 0;
    await filterChanges(node(asked), tipped(11), DEPS);
    expect(asked).toEqual(['eth_getBlockByNumber latest', 'eth_getLogs']);
  });
});

describe('a block filter', () => {
  it('reports the hashes of the blocks since the last read', async () => {
    const chain = fakeChain();
    chain.mine();
    const filter: FilterRecord = { ...logFilter(1), kind: 'blocks', criteria: undefined };
    chain.mine();
    chain.mine();
    const got = await filterChanges(chain.node, filter, DEPS);
    expect(got.changes).toEqual([chain.blocks[1].hash, chain.blocks[2].hash]);
    expect((await filterChanges(chain.node, got.filter, DEPS)).changes).toEqual([]);
  });
});

describe('a pending-transaction filter', () => {
  it('reports the wallet\'s own pending transactions of the origin, each once', async () => {
    const chain = fakeChain();
    const pending: Hex[] = [`0x${'01'.repeat(32)}`];
    const deps = { ...DEPS, ownPending: async (_chainId: Hex, origin: string) => (origin === 'https://dapp.example' ? pending : []) };
    let filter: FilterRecord = { ...logFilter(1), kind: 'pendingTransactions', criteria: undefined };
    let got = await filterChanges(chain.node, filter, deps);
    expect(got.changes).toEqual(pending);
    filter = got.filter;
    pending.push(`0x${'02'.repeat(32)}`);
    got = await filterChanges(chain.node, filter, deps);
    expect(got.changes).toEqual([`0x${'02'.repeat(32)}`]);
    expect((await filterChanges(chain.node, got.filter, deps)).changes).toEqual([]);
  });
});

describe('a pending-transaction filter on a node that keeps them', () => {
  const hash = (n: number): Hex => `0x${n.toString(16).padStart(64, '0')}`;
  /** The node's own pending-transaction filters: each reports the hashes that entered its pool since it was last read. */
  function mempool() {
    const filters = new Map<string, Hex[]>();
    let made = 0;
    const node = async <T>(method: string, params: unknown[] = []): Promise<T> => {
      if (method === 'eth_newPendingTransactionFilter') {
        const id = hex(++made);
        filters.set(id, []);
        return id as T;
      }
      if (method === 'eth_getFilterChanges') {
        const kept = filters.get(params[0] as string);
        if (!kept) throw Object.assign(new Error('filter not found'), { code: -32000 });
        filters.set(params[0] as string, []);
        return kept as T;
      }
      throw new Error(`unexpected ${method}`);
    };
    const arrive = (...hashes: Hex[]) => filters.forEach((kept) => kept.push(...hashes));
    return { node, arrive, filters };
  }

  it('relays the hashes the node\'s own filter reports, with the wallet\'s own pending ones, each once', async () => {
    const pool = mempool();
    const own: Hex[] = [hash(1)];
    const deps = { ...DEPS, ownPending: async () => own };
    let filter: FilterRecord = { ...logFilter(1), kind: 'pendingTransactions', criteria: undefined, nodeFilter: await nodePendingFilter(pool.node) };
    pool.arrive(hash(1), hash(2), hash(3));
    let got = await filterChanges(pool.node, filter, deps);
    expect(got.changes).toEqual([hash(1), hash(2), hash(3)]);
    filter = got.filter;
    pool.arrive(hash(4), 'not a hash' as Hex);
    got = await filterChanges(pool.node, filter, deps);
    expect(got.changes).toEqual([hash(4)]);
  });

  it('never names a transaction the wallet sent from an account the origin was not given (a private mempool would not show it)', async () => {
    const pool = mempool();
    const deps = { ...DEPS, withheld: async () => [hash(7)] };
    const filter: FilterRecord = { ...logFilter(1), kind: 'pendingTransactions', criteria: undefined, nodeFilter: await nodePendingFilter(pool.node) };
    pool.arrive(hash(6), hash(7));
    expect((await filterChanges(pool.node, filter, deps)).changes).toEqual([hash(6)]);
  });

  it('makes a new node filter when the node lost its own (expired, or another backend), reporting from then on', async () => {
    const pool = mempool();
    let filter: FilterRecord = { ...logFilter(1), kind: 'pendingTransactions', criteria: undefined, nodeFilter: await nodePendingFilter(pool.node) };
    pool.filters.clear();
    let got = await filterChanges(pool.node, filter, DEPS);
    expect(got.changes).toEqual([]);
    expect(got.filter.nodeFilter).toBe('0x2');
    filter = got.filter;
    pool.arrive(hash(9));
    got = await filterChanges(pool.node, filter, DEPS);
    expect(got.changes).toEqual([hash(9)]);
  });

  it('stops relaying on an endpoint whose backends each lose the filter another made: one is not made again at every read', async () => {
    const pool = mempool();
    const made = () => [...pool.filters.keys()].length;
    let filter: FilterRecord = { ...logFilter(1), kind: 'pendingTransactions', criteria: undefined, nodeFilter: await nodePendingFilter(pool.node) };
    // Each read reaches a backend that never saw the filter; the others keep theirs until they expire.
    const balanced = async <T>(method: string, params: unknown[] = []): Promise<T> => {
      if (method === 'eth_getFilterChanges') throw Object.assign(new Error('filter not found'), { code: -32000 });
      return pool.node<T>(method, params);
    };
    for (let read = 0; read < 20; read++) filter = (await filterChanges(balanced, filter, DEPS)).filter;
    expect(made()).toBeLessThanOrEqual(2);
    expect(filter.nodeFilter).toBeUndefined();
  });

  it('reports only the wallet\'s own on a node that keeps no filters', async () => {
    const refusing = async <T>(): Promise<T> => {
      throw Object.assign(new Error('the method eth_newPendingTransactionFilter does not exist/is not available'), { code: -32601 });
    };
    expect(await nodePendingFilter(refusing)).toBeUndefined();
  });
});
