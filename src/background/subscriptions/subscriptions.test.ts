import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { SITE_SHARE_BYTES, createPageState } from '../pageState/store';
import { memoryBackend, type StorageArea } from '../storage/typedStorage';
import type { Frame } from '../transport/frames';
import { createPollLoops } from '../watch/pollLoop';
import { POLL_MS } from './blockPace';
import { DORMANT_AFTER_MS, KEEP_ALIVE_MS } from './dormancy';
import { MAX_SUBSCRIPTIONS_PER_SITE, createSubscriptions } from './subscriptions';
import type { SubscriptionRecord } from './types';

const ORIGIN = 'https://dapp.example';
const SITE = 'dapp.example';
const hashAt = (n: number): Hex => `0x${n.toString(16).padStart(64, '0')}`;
const frameOf = (tabId: number, frameId = 0): Frame => ({ tabId, frameId, origin: ORIGIN });

/** The wallet as the worker builds it, over `backend` (session storage), with a chain whose head the test moves. */
function setup(backend: StorageArea = memoryBackend(), reached: (data: unknown) => Promise<boolean> = async () => true, blockTimeMs?: number) {
  /** `logsPerBlock`: each block's logs, of 1 KB of data each (a busy event's). */
  const chain = { head: 10, asked: 0, logsPerBlock: 0 };
  const node = (async (method: string, params: unknown[] = []) => {
    chain.asked++;
    if (method === 'eth_getLogs') {
      const { fromBlock, toBlock } = params[0] as { fromBlock: Hex; toBlock: Hex };
      return Array.from({ length: Number(toBlock) - Number(fromBlock) + 1 }, (_, b) => Number(fromBlock) + b).flatMap((n) => Array.from({ length: chain.logsPerBlock }, (_, i) => ({
        address: `0x${'11'.repeat(20)}`, topics: [], data: `0x${'ee'.repeat(1000)}`, blockNumber: `0x${n.toString(16)}`, blockHash: hashAt(n),
        transactionHash: hashAt(i), transactionIndex: '0x0', logIndex: `0x${i.toString(16)}`, removed: false,
      })));
    }
    if (method !== 'eth_getBlockByNumber') throw new Error(`unexpected ${method}`);
    const n = params[0] === 'latest' ? chain.head : Number(params[0]);
    return { number: `0x${n.toString(16)}`, hash: hashAt(n) };
  }) as ChainNode;
  const loops = createPollLoops(async () => node, { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number), now: () => Date.now() });
  const delivered: { frame: Frame; data: unknown }[] = [];
  const goneFrames = new Set<number>();
  let keptAlive = 0;
  let wakes = 0;
  /** When each tab was last shown (a tab not listed is shown now). */
  const shownAt = new Map<number, number>();
  const subscriptions = createSubscriptions({
    pages: createPageState(backend),
    loops,
    events: { deliver: async (frame, data) => (goneFrames.has(frame.tabId) ? false : (delivered.push({ frame, data }), reached(data))) },
    changes: { changesDeps: async () => ({ logsBlockRangeLimit: 2000, ownPending: async () => [], withheld: async () => [] }) },
    keepAlive: async () => keptAlive++,
    scheduleWake: () => void wakes++,
    budget: { tryCharge: () => true },
    tabShownAt: async (tabId) => shownAt.get(tabId) ?? Date.now(),
    blockTimeMs: async () => blockTimeMs,
    // No network here has a pre-confirmation stream (preconfStreams.test.ts has them).
    streams: { urlFor: async () => undefined, connect: () => { throw new Error('no stream'); }, setTimeout: (run, ms) => setTimeout(run, ms) },
    now: () => Date.now(),
  });
  const heads = (subscription: Hex) => delivered.filter((d) => (d.data as { data: { subscription: Hex } }).data.subscription === subscription)
    .map((d) => Number(((d.data as { data: { result: { number: Hex } } }).data.result.number)));
  return { chain, loops, subscriptions, delivered, goneFrames, heads, backend, shownAt, keptAlive: () => keptAlive, wakes: () => wakes };
}

const newHeads = (id: number, frame: Frame, tip = 10): SubscriptionRecord => ({ id: `0x${id.toString(16)}`, frame, chainId: '0x7a69', kind: 'newHeads', tip: { number: tip, hash: hashAt(tip) } });

// From 0, so that turns fall on round beats.
beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

describe('subscriptions', () => {
  it('send each new head to the frame that subscribed, as an EIP-1193 message', async () => {
    const { chain, subscriptions, delivered } = setup();
    await subscriptions.add(SITE, newHeads(1, frameOf(1)));
    chain.head = 11;
    await vi.advanceTimersByTimeAsync(POLL_MS.newHeads * 3);
    expect(delivered).toEqual([{ frame: frameOf(1), data: { type: 'eth_subscription', data: { subscription: '0x1', result: { number: '0xb', hash: hashAt(11) } } } }]);
  });

  it('look four times a block, not every 500 ms, on a chain whose blocks were detected to take 12 s', async () => {
    const { chain, subscriptions, heads } = setup(memoryBackend(), async () => true, 12_000);
    await subscriptions.add(SITE, newHeads(1, frameOf(1)));
    chain.head = 11;
    await vi.advanceTimersByTimeAsync(12_000);
    expect(heads('0x1')).toEqual([11]);
    // One read a turn: the first after 500 ms, then every 3 s (24 at 500 ms).
    expect(chain.asked).toBeLessThanOrEqual(5);
  });

  it('are watchers on one loop reading the head once a turn (as many as an origin may have), and the loop stops when the last ends', async () => {
    const { chain, loops, subscriptions, heads } = setup();
    const LAST: Hex = `0x${MAX_SUBSCRIPTIONS_PER_SITE.toString(16)}`;
    for (let i = 1; i <= MAX_SUBSCRIPTIONS_PER_SITE; i++) await subscriptions.add(SITE, newHeads(i, frameOf(i)));
    expect(loops.running()).toEqual(['0x7a69']);
    chain.asked = 0;
    chain.head = 11;
    await vi.advanceTimersByTimeAsync(POLL_MS.newHeads);
    expect(heads(LAST)).toEqual([11]);
    expect(chain.asked).toBe(1);
    for (let i = 1; i < MAX_SUBSCRIPTIONS_PER_SITE; i++) await subscriptions.remove(ORIGIN, `0x${i.toString(16)}`);
    expect(loops.running()).toEqual(['0x7a69']);
    expect(await subscriptions.remove(ORIGIN, LAST)).toBe(true);
    expect(await subscriptions.remove(ORIGIN, LAST)).toBe(false);
    expect(loops.running()).toEqual([]);
  });

  it('end when their frame goes away, or when a message cannot reach it', async () => {
    const { chain, loops, subscriptions, heads, goneFrames } = setup();
    await subscriptions.add(SITE, newHeads(1, frameOf(1, 0)));
    await subscriptions.add(SITE, newHeads(2, frameOf(1, 3)));
    await subscriptions.add(SITE, newHeads(3, frameOf(2)));
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
    await first.subscriptions.add(SITE, newHeads(1, frameOf(1)));
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

  it('are capped per site (a subdomain frame counts to its page\'s), keep the worker alive while they run, and set the alarm that wakes a stopped one', async () => {
    const { subscriptions, keptAlive, wakes } = setup();
    for (let i = 1; i <= MAX_SUBSCRIPTIONS_PER_SITE; i++) await subscriptions.add(SITE, newHeads(i, i % 2 ? frameOf(1) : { tabId: 1, frameId: 2, origin: 'https://sub.dapp.example' }));
    await expect(subscriptions.add(SITE, newHeads(999, { tabId: 1, frameId: 3, origin: 'https://other.dapp.example' }))).rejects.toMatchObject({ code: -32005, message: expect.stringContaining('dapp.example has 32 subscriptions') });
    await expect(subscriptions.add('another.example', newHeads(999, { tabId: 2, frameId: 0, origin: 'https://another.example' }))).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS * 3);
    expect(keptAlive()).toBeGreaterThanOrEqual(3);
    expect(keptAlive()).toBeLessThanOrEqual(4);
    expect(wakes()).toBe(MAX_SUBSCRIPTIONS_PER_SITE + 1);
  });

  it('send nothing and lose nothing when storing fails (a full storage.session): the next turn sends it', async () => {
    const memory = memoryBackend();
    let failWrites = false;
    const backend: StorageArea = { ...memory, set: (items) => (failWrites ? Promise.reject(new Error('QUOTA_BYTES quota exceeded')) : memory.set(items)) };
    const { chain, subscriptions, heads } = setup(backend);
    await subscriptions.add(SITE, newHeads(1, frameOf(1)));
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
    await subscriptions.add(SITE, newHeads(1, frameOf(1), 8));
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
      pages: createPageState(backend),
      loops: createPollLoops(async () => node, { setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number), now: () => Date.now() }),
      events: { deliver: async () => true },
      changes: { changesDeps: async () => ({ logsBlockRangeLimit: 2000, ownPending: async () => [], withheld: async () => [] }) },
      keepAlive: async () => undefined,
      scheduleWake: () => undefined,
      budget: { tryCharge: charge },
      tabShownAt: async () => Date.now(),
      blockTimeMs: async () => undefined,
      streams: { urlFor: async () => undefined, connect: () => { throw new Error('no stream'); }, setTimeout: (run, ms) => setTimeout(run, ms) },
      now: () => Date.now(),
    });
    for (let i = 1; i <= MAX_SUBSCRIPTIONS_PER_SITE; i++) {
      await subscriptions.add(SITE, { id: `0x${i.toString(16)}`, frame: frameOf(1), chainId: '0x7a69', kind: 'pendingLogs', criteria: { address: `0x${i.toString(16).padStart(40, '0')}` } });
    }
    await vi.advanceTimersByTimeAsync(10_000);
    // Without the budget: 32 subscriptions × 5 turns a second × 10 s = 1,600 reads.
    expect(asked).toBeLessThanOrEqual(200 + 50 * 10);
    expect(JSON.stringify(await backend.get(null)).length).toBeLessThan(32 * 500);
  });

  it('are capped per site also when a page makes many at once', async () => {
    const { subscriptions } = setup();
    const made = await Promise.allSettled(Array.from({ length: MAX_SUBSCRIPTIONS_PER_SITE + 8 }, (_, i) => subscriptions.add(SITE, newHeads(i + 1, frameOf(1)))));
    expect(made.filter((m) => m.status === 'fulfilled')).toHaveLength(MAX_SUBSCRIPTIONS_PER_SITE);
  });

  it('of a tab hidden for DORMANT_AFTER_MS stop keeping the worker awake and pause, and go on at the tab\'s next request', async () => {
    const { chain, subscriptions, heads, shownAt, keptAlive, loops } = setup();
    await subscriptions.add(SITE, newHeads(1, frameOf(1)));
    // The tab is hidden from now on.
    shownAt.set(1, Date.now());
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_MS);
    const whileShown = keptAlive();
    expect(whileShown).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(DORMANT_AFTER_MS + 2 * KEEP_ALIVE_MS);
    // Paused: no keep-alive calls, no reads, and a stopped worker is not woken for it (no live subscription).
    expect(keptAlive()).toBeLessThanOrEqual(whileShown + Math.ceil(DORMANT_AFTER_MS / KEEP_ALIVE_MS) + 1);
    expect(loops.running()).toEqual([]);
    expect(await subscriptions.resume()).toBe(0);
    const before = keptAlive();
    chain.head = 11;
    await vi.advanceTimersByTimeAsync(10 * KEEP_ALIVE_MS);
    expect(keptAlive()).toBe(before);
    expect(heads('0x1')).toEqual([]);
    // The page polls again: its subscription goes on from where it was.
    await subscriptions.wake(1);
    await vi.advanceTimersByTimeAsync(POLL_MS.newHeads);
    expect(heads('0x1')).toEqual([11]);
  });

  it('of a hidden tab pause even while another tab\'s subscriptions keep the worker awake', async () => {
    const { chain, subscriptions, heads, shownAt } = setup();
    // Tab 1 stays shown; tab 2 is hidden from now on.
    await subscriptions.add(SITE, newHeads(1, frameOf(1)));
    // Its turns come just after the shown tab's, on a loop of their own.
    await vi.advanceTimersByTimeAsync(100);
    await subscriptions.add('other.example', { ...newHeads(2, { tabId: 2, frameId: 0, origin: 'https://other.example' }), chainId: '0x1' });
    shownAt.set(2, Date.now());
    await vi.advanceTimersByTimeAsync(DORMANT_AFTER_MS + 2 * KEEP_ALIVE_MS);
    chain.head = 11;
    await vi.advanceTimersByTimeAsync(2 * KEEP_ALIVE_MS);
    expect(heads('0x1')).toEqual([11]);
    // The hidden tab's reads nothing, and sends nothing.
    expect(heads('0x2')).toEqual([]);
  });

  it('of logs whose logs kept for a reorganization outgrow their site\'s room keep the newest that fit, and go on sending', async () => {
    const { chain, subscriptions, delivered, backend } = setup();
    chain.logsPerBlock = 40;
    const filter = { id: '0x1' as Hex, origin: ORIGIN, chainId: '0x7a69' as Hex, kind: 'logs' as const, start: 11, next: 11, recent: [], readAt: 0 };
    await subscriptions.add(SITE, { id: '0x1', frame: frameOf(1), chainId: '0x7a69', kind: 'logs', filter });
    // 30 blocks of 40 logs: past 512 KiB within 15 blocks, as a busy token's transfers on Ethereum.
    for (let block = 11; block <= 40; block++) {
      chain.head = block;
      await vi.advanceTimersByTimeAsync(POLL_MS.logs);
    }
    const blocks = delivered.map((d) => Number((d.data as { data: { result: { blockNumber: Hex } } }).data.result.blockNumber));
    expect(new Set(blocks).size).toBe(30);
    expect(blocks.at(-1)).toBe(40);
    expect(JSON.stringify(await backend.get(null)).length).toBeLessThanOrEqual(SITE_SHARE_BYTES);
  });

  it('of a paused tab cost other tabs\' requests nothing: a request reads the stored subscriptions only for its own tab\'s', async () => {
    let reads = 0;
    const area = memoryBackend();
    const { subscriptions, shownAt } = setup({ ...area, get: (keys) => (reads++, area.get(keys)) });
    await subscriptions.add(SITE, newHeads(1, frameOf(2)));
    shownAt.set(2, Date.now());
    await vi.advanceTimersByTimeAsync(DORMANT_AFTER_MS + 2 * KEEP_ALIVE_MS);
    // Tab 2's subscription is paused; another tab's page sends request after request.
    const before = reads;
    for (let i = 0; i < 100; i++) await subscriptions.wake(1);
    expect(reads - before).toBe(0);
  });
});
