/** Subscriptions of a hidden tab pause, and stop keeping the worker awake, until the tab's next request; a paused tab costs other tabs nothing. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryBackend } from '../storage/typedStorage';
import { POLL_MS } from './blockPace';
import { DORMANT_AFTER_MS, KEEP_ALIVE_MS } from './dormancy';
import { SITE, frameOf, newHeads, setup } from './subscriptions.fixture';

// From 0, so that turns fall on round beats.
beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

describe('subscriptions', () => {
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
