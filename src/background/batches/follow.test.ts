import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { createPollLoops } from '../watch/pollLoop';
import type { BatchDeps } from './executors/executor';
import { followBatch, followUnfinished } from './follow';
import { FINAL_CONFIRMATIONS } from './status';
import { createBatchStore } from './store';
import { BATCHES_DEFAULTS, type BatchRecord, type BatchTransaction } from './types';

const ORIGIN = 'https://dapp.example';
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex;

/** A chain whose receipts appear when the test says; it counts what it was asked. */
function fakeChain() {
  const chain = { head: 100, receipts: new Map<Hex, number>(), asked: [] as string[] };
  const node = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    chain.asked.push(method);
    if (method === 'eth_blockNumber') return `0x${chain.head.toString(16)}` as T;
    if (method === 'eth_getTransactionCount') return '0x0' as T;
    if (method === 'eth_getTransactionByHash') return {} as T;
    if (method === 'eth_getTransactionReceipt') {
      const block = chain.receipts.get(params[0] as Hex);
      return (block === undefined ? null : { status: '0x1', logs: [], blockHash: `0x${'ab'.repeat(32)}`, blockNumber: `0x${block.toString(16)}`, gasUsed: '0x5208', transactionHash: params[0] }) as T;
    }
    throw new Error(`unexpected ${method}`);
  };
  return { chain, node };
}

const sentBatch = (id: string, hash: Hex): BatchRecord => ({
  id, origin: ORIGIN, chainId: '0x7a69', from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', atomic: false, upgrade: false, executor: 'sequential',
  calls: [{ to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', value: '0x1', data: '0x' }], gasLimits: ['0x5208'], state: 'sent', createdAt: 0,
  transactions: [{ hash, raw: '0x00', nonce: 0, calls: [0], sent: true }],
});

// From 0, so that turns fall on round beats.
beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

describe('following sent batches', () => {
  it('follows every batch of a network on its one loop, reading the head once per turn, until each is final; then the loop stops', async () => {
    const { chain, node } = fakeChain();
    const batches = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
    const loops = createPollLoops(async () => node, { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number), now: () => Date.now() });
    const deps = { batches, loops, nodeFor: async () => node, detection: { stored: async () => undefined } } as unknown as BatchDeps;
    await batches.add(sentBatch('a', hashOf(1)));
    await batches.add(sentBatch('b', hashOf(2)));

    const following = [followBatch(deps, ORIGIN, 'a'), followBatch(deps, ORIGIN, 'b')];
    await vi.advanceTimersByTimeAsync(60);
    expect(loops.running()).toEqual(['0x7a69']);
    // Both batches' first turns came at the same moment: the head was asked once for both.
    expect(chain.asked.filter((m) => m === 'eth_blockNumber')).toHaveLength(1);

    chain.receipts.set(hashOf(1), 101);
    chain.receipts.set(hashOf(2), 101);
    chain.head = 101;
    await vi.advanceTimersByTimeAsync(2000);
    expect((await batches.get(ORIGIN, 'a'))!.transactions[0].receipt?.blockNumber).toBe('0x65');

    chain.head = 101 + FINAL_CONFIRMATIONS;
    await vi.advanceTimersByTimeAsync(3000);
    await Promise.all(following);
    expect((await batches.get(ORIGIN, 'b'))!.transactions[0].final).toBe(true);
    expect(loops.running()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops following a record changed in storage meanwhile (a content script writes storage.local on Firefox): nothing the node says is written on it, and it is not asked about again', async () => {
    const { chain, node } = fakeChain();
    const local = typedStorage(memoryBackend(), BATCHES_DEFAULTS);
    const batches = createBatchStore(local, createSealer(memoryKeyStore()));
    const loops = createPollLoops(async () => node, { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number), now: () => Date.now() });
    const deps = { batches, loops, nodeFor: async () => node, detection: { stored: async () => undefined } } as unknown as BatchDeps;
    await batches.add(sentBatch('a', hashOf(1)));
    let done = false;
    const following = followBatch(deps, ORIGIN, 'a').then(() => (done = true));
    await vi.advanceTimersByTimeAsync(60);
    const planted = { ...(await batches.get(ORIGIN, 'a'))!, from: '0x00000000000000000000000000000000000000ee' as Hex };
    await local.update('batches', (all) => ({ ...all, [`${ORIGIN} a`]: planted }));
    chain.receipts.set(hashOf(1), 101);
    chain.head = 101;
    await vi.advanceTimersByTimeAsync(2000);
    expect(done).toBe(true);
    expect(await batches.stored(ORIGIN, 'a')).toEqual(planted);
    const asked = chain.asked.length;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(chain.asked).toHaveLength(asked);
    await following;
  });

  it('says when everything sent has a receipt, while it goes on following until final (a first grant\'s upgrade waits only for that)', async () => {
    const { chain, node } = fakeChain();
    const batches = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
    const loops = createPollLoops(async () => node, { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number), now: () => Date.now() });
    const deps = { batches, loops, nodeFor: async () => node, detection: { stored: async () => undefined } } as unknown as BatchDeps;
    await batches.add(sentBatch('a', hashOf(1)));
    let landed = 0;
    let done = false;
    const following = followBatch(deps, ORIGIN, 'a', () => landed++).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(200);
    expect(landed).toBe(0);

    chain.receipts.set(hashOf(1), 101);
    chain.head = 101;
    await vi.advanceTimersByTimeAsync(2000);
    expect([landed, done]).toEqual([1, false]);

    chain.head = 101 + FINAL_CONFIRMATIONS;
    await vi.advanceTimersByTimeAsync(3000);
    await following;
    expect(landed).toBe(1);
  });

  // Unknown block time: once a second, as before detection. 12 s blocks: a quarter block, not every second for minutes.
  // 2 s blocks: a quarter block, so the status shows within a fraction of one. 200 ms blocks: four times a second at most.
  it.each([[undefined, 30], [12_000, 10], [2_000, 60], [200, 120]])('starts at once and then asks a chain of %s ms blocks about a pending receipt %i times in 30 s', async (blockTimeMs, asks) => {
    const { chain, node } = fakeChain();
    const batches = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
    const loops = createPollLoops(async () => node, { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number), now: () => Date.now() });
    const stored = async () => (blockTimeMs === undefined ? undefined : { at: 0, rpcUrls: [], blockTimeMs });
    const deps = { batches, loops, nodeFor: async () => node, detection: { stored } } as unknown as BatchDeps;
    await batches.add(sentBatch('a', hashOf(1)));
    const receiptAsks = () => chain.asked.filter((m) => m === 'eth_getTransactionReceipt').length;

    void followBatch(deps, ORIGIN, 'a');
    await vi.advanceTimersByTimeAsync(60);
    expect(receiptAsks()).toBe(1);

    // Past the back-off's ramp, between two beats.
    await vi.advanceTimersByTimeAsync(10_001 - 60);
    const before = receiptAsks();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(receiptAsks() - before).toBe(asks);
  });
});

describe('a block time planted in storage.local or told by a lying node', () => {
  // A year a block, and a value that is not a number (Firefox: a page's content-script process can write storage.local).
  it.each([[365 * 24 * 3600_000], ['soon' as unknown as number]])('%s ms blocks: a receipt is still seen within seconds, and the loop does not spin', async (blockTimeMs) => {
    const { chain, node } = fakeChain();
    const batches = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
    let timersSet = 0;
    // Counts the loop's timers; past 10 000 it sets no more, so a spinning loop ends the test instead of hanging it.
    const loops = createPollLoops(async () => node, {
      setTimeout: (run, ms) => (++timersSet > 10_000 ? undefined : setTimeout(run, ms)), clearTimeout: (h) => clearTimeout(h as number), now: () => Date.now(),
    });
    const deps = { batches, loops, nodeFor: async () => node, detection: { stored: async () => ({ at: 0, rpcUrls: [], blockTimeMs }) } } as unknown as BatchDeps;
    await batches.add(sentBatch('a', hashOf(1)));

    void followBatch(deps, ORIGIN, 'a');
    await vi.advanceTimersByTimeAsync(60_000);
    chain.receipts.set(hashOf(1), 101);
    chain.head = 101;
    await vi.advanceTimersByTimeAsync(20_000);
    expect((await batches.get(ORIGIN, 'a'))!.transactions[0].receipt?.blockNumber).toBe('0x65');
    expect(timersSet).toBeLessThan(1000);
  });

  it('gives up on a record planted in storage.local whose executor the wallet has none of, as on any batch not final after ten minutes: its loop would ask the node every second for as long as the worker runs', async () => {
    const { node } = fakeChain();
    const local = typedStorage(memoryBackend(), BATCHES_DEFAULTS);
    const batches = createBatchStore(local, createSealer(memoryKeyStore()));
    const loops = createPollLoops(async () => node, { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number), now: () => Date.now() });
    const deps = { batches, loops, nodeFor: async () => node, detection: { stored: async () => undefined } } as unknown as BatchDeps;
    const planted = { ...sentBatch('p', hashOf(3)), executor: 'bogus' } as unknown as BatchRecord;
    await local.update('batches', (all) => ({ ...all, [`${ORIGIN} p`]: planted }));
    const following = followUnfinished(deps);
    await vi.advanceTimersByTimeAsync(11 * 60_000);
    expect(loops.running()).toEqual([]);
    await following;
  });

  it('follows after a restart only the wallet\'s own records, not one planted pending: each of its transactions cost requests to the user\'s node at every turn, ten minutes from every worker start', async () => {
    const { node } = fakeChain();
    const asked: Hex[] = [];
    const counting = (async (method: string, params: unknown[] = []) => {
      if (method === 'eth_getTransactionReceipt') asked.push(params[0] as Hex);
      return node(method, params);
    }) as typeof node;
    const local = typedStorage(memoryBackend(), BATCHES_DEFAULTS);
    const batches = createBatchStore(local, createSealer(memoryKeyStore()));
    const loops = createPollLoops(async () => counting, { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number), now: () => Date.now() });
    const deps = { batches, loops, nodeFor: async () => counting, detection: { stored: async () => undefined } } as unknown as BatchDeps;
    await batches.add(sentBatch('a', hashOf(1)));
    const many = Array.from({ length: 1000 }, (_, i): BatchTransaction => ({ hash: hashOf(10 + i), raw: '0x00', nonce: 0, calls: [0], sent: true }));
    await local.update('batches', (all) => ({ ...all, [`${ORIGIN} p`]: { ...sentBatch('p', hashOf(3)), transactions: many } }));
    void followUnfinished(deps);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(new Set([hashOf(1)]));
  });
});


describe('a record of the wallet copied under other keys in storage.local', () => {
  it('is followed once after a restart, not once for each copy: a content script that copied a pending batch a hundred times had the node asked its nonce a hundred times at every turn, ten minutes from every worker start', async () => {
    const { node } = fakeChain();
    const asked: string[] = [];
    const counting = (async (method: string, params: unknown[] = []) => {
      asked.push(method);
      return node(method, params);
    }) as typeof node;
    const local = typedStorage(memoryBackend(), BATCHES_DEFAULTS);
    const batches = createBatchStore(local, createSealer(memoryKeyStore()));
    const loops = createPollLoops(async () => counting, { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number), now: () => Date.now() });
    const deps = { batches, loops, nodeFor: async () => counting, detection: { stored: async () => undefined } } as unknown as BatchDeps;
    await batches.add(sentBatch('a', hashOf(1)));
    const own = (await local.get('batches'))[`${ORIGIN} a`];
    await local.update('batches', (all) => ({ ...all, ...Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`copy ${i}`, own])) }));
    void followUnfinished(deps);
    await vi.advanceTimersByTimeAsync(60);
    // One turn: the head, the receipt, the account's nonce, whether the node holds the transaction.
    expect(asked.filter((m) => m === 'eth_getTransactionCount')).toHaveLength(1);
  });
});
