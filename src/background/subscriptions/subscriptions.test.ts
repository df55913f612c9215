import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { memoryBackend, typedStorage, type StorageBackend } from '../storage/typedStorage';
import type { Frame } from '../transport/frames';
import { createPollLoops } from '../watch/pollLoop';
import { KEEP_ALIVE_MS, MAX_SUBSCRIPTIONS_PER_ORIGIN, POLL_MS, createSubscriptions } from './subscriptions';
import { SUBSCRIPTIONS_DEFAULTS, type SubscriptionRecord } from './types';

const ORIGIN = 'https://dapp.example';
const hashAt = (n: number): Hex => `0x${n.toString(16).padStart(64, '0')}`;
const frameOf = (tabId: number, frameId = 0): Frame => ({ tabId, frameId, origin: ORIGIN });

/** The wallet as the worker builds it, over `backend` (session storage), with a chain whose head the test moves. */
function setup(backend: StorageBackend = memoryBackend(), reached: (data: unknown) => Promise<boolean> = async () => true, blockTimeMs?: number) {
  const chain = { head: 10, asked: 0 };
  const node = (async (method: string, params: unknown[] = []) => {
    chain.asked++;
    if (method !== 'eth_getBlockByNumber') throw new Error(`unexpected ${method}`);
    const n = params[0] === 'latest' ? chain.head : Number(params[0]);
    return { number: `0x${n.toString(16)}`, hash: hashAt(n) };
  }) as ChainNode;
  const loops = createPollLoops(async () => node, { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number), now: () => Date.now() });
  const delivered: { frame: Frame; data: unknown }[] = [];
  const goneFrames = new Set<number>();
  let keptAlive = 0;
  let wakes = 0;
  const subscriptions = createSubscriptions({
    session: typedStorage(backend, SUBSCRIPTIONS_DEFAULTS),
    loops,
    events: { deliver: async (frame, data) => (goneFrames.has(frame.tabId) ? false : (delivered.push({ frame, data }), reached(data))) },
    changes: { changesDeps: async () => ({ logsBlockRangeLimit: 2000, ownPending: async () => [] }) },
    keepAlive: async () => keptAlive++,
    scheduleWake: () => void wakes++,
    budget: { tryCharge: () => true },
    blockTimeMs: async () => blockTimeMs,
    // No network here has a pre-confirmation stream (preconfStreams.test.ts has them).
    streams: { urlFor: async () => undefined, connect: () => { throw new Error('no stream'); }, setTimeout: (run, ms) => setTimeout(run, ms) },
    now: () => Date.now(),
  });
  const heads = (subscription: Hex) => delivered.filter((d) => (d.data as { data: { subscription: Hex } }).data.subscription === subscription)
    .map((d) => Number(((d.data as { data: { result: { number: Hex } } }).data.result.number)));
  return { chain, loops, subscriptions, delivered, goneFrames, heads, backend, keptAlive: () => keptAlive, wakes: () => wakes };
}

const newHeads = (id: number, frame: Frame, tip = 10): SubscriptionRecord => ({ id: `0x${id.toString(16)}`, frame, chainId: '0x7a69', kind: 'newHeads', tip: { number: tip, hash: hashAt(tip) } });

// From 0, so that turns fall on round beats.
beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

describe('subscriptions', () => {
  it('send each new head to the frame that subscribed, as an EIP-1193 message', async () => {
    const { chain, subscriptions, delivered } = setup();
    await subscriptions.add(newHeads(1, frameOf(1)));
    chain.head = 11;
    await vi.advanceTimersByTimeAsync(POLL_MS.newHeads * 3);
    expect(delivered).toEqual([{ frame: frameOf(1), data: { type: 'eth_subscription', data: { subscription: '0x1', result: { number: '0xb', hash: hashAt(11) } } } }]);
  });

  it('look four times a block, not every 500 ms, on a chain whose blocks were detected to take 12 s', async () => {
    const { chain, subscriptions, heads } = setup(memoryBackend(), async () => true, 12_000);
    await subscriptions.add(newHeads(1, frameOf(1)));
    chain.head = 11;
    await vi.advanceTimersByTimeAsync(12_000);
    expect(heads('0x1')).toEqual([11]);
    // One read a turn: the first after 500 ms, then every 3 s (24 at 500 ms).
    expect(chain.asked).toBeLessThanOrEqual(5);
  });

  it('are watchers on one loop reading the head once a turn (as many as an origin may have), and the loop stops when the last ends', async () => {
    const { chain, loops, subscriptions, heads } = setup();
    const LAST: Hex = `0x${MAX_SUBSCRIPTIONS_PER_ORIGIN.toString(16)}`;
    for (let i = 1; i <= MAX_SUBSCRIPTIONS_PER_ORIGIN; i++) await subscriptions.add(newHeads(i, frameOf(i)));
    expect(loops.running()).toEqual(['0x7a69']);
    chain.asked = 0;
    chain.head = 11;
    await vi.advanceTimersByTimeAsync(POLL_MS.newHeads);
    expect(heads(LAST)).toEqual([11]);
    expect(chain.asked).toBe(1);
    for (let i = 1; i < MAX_SUBSCRIPTIONS_PER_ORIGIN; i++) await subscriptions.remove(ORIGIN, `0x${i.toString(16)}`);
    expect(loops.running()).toEqual(['0x7a69']);
    expect(await subscriptions.remove(ORIGIN, LAST)).toBe(true);
    expect(await subscriptions.remove(ORIGIN, LAST)).toBe(false);
    expect(loops.running()).toEqual([]);
  });

  it('end when their frame goes away, or when a message cannot reach it', async () => {
    const { chain, loops, subscriptions, heads, goneFrames } = setup();
    await subscriptions.add(newHeads(1, frameOf(1, 0)));
    await subscriptions.add(newHeads(2, frameOf(1, 3)));
    await subscriptions.add(newHeads(3, frameOf(2)));
    await subscriptions.frameGone(1, 3);
    chain.head = 11;
    await vi.advanceTimersByTimeAsync(POLL_MS.newHeads);
    expect([heads('0x1'), heads('0x2'), heads('0x3')]).toEqual([[11], [], [11]]);
    await subscriptions.frameGone(1);
    goneFrames.add(2);
    chain.head = 12;
    await vi.advanceTimersByTimeAsync(POLL_MS.newHeads * 2);
    expect([heads('0x1'), heads('0x3')]).toEqual([[11], [11]]);
    expect(loops.running()).toEqual([]);
  });

  it('go on in the next worker from where they were, without repeating a head', async () => {
    const first = setup();
    await first.subscriptions.add(newHeads(1, frameOf(1)));
    first.chain.head = 11;
    await vi.advanceTimersByTimeAsync(POLL_MS.newHeads);
    expect(first.heads('0x1')).toEqual([11]);
    // The worker stops: its timers die with it; session storage stays.
    vi.clearAllTimers();
    const next = setup(first.backend);
    next.chain.head = 12;
    expect(await next.subscriptions.resume()).toBe(1);
    await vi.advanceTimersByTimeAsync(POLL_MS.newHeads * 2);
    expect(next.heads('0x1')).toEqual([12]);
  });

  it('are capped per origin, keep the worker alive while they run, and set the alarm that wakes a stopped one', async () => {
    const { subscriptions, keptAlive, wakes } = setup();
    for (let i = 1; i <= MAX_SUBSCRIPTIONS_PER_ORIGIN; i++) await subscriptions.add(newHeads(i, frameOf(1)));
    await expect(subscriptions.add(newHeads(999, frameOf(1)))).rejects.toMatchObject({ code: -32005 });
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS * 3);
    expect(keptAlive()).toBeGreaterThanOrEqual(3);
    expect(keptAlive()).toBeLessThanOrEqual(4);
    expect(wakes()).toBe(MAX_SUBSCRIPTIONS_PER_ORIGIN);
  });

  it('send nothing and lose nothing when storing fails (a full storage.session): the next turn sends it', async () => {
    const memory = memoryBackend();
    let failWrites = false;
    const backend: StorageBackend = { get: memory.get, set: (items) => (failWrites ? Promise.reject(new Error('QUOTA_BYTES quota exceeded')) : memory.set(items)) };
    const { chain, subscriptions, heads } = setup(backend);
    await subscriptions.add(newHeads(1, frameOf(1)));
    chain.head = 11;
    failWrites = true;
    await vi.advanceTimersByTimeAsync(POLL_MS.newHeads);
    failWrites = false;
    chain.head = 12;
    await vi.advanceTimersByTimeAsync(POLL_MS.newHeads * 2);
    expect(heads('0x1')).toEqual([11, 12]);
  });

  it('send nothing more once eth_unsubscribe answered, even from a turn under way', async () => {
    let release: () => void = () => undefined;
    let first = true;
    const { chain, subscriptions, heads } = setup(memoryBackend(), async () => {
      if (first) await new Promise<void>((resolve) => (release = resolve));
      first = false;
      return true;
    });
    await subscriptions.add(newHeads(1, frameOf(1), 8));
    // Heads 9 and 10 in one turn; the first is on its way when the page unsubscribes.
    chain.head = 10;
    await vi.advanceTimersByTimeAsync(POLL_MS.newHeads);
    expect(await subscriptions.remove(ORIGIN, '0x1')).toBe(true);
    release();
    await vi.advanceTimersByTimeAsync(POLL_MS.newHeads * 2);
    expect(heads('0x1')).toEqual([9]);
  });

  it('pay for what they read from the origin\'s request budget, and keep no growing memory in storage', async () => {
    const logs = Array.from({ length: 1100 }, (_, i) => ({ transactionHash: `0x${i.toString(16).padStart(64, '0')}`, logIndex: '0x0' }));
    let asked = 0;
    const node = (async () => (asked++, logs)) as ChainNode;
    const backend = memoryBackend();
    // A page's budget as budget/requestBudget.ts keeps it: 200 at once, 50 a second.
    let spent = 0;
    const charge = () => spent < 200 + (Date.now() / 1000) * 50 && ++spent > 0;
    const subscriptions = createSubscriptions({
      session: typedStorage(backend, SUBSCRIPTIONS_DEFAULTS),
      loops: createPollLoops(async () => node, { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number), now: () => Date.now() }),
      events: { deliver: async () => true },
      changes: { changesDeps: async () => ({ logsBlockRangeLimit: 2000, ownPending: async () => [] }) },
      keepAlive: async () => undefined,
      scheduleWake: () => undefined,
      budget: { tryCharge: charge },
      blockTimeMs: async () => undefined,
      streams: { urlFor: async () => undefined, connect: () => { throw new Error('no stream'); }, setTimeout: (run, ms) => setTimeout(run, ms) },
      now: () => Date.now(),
    });
    for (let i = 1; i <= MAX_SUBSCRIPTIONS_PER_ORIGIN; i++) {
      await subscriptions.add({ id: `0x${i.toString(16)}`, frame: frameOf(1), chainId: '0x7a69', kind: 'pendingLogs', criteria: { address: `0x${i.toString(16).padStart(40, '0')}` } });
    }
    await vi.advanceTimersByTimeAsync(10_000);
    // Without the budget: 32 subscriptions × 5 turns a second × 10 s = 1,600 reads.
    expect(asked).toBeLessThanOrEqual(200 + 50 * 10);
    expect(JSON.stringify((await backend.get('subscriptions')).subscriptions).length).toBeLessThan(32 * 500);
  });
});
