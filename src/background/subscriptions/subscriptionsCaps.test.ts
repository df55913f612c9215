/** What subscriptions may cost: a share per site, the origin's request budget, the site's room in storage for logs kept for a reorganization. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { SITE_SHARE_BYTES, createPageState } from '../pageState/store';
import { memoryBackend } from '../storage/typedStorage';
import { createPollLoops } from '../watch/pollLoop';
import { POLL_MS } from './blockPace';
import { KEEP_ALIVE_MS } from './dormancy';
import { MAX_SUBSCRIPTIONS_PER_SITE, createSubscriptions } from './subscriptions';
import { ORIGIN, SITE, frameOf, newHeads, setup } from './subscriptions.fixture';

// From 0, so that turns fall on round beats.
beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

describe('subscriptions', () => {
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
});
