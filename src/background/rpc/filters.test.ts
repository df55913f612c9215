/**
 * Pending-transaction filters relay a filter of the user's node: whatever becomes of a page's filter (uninstalled,
 * refused, expired), the node's is let go, so a page cannot pile filters up on the user's node.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALARMS } from '../alarms';
import { FILTER_TTL_MS, MAX_FILTERS_PER_SITE } from '../filters/store';
import { alarmsFake, testServices } from '../testing';

/** A node that keeps pending-transaction filters: which ones it holds. */
function nodeWithFilters() {
  const held = new Set<string>();
  let next = 1;
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const { id, method, params } = JSON.parse(init.body as string) as { id: number; method: string; params: string[] };
    const made = `0x${(next++).toString(16)}`;
    const result = method === 'eth_blockNumber' ? '0x10'
      : method === 'eth_newPendingTransactionFilter' ? (held.add(made), made)
        : method === 'eth_uninstallFilter' ? held.delete(params[0])
          : method === 'eth_getFilterChanges' ? []
            : null;
    return new Response(JSON.stringify({ jsonrpc: '2.0', id, result }), { headers: { 'Content-Type': 'application/json' } });
  });
  return held;
}

const PAGE = 'https://dapp.example';
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the node’s pending-transaction filters', () => {
  it('are uninstalled with the page’s filter: making and uninstalling in a loop leaves none on the node', async () => {
    const held = nodeWithFilters();
    const { send } = testServices();
    for (let i = 0; i < 50; i++) {
      const made = await send(PAGE, { method: 'eth_newPendingTransactionFilter' });
      expect(await send(PAGE, { method: 'eth_uninstallFilter', params: [made.result] })).toMatchObject({ result: true });
    }
    await settled();
    expect(held.size).toBe(0);
  });

  it('are not left on the node for a filter the page was refused (its site at the cap)', async () => {
    const held = nodeWithFilters();
    const { send } = testServices();
    for (let i = 0; i < MAX_FILTERS_PER_SITE; i++) expect(await send(PAGE, { method: 'eth_newPendingTransactionFilter' })).toHaveProperty('result');
    for (let i = 0; i < 20; i++) expect(await send(PAGE, { method: 'eth_newPendingTransactionFilter' })).toMatchObject({ error: { code: -32005 } });
    await settled();
    expect(held.size).toBe(MAX_FILTERS_PER_SITE);
  });

  it('are uninstalled when the page’s filter expires unread and is swept', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const held = nodeWithFilters();
    const { send, services } = testServices();
    for (let i = 0; i < 5; i++) await send(PAGE, { method: 'eth_newPendingTransactionFilter' });
    expect(held.size).toBe(5);
    vi.setSystemTime(Date.now() + FILTER_TTL_MS + 1);
    expect(await services.filters.sweep()).toBe(0);
    await settled();
    expect(held.size).toBe(0);
  });
});

describe('the sweep of expired filters', () => {
  it('runs within the minute of the first filter, however often pages make more (making one does not put it off)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    nodeWithFilters();
    const alarms = alarmsFake(Date.now);
    const { send } = testServices(undefined, alarms);
    const first = Date.now();
    for (let i = 0; i < 10; i++) {
      await send(PAGE, { method: 'eth_newBlockFilter' });
      vi.setSystemTime(Date.now() + 30_000);
    }
    await settled();
    expect(alarms.set.get(ALARMS.filters.name)?.scheduledTime).toBeLessThanOrEqual(first + 60_000);
  });
});
