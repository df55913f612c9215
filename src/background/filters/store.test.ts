import { describe, expect, it } from 'vitest';
import { SITE_SHARE_BYTES, createPageState } from '../pageState/store';
import { memoryBackend, type StorageArea } from '../storage/typedStorage';
import { FILTER_TTL_MS, MAX_FILTERS_PER_SITE, createFilters } from './store';
import type { FilterLog, FilterRecord } from './types';

const A = 'https://a.example';
const SITE = 'a.example';
const filter = (id: string, origin = A): FilterRecord => ({ id: id as `0x${string}`, origin, chainId: '0x7a69', kind: 'blocks', start: 1, next: 1, recent: [], readAt: 0 });

function setup(area: StorageArea = memoryBackend()) {
  let clock = 0;
  let sweeps = 0;
  const make = (now: () => number) => createFilters({ pages: createPageState(area), now, scheduleSweep: () => void sweeps++, released: () => undefined });
  return { area, make, filters: make(() => clock), tick: (ms: number) => void (clock += ms), sweeps: () => sweeps };
}

/** What a storage area was asked to write. */
function recording() {
  const area = memoryBackend();
  const writes: Record<string, unknown>[] = [];
  return { writes, area: { ...area, set: (items: Record<string, unknown>) => (writes.push(items), area.set(items)) } satisfies StorageArea };
}

/** `count` logs of block `block`, each with 1 KB of data (a busy token's transfers are smaller, and many more). */
const logsOf = (block: number, count: number): FilterLog[] => Array.from({ length: count }, (_, i) => ({
  address: `0x${'11'.repeat(20)}`, topics: [], data: `0x${'ee'.repeat(1000)}`, blockNumber: `0x${block.toString(16)}`, blockHash: `0x${block.toString(16).padStart(64, '0')}`,
  transactionHash: `0x${i.toString(16).padStart(64, '0')}`, transactionIndex: '0x0', logIndex: `0x${i.toString(16)}`, removed: false,
}));

describe('the filters pages made', () => {
  it('are the origin’s own: another site’s id is not found, and uninstalling answers whether there was one', async () => {
    const { filters } = setup();
    await filters.add(SITE, filter('0x1'));
    await expect(filters.read('https://b.example', '0x1', async (f) => ({ filter: f, result: 1 }))).rejects.toMatchObject({ code: -32000, message: 'filter not found' });
    expect(await filters.read(A, '0x1', async (f) => ({ filter: f, result: 1 }))).toBe(1);
    expect(await filters.remove('https://b.example', '0x1')).toBe(false);
    expect(await filters.remove(A, '0x1')).toBe(true);
    expect(await filters.remove(A, '0x1')).toBe(false);
  });

  it('survive a worker stop (kept in session storage), and are gone once unread for FILTER_TTL_MS', async () => {
    const { make, filters, tick } = setup();
    await filters.add(SITE, filter('0x1'));
    const restarted = make(() => FILTER_TTL_MS - 1);
    expect(await restarted.read(A, '0x1', async (f) => ({ filter: { ...f, next: 5 }, result: 'read' }))).toBe('read');
    expect(await make(() => FILTER_TTL_MS - 1).read(A, '0x1', async (f) => ({ filter: f, result: [f.next, f.readAt] }))).toEqual([5, FILTER_TTL_MS - 1]);
    tick(2 * FILTER_TTL_MS);
    await expect(filters.read(A, '0x1', async (f) => ({ filter: f, result: 1 }))).rejects.toMatchObject({ message: 'filter not found' });
  });

  it('are read one at a time, each read seeing what the one before kept', async () => {
    const { filters } = setup();
    await filters.add(SITE, filter('0x1'));
    const reads = await Promise.all([1, 2, 3].map(() => filters.read(A, '0x1', async (f) => ({ filter: { ...f, next: f.next + 1 }, result: f.next }))));
    expect(reads).toEqual([1, 2, 3]);
  });

  it('are capped per site (-32005): a subdomain frame counts to its page’s site, other sites are unaffected', async () => {
    const { filters } = setup();
    for (let i = 0; i < MAX_FILTERS_PER_SITE / 2; i++) await filters.add(SITE, filter(`0x${i + 1}`));
    for (let i = MAX_FILTERS_PER_SITE / 2; i < MAX_FILTERS_PER_SITE; i++) await filters.add(SITE, filter(`0x${i + 1}`, 'https://sub.a.example'));
    await expect(filters.add(SITE, filter('0xff', 'https://other.a.example'))).rejects.toMatchObject({ code: -32005, message: expect.stringContaining('a.example has 32 filters') });
    await expect(filters.add('b.example', filter('0xff', 'https://b.example'))).resolves.toBeUndefined();
  });

  it('are capped per site also when a page makes many at once', async () => {
    const { filters } = setup();
    const made = await Promise.allSettled(Array.from({ length: MAX_FILTERS_PER_SITE + 8 }, (_, i) => filters.add(SITE, filter(`0x${i + 1}`))));
    expect(made.filter((m) => m.status === 'fulfilled')).toHaveLength(MAX_FILTERS_PER_SITE);
  });

  it('are written one per key: reading one rewrites only that one', async () => {
    const { writes, area } = recording();
    const { filters } = setup(area);
    for (let i = 0; i < 10; i++) await filters.add(SITE, filter(`0x${i + 1}`));
    writes.length = 0;
    await filters.read(A, '0x3', async (f) => ({ filter: { ...f, next: 9 }, result: null }));
    expect(writes.map((items) => Object.keys(items))).toEqual([[`page filter ${A} 0x3`]]);
  });

  it('expired ones are dropped by the sweep (its alarm), without any other filter being added', async () => {
    const { area, filters, tick, sweeps } = setup();
    await filters.add(SITE, filter('0x1'));
    expect(sweeps()).toBe(1);
    tick(FILTER_TTL_MS / 2);
    await filters.read(A, '0x1', async (f) => ({ filter: f, result: null }));
    await filters.add(SITE, filter('0x2'));
    tick(FILTER_TTL_MS / 2 + 1);
    expect(await filters.sweep()).toBe(1);
    expect(Object.keys(await area.get(null))).toEqual([`page filter ${A} 0x1`]);
    tick(FILTER_TTL_MS);
    expect(await filters.sweep()).toBe(0);
    expect(await area.get(null)).toEqual({});
  });

  it('whose logs kept for a reorganization outgrow their site\'s room keep the newest that fit, and go on being read', async () => {
    const { area, filters } = setup();
    await filters.add(SITE, { ...filter('0x1'), kind: 'logs' });
    // A busy event: 40 logs a block, all kept for REORG_DEPTH blocks, past 512 KiB within 15 blocks.
    for (let block = 1; block <= 30; block++) {
      const read = filters.read(A, '0x1', async (f) => ({ filter: { ...f, next: block + 1, recent: [...f.recent, ...logsOf(block, 40)] }, result: block }));
      await expect(read).resolves.toBe(block);
    }
    const kept = (await filters.read(A, '0x1', async (f) => ({ filter: f, result: f }))).recent;
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.at(-1)).toEqual(logsOf(30, 40).at(-1));
    expect(JSON.stringify(await area.get(null)).length).toBeLessThanOrEqual(SITE_SHARE_BYTES);
  });
});
