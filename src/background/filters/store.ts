/**
 * The filters pages made, per origin, in session storage: a stopped worker keeps them, a closed browser does not. One
 * read of a filter at a time (a log is reported once even when a page asks twice at once); filters unread for
 * FILTER_TTL_MS are dropped, as nodes drop theirs; an origin keeps at most MAX_FILTERS_PER_ORIGIN.
 */
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { TypedStorage } from '../storage/typedStorage';
import type { FilterRecord, FiltersSlice } from './types';

export const FILTER_TTL_MS = 5 * 60 * 1000;
export const MAX_FILTERS_PER_ORIGIN = 32;

const keyOf = (origin: string, id: string) => `${origin} ${id}`;

/** As geth says it, so libraries that re-create a lost filter recognise it. */
const notFound = () => new RpcError(ErrorCode.serverError, 'filter not found');

export interface Filters {
  add(filter: FilterRecord): Promise<void>;
  /** Runs `read` on the origin's filter, one read at a time, and keeps the filter it hands back. */
  read<T>(origin: string, id: Hex, read: (filter: FilterRecord) => Promise<{ filter: FilterRecord; result: T }>): Promise<T>;
  remove(origin: string, id: Hex): Promise<boolean>;
}

export function createFilters(session: TypedStorage<FiltersSlice>, now: () => number): Filters {
  const reading = new Map<string, Promise<unknown>>();
  const alive = (filter: FilterRecord) => now() - filter.readAt < FILTER_TTL_MS;
  const pruned = (all: Record<string, FilterRecord>) => Object.fromEntries(Object.entries(all).filter(([, f]) => alive(f)));
  return {
    async add(filter) {
      await session.update('filters', (all) => {
        const kept = pruned(all);
        if (Object.values(kept).filter((f) => f.origin === filter.origin).length >= MAX_FILTERS_PER_ORIGIN) {
          throw new RpcError(ErrorCode.limitExceeded, `${filter.origin} has ${MAX_FILTERS_PER_ORIGIN} filters already: uninstall one (eth_uninstallFilter) first`);
        }
        return { ...kept, [keyOf(filter.origin, filter.id)]: filter };
      });
    },
    read(origin, id, read) {
      const key = keyOf(origin, id.toLowerCase());
      const run = (reading.get(key) ?? Promise.resolve()).catch(() => undefined).then(async () => {
        const filter = (await session.get('filters'))[key];
        if (!filter || !alive(filter)) throw notFound();
        const { filter: after, result } = await read(filter);
        await session.update('filters', (all) => (all[key] ? { ...all, [key]: { ...after, readAt: now() } } : all));
        return result;
      });
      reading.set(key, run);
      void run.finally(() => (reading.get(key) === run ? reading.delete(key) : undefined)).catch(() => undefined);
      return run;
    },
    async remove(origin, id) {
      const key = keyOf(origin, id.toLowerCase());
      let found = false;
      await session.update('filters', (all) => {
        found = key in all && alive(all[key]);
        const { [key]: _gone, ...rest } = all;
        return pruned(rest);
      });
      return found;
    },
  };
}
