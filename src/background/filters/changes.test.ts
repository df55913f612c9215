import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { filterChanges, REORG_DEPTH } from './changes';
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

const DEPS = { logsBlockRangeLimit: 2000, ownPending: async () => [] };

const logFilter = (start: number): FilterRecord => ({ id: '0x1', origin: 'https://dapp.example', chainId: '0x7a69', kind: 'logs', criteria: { address: TOKEN }, start, next: start, recent: [], readAt: 0 });

async function read(node: ReturnType<typeof fakeChain>['node'], filter: FilterRecord, maxRange = 2000) {
  const { filter: after, changes } = await filterChanges(node, filter, { logsBlockRangeLimit: maxRange, ownPending: async () => [] });
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
    const deps = { logsBlockRangeLimit: 2000, ownPending: async (_chainId: Hex, origin: string) => (origin === 'https://dapp.example' ? pending : []) };
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
