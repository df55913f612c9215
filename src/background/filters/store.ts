/**
 * The filters pages made, each under its own key in session storage (../pageState/): a stopped worker keeps them, a
 * closed browser does not, and reading one rewrites only that one. One read of a filter at a time (a log is reported
 * once even when a page asks twice at once); filters unread for FILTER_TTL_MS are dropped, as nodes drop theirs, by
 * the sweep an alarm runs every minute (../alarms.ts) while any is kept; a site (a page and its subdomain frames) keeps at most
 * MAX_FILTERS_PER_SITE, and what they hold counts to its share of the pages' bytes. A filter dropped, or refused, is
 * handed to `released`, which lets go what it holds on the node.
 */
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { PageState } from '../pageState/store';
import { fewerRecent } from './changes';
import type { FilterRecord } from './types';

export const FILTER_TTL_MS = 5 * 60 * 1000;
export const MAX_FILTERS_PER_SITE = 32;
const PREFIX = 'filter ';
const keyOf = (origin: string, id: string) => `${PREFIX}${origin} ${id}`;

/** As geth says it, so libraries that re-create a lost filter recognise it. */
const notFound = () => new RpcError(ErrorCode.serverError, 'filter not found');

export interface Filters {
  /** A new filter of a page of `site`; -32005 when the site has MAX_FILTERS_PER_SITE or no bytes left. */
  add(site: string, filter: FilterRecord): Promise<void>;
  /** Runs `read` on the origin's filter, one read at a time, and keeps the filter it hands back. */
  read<T>(origin: string, id: Hex, read: (filter: FilterRecord) => Promise<{ filter: FilterRecord; result: T }>): Promise<T>;
  remove(origin: string, id: Hex): Promise<boolean>;
  /** Drops the filters unread for FILTER_TTL_MS; answers how many are left. */
  sweep(): Promise<number>;
}

export interface FiltersDeps {
  pages: PageState;
  now(): number;
  /** Sets the sweep's alarm, unless it is set. */
  scheduleSweep(): void;
  /** A filter is gone (uninstalled, expired, refused at add, or uninstalled while read): its node filter is let go. */
  released(filter: FilterRecord): void;
}

export function createFilters({ pages, now, scheduleSweep, released }: FiltersDeps): Filters {
  const reading = new Map<string, Promise<unknown>>();
  const alive = (filter: FilterRecord) => now() - filter.readAt < FILTER_TTL_MS;
  return {
    async add(site, filter) {
      const refused = () => new RpcError(ErrorCode.limitExceeded, `${site} has ${MAX_FILTERS_PER_SITE} filters already (its subdomains' count too): uninstall one (eth_uninstallFilter) first`);
      // Expired ones do not count.
      if ((await pages.count(PREFIX, site)) >= MAX_FILTERS_PER_SITE) await this.sweep();
      await pages.put(site, keyOf(filter.origin, filter.id), filter, { prefix: PREFIX, count: MAX_FILTERS_PER_SITE, refused }).catch((error: unknown) => {
        released(filter);
        throw error;
      });
      scheduleSweep();
    },
    read(origin, id, read) {
      const key = keyOf(origin, id.toLowerCase());
      const run = (reading.get(key) ?? Promise.resolve()).catch(() => undefined).then(async () => {
        const filter = (await pages.get<FilterRecord>(key))?.record;
        if (!filter || !alive(filter)) throw notFound();
        const { filter: after, result } = await read(filter);
        // Uninstalled meanwhile: nothing is kept, and a node filter made again by this read is let go too.
        if (!(await pages.replace(key, { ...after, readAt: now() }, fewerRecent)) && after.nodeFilter !== filter.nodeFilter) released(after);
        return result;
      });
      reading.set(key, run);
      void run.finally(() => (reading.get(key) === run ? reading.delete(key) : undefined)).catch(() => undefined);
      return run;
    },
    async remove(origin, id) {
      const key = keyOf(origin, id.toLowerCase());
      const filter = (await pages.get<FilterRecord>(key))?.record;
      await pages.remove([key]);
      if (filter) released(filter);
      return filter !== undefined && alive(filter);
    },
    async sweep() {
      const all = Object.entries(await pages.list<FilterRecord>(PREFIX));
      const expired = all.filter(([, { record }]) => !alive(record));
      await pages.remove(expired.map(([key]) => key));
      for (const [, { record }] of expired) released(record);
      return all.length - expired.length;
    },
  };
}
