/** eth_subscribe's subscriptions deliver: each head once to the frame that subscribed, at the chain's pace, across a worker restart, until unsubscribed or the frame is gone. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import { memoryBackend, type StorageArea } from '../storage/typedStorage';
import { POLL_MS } from './blockPace';
import { MAX_SUBSCRIPTIONS_PER_SITE } from './subscriptions';
import { ORIGIN, SITE, frameOf, hashAt, newHeads, setup } from './subscriptions.fixture';

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
});
