import { describe, expect, it } from 'vitest';
import { createPageState } from '../pageState/store';
import { memoryBackend, type StorageArea } from '../storage/typedStorage';
import { FILTER_TTL_MS, MAX_FILTERS_PER_SITE, createFilters } from './store';
import type { FilterRecord } from './types';

const A = 'https://a.example';
const SITE = 'a.example';
const filter = (id: string, origin = A): FilterRecord => ({ id: id as `0x${string}`, origin, chainId: '0x7a69', kind: 'blocks', start: 1, next: 1, recent: [], readAt: 0 });

function setup(area: StorageArea = memoryBackend()) {
  let clock = 0;
  let sweeps = 0;
  const make = (now: () => number) => createFilters({ pages: createPageState(area), now, scheduleSweep: () => void sweeps++ });
  return { area, make, filters: make(() => clock), tick: (ms: number) => void (clock += ms), sweeps: () => sweeps };
}

/** What a storage area was asked to write. */
function recording() {
  const area = memoryBackend();
  const writes: Record<string, unknown>[] = [];
  return { writes, area: { ...area, set: (items: Record<string, unknown>) => (writes.push(items), area.set(items)) } satisfies StorageArea };
}

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

  it('expired ones are dropped by the sweep (FILTERS_ALARM), without any other filter being added', async () => {
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
});
