import { describe, expect, it } from 'vitest';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { FILTER_TTL_MS, MAX_FILTERS_PER_ORIGIN, createFilters } from './store';
import { FILTERS_DEFAULTS, type FilterRecord } from './types';

const A = 'https://a.example';
const filter = (id: string, origin = A): FilterRecord => ({ id: id as `0x${string}`, origin, chainId: '0x7a69', kind: 'blocks', start: 1, next: 1, recent: [], readAt: 0 });

function setup() {
  let clock = 0;
  const session = typedStorage(memoryBackend(), FILTERS_DEFAULTS);
  return { session, filters: createFilters(session, () => clock), tick: (ms: number) => void (clock += ms) };
}

describe('the filters pages made', () => {
  it('are the origin’s own: another site’s id is not found, and uninstalling answers whether there was one', async () => {
    const { filters } = setup();
    await filters.add(filter('0x1'));
    await expect(filters.read('https://b.example', '0x1', async (f) => ({ filter: f, result: 1 }))).rejects.toMatchObject({ code: -32000, message: 'filter not found' });
    expect(await filters.read(A, '0x1', async (f) => ({ filter: f, result: 1 }))).toBe(1);
    expect(await filters.remove('https://b.example', '0x1')).toBe(false);
    expect(await filters.remove(A, '0x1')).toBe(true);
    expect(await filters.remove(A, '0x1')).toBe(false);
  });

  it('survive a worker stop (kept in session storage), and are gone once unread for FILTER_TTL_MS', async () => {
    const { session, filters, tick } = setup();
    await filters.add(filter('0x1'));
    const restarted = createFilters(session, () => FILTER_TTL_MS - 1);
    expect(await restarted.read(A, '0x1', async (f) => ({ filter: { ...f, next: 5 }, result: 'read' }))).toBe('read');
    expect((await session.get('filters'))[`${A} 0x1`]).toMatchObject({ next: 5, readAt: FILTER_TTL_MS - 1 });
    tick(2 * FILTER_TTL_MS);
    await expect(filters.read(A, '0x1', async (f) => ({ filter: f, result: 1 }))).rejects.toMatchObject({ message: 'filter not found' });
  });

  it('are read one at a time, each read seeing what the one before kept', async () => {
    const { filters } = setup();
    await filters.add(filter('0x1'));
    const reads = await Promise.all([1, 2, 3].map(() => filters.read(A, '0x1', async (f) => ({ filter: { ...f, next: f.next + 1 }, result: f.next }))));
    expect(reads).toEqual([1, 2, 3]);
  });

  it('are capped per origin (-32005), other sites unaffected', async () => {
    const { filters } = setup();
    for (let i = 0; i < MAX_FILTERS_PER_ORIGIN; i++) await filters.add(filter(`0x${i + 1}`));
    await expect(filters.add(filter('0xff'))).rejects.toMatchObject({ code: -32005 });
    await expect(filters.add(filter('0xff', 'https://b.example'))).resolves.toBeUndefined();
  });
});
