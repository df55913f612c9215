import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import type { ChangesDeps } from '../filters/changes';
import { MAX_SEEN } from '../filters/changes';
import { MAX_HEADS_REPORTED, reportOf } from './reports';
import type { SubscriptionRecord } from './types';

const hex = (n: number): Hex => `0x${n.toString(16)}`;
const hashAt = (n: number, fork = 0): Hex => `0x${fork.toString(16).padStart(2, '0')}${n.toString(16).padStart(62, '0')}`;
const FRAME = { tabId: 1, frameId: 0, origin: 'https://dapp.example' };
const DEPS: ChangesDeps = { logsBlockRangeLimit: 2000, ownPending: async () => [], withheld: async () => [] };

/** A chain of `head + 1` blocks on fork `fork`, with a pending view the test fills. */
function fakeChain() {
  const chain = { head: 10, fork: 0, pendingLogs: [] as unknown[], pendingTransactions: [] as { hash: Hex }[] };
  const node = (async (method: string, params: unknown[] = []) => {
    if (method === 'eth_getBlockByNumber') {
      if (params[0] === 'pending') return { number: hex(chain.head + 1), hash: null, transactions: params[1] ? chain.pendingTransactions : chain.pendingTransactions.map((t) => t.hash) };
      const n = params[0] === 'latest' ? chain.head : Number(params[0]);
      return n <= chain.head ? { number: hex(n), hash: hashAt(n, chain.fork), transactions: [] } : null;
    }
    if (method === 'eth_getLogs') {
      const filter = params[0] as { fromBlock: string };
      return filter.fromBlock === 'pending' ? chain.pendingLogs : [];
    }
    if (method === 'eth_getTransactionByHash') return { hash: params[0], from: '0xabc' };
    throw new Error(`unexpected ${method}`);
  }) as ChainNode;
  return { chain, node };
}

const subscription = (fields: Partial<SubscriptionRecord>): SubscriptionRecord => ({ id: '0x1', frame: FRAME, chainId: '0x7a69', kind: 'newHeads', ...fields });

async function turns(node: ChainNode, sub: SubscriptionRecord, count = 1, deps = DEPS) {
  const results: unknown[][] = [];
  for (let i = 0; i < count; i++) {
    const report = await reportOf(node, sub, deps);
    sub = report.subscription;
    results.push(report.results);
  }
  return { sub, results };
}

describe('newHeads', () => {
  it('reports each new head once, without its transactions, and nothing while the head stays', async () => {
    const { chain, node } = fakeChain();
    const sub = subscription({ tip: { number: 10, hash: hashAt(10) } });
    expect((await turns(node, sub)).results).toEqual([[]]);
    chain.head = 12;
    const { sub: after, results } = await turns(node, sub, 2);
    expect(results[0]).toEqual([{ number: '0xb', hash: hashAt(11) }, { number: '0xc', hash: hashAt(12) }]);
    expect(results[1]).toEqual([]);
    expect(after.tip).toEqual({ number: 12, hash: hashAt(12) });
  });

  it('reports only the newest heads after falling far behind, and the new head of a reorganization at the same height', async () => {
    const { chain, node } = fakeChain();
    const sub = subscription({ tip: { number: 10, hash: hashAt(10) } });
    chain.head = 100;
    const first = await turns(node, sub);
    expect((first.results[0] as { number: Hex }[]).map((h) => Number(h.number))).toEqual(Array.from({ length: MAX_HEADS_REPORTED }, (_, i) => 100 - MAX_HEADS_REPORTED + 1 + i));
    chain.fork = 1;
    expect((await turns(node, first.sub)).results[0]).toEqual([{ number: hex(100), hash: hashAt(100, 1) }]);
  });
});

describe('the pending kinds', () => {
  it('pendingLogs reports each pre-confirmed log once', async () => {
    const { chain, node } = fakeChain();
    const log = (tx: number, index: number) => ({ transactionHash: hashAt(tx, 9), logIndex: hex(index), blockNumber: hex(11), data: '0x' });
    chain.pendingLogs = [log(1, 0)];
    let { sub, results } = await turns(node, subscription({ kind: 'pendingLogs', criteria: {} }));
    expect(results).toEqual([[log(1, 0)]]);
    chain.pendingLogs = [log(1, 0), log(1, 1), log(2, 0)];
    ({ sub, results } = await turns(node, sub, 2));
    expect(results).toEqual([[log(1, 1), log(2, 0)], []]);
    expect(sub.seen).toHaveLength(3);
  });

  it('newFlashblockTransactions reports each pre-confirmed transaction once, as a hash or whole', async () => {
    const { chain, node } = fakeChain();
    chain.pendingTransactions = [{ hash: hashAt(1, 9) }];
    const hashes = await turns(node, subscription({ kind: 'newFlashblockTransactions' }), 2);
    expect(hashes.results).toEqual([[hashAt(1, 9)], []]);
    chain.pendingTransactions.push({ hash: hashAt(2, 9) });
    expect((await turns(node, subscription({ kind: 'newFlashblockTransactions', full: true }))).results).toEqual([[{ hash: hashAt(1, 9) }, { hash: hashAt(2, 9) }]]);
  });

  it('newPendingTransactions reports the wallet\'s own pending transactions of the origin, once each', async () => {
    const { node } = fakeChain();
    const pending: Hex[] = [hashAt(1, 7)];
    const deps = { ...DEPS, ownPending: async (chainId: Hex, origin: string) => (chainId === '0x7a69' && origin === FRAME.origin ? pending : []) };
    const sub = subscription({ kind: 'newPendingTransactions' });
    const first = await turns(node, sub, 1, deps);
    pending.push(hashAt(2, 7));
    const second = await turns(node, first.sub, 1, deps);
    expect([...first.results, ...second.results]).toEqual([[hashAt(1, 7)], [hashAt(2, 7)]]);
    expect((await turns(node, { ...sub, full: true }, 1, deps)).results[0]).toEqual([{ hash: hashAt(1, 7), from: '0xabc' }, { hash: hashAt(2, 7), from: '0xabc' }]);
  });
});

describe('what a subscription remembers', () => {
  it('reports a pending view larger than MAX_SEEN once, not again each turn', async () => {
    const logs = Array.from({ length: MAX_SEEN + 100 }, (_, i) => ({ transactionHash: `0x${i.toString(16).padStart(64, '0')}`, logIndex: '0x0' }));
    const node = (async () => logs) as ChainNode;
    let sub: SubscriptionRecord = { id: '0x1', frame: FRAME, chainId: '0x1', kind: 'pendingLogs', criteria: {} };
    const counts: number[] = [];
    for (let turn = 0; turn < 4; turn++) {
      const report = await reportOf(node, sub, DEPS);
      counts.push(report.results.length);
      sub = report.subscription;
    }
    // The same pending view each turn: everything once, then nothing.
    expect(counts).toEqual([MAX_SEEN + 100, 0, 0, 0]);
  });

  it('leaves a logs subscription the same record when nothing came (nothing to store)', async () => {
    const block = { number: '0xa', hash: `0x${'a'.repeat(64)}` };
    const node = (async (method: string) => (method === 'eth_getLogs' ? [] : block)) as ChainNode;
    const tip = { number: 10, hash: block.hash as Hex };
    const sub: SubscriptionRecord = { id: '0x1', frame: FRAME, chainId: '0x1', kind: 'logs', criteria: {},
      filter: { id: '0x1', origin: FRAME.origin, chainId: '0x1', kind: 'logs', criteria: {}, start: 11, next: 11, tip, recent: [], readAt: 0 } };
    const report = await reportOf(node, sub, DEPS);
    expect(report.results).toEqual([]);
    expect(report.subscription).toBe(sub);
  });
});
