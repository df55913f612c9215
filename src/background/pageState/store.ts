/**
 * What pages make the wallet keep in storage.session (their filters and subscriptions), one key per record, within a
 * byte budget of its own: PAGE_STATE_BYTES for all sites together and SITE_SHARE_BYTES for one site (a page and its
 * subdomain frames), counted as the JSON written (key included, UTF-8), as Chrome counts its 10 MiB session quota.
 * Past either, the write is refused with -32005 and nothing is written: the rest of the quota stays for the wallet's
 * own state (the unlocked secret, the lock deadline, the approval window), which no page can then make fail.
 */
import { ErrorCode, RpcError } from '../../shared/errors';
import { PAGE_STATE_PREFIX } from '../../shared/workerBookkeeping';
import { utf8Length } from '../storage/bytes';
import type { StorageArea } from '../storage/typedStorage';

/** All pages together: a fifth of Chrome's 10 MiB storage.session quota. */
export const PAGE_STATE_BYTES = 2 * 1024 * 1024;
/** One site: a quarter of that, so that it takes four sites that filled theirs to leave the others no room. */
export const SITE_SHARE_BYTES = 512 * 1024;

/** Every key of this store starts so; nothing else in storage.session does. */
const PREFIX = PAGE_STATE_PREFIX;

/** As stored: the record and the site it counts to. */
interface Stored<T> {
  site: string;
  record: T;
}

export interface PageState {
  /**
   * Keeps `record` under `key` for `site`; -32005 when that would take the site or all pages past their bytes, or
   * when the site has `cap.count` records under `cap.prefix` already (checked in turn with the other writes).
   */
  put(site: string, key: string, record: unknown, cap?: { prefix: string; count: number; refused(): RpcError }): Promise<void>;
  /**
   * Writes `record` over the one under `key`, for the same site, within the same limits; false (nothing written) when it
   * is gone. Past a limit, `shrink` (when given) makes it smaller and it is tried again, until it fits or `shrink`
   * answers undefined.
   */
  replace<T>(key: string, record: T, shrink?: (record: T) => T | undefined): Promise<boolean>;
  get<T>(key: string): Promise<Stored<T> | undefined>;
  /** The records whose key starts with `prefix`. */
  list<T>(prefix: string): Promise<Record<string, Stored<T>>>;
  /** How many records under `prefix` count to `site`. */
  count(prefix: string, site: string): Promise<number>;
  remove(keys: string[]): Promise<void>;
  /** Bytes kept: for `site`, or for all pages. */
  bytes(site?: string): Promise<number>;
}

const sizeOf = (key: string, value: unknown) => utf8Length(key) + utf8Length(JSON.stringify(value));

const kib = (bytes: number) => `${Math.ceil(bytes / 1024)} KiB`;

export function createPageState(area: StorageArea): PageState {
  // The bytes of each record by key, read from storage once per worker.
  let ledger: Promise<Map<string, { site: string; bytes: number }>> | undefined;
  const load = () =>
    (ledger ??= area.get(null).then((all) => {
      const entries = Object.entries(all).filter(([key]) => key.startsWith(PREFIX));
      return new Map(entries.map(([key, value]) => [key, { site: (value as Stored<unknown>).site, bytes: sizeOf(key, value) }]));
    }).catch((error: unknown) => {
      ledger = undefined;
      throw error;
    }));
  // Writes one at a time, so each is checked against what the ones before left.
  let writes: Promise<unknown> = Promise.resolve();
  /** How many writes waiting in turn (or under way) touch each key. */
  const waiting = new Map<string, number>();
  const serially = <T>(keys: string[], write: () => Promise<T>): Promise<T> => {
    for (const key of keys) waiting.set(key, (waiting.get(key) ?? 0) + 1);
    const next = writes.then(write).finally(() => {
      for (const key of keys) if (waiting.set(key, waiting.get(key)! - 1).get(key) === 0) waiting.delete(key);
    });
    writes = next.catch(() => undefined);
    return next;
  };
  const sum = (entries: Iterable<{ site: string; bytes: number }>, site?: string) => {
    let total = 0;
    for (const entry of entries) if (site === undefined || entry.site === site) total += entry.bytes;
    return total;
  };

  /** Writes under the prefixed key unless that takes the site or all pages past their bytes (one write at a time). */
  const write = async (stored: string, site: string, record: unknown) => {
    const value: Stored<unknown> = { site, record };
    const bytes = sizeOf(stored, value);
    const kept = await load();
    const others = [...kept].filter(([k]) => k !== stored).map(([, entry]) => entry);
    const ofSite = sum(others, site) + bytes;
    const all = sum(others) + bytes;
    if (ofSite > SITE_SHARE_BYTES || all > PAGE_STATE_BYTES) {
      const [who, limit] = ofSite > SITE_SHARE_BYTES ? [site, SITE_SHARE_BYTES] : ['All sites', PAGE_STATE_BYTES];
      throw new RpcError(ErrorCode.limitExceeded, `${who} would keep more than ${kib(limit)} of filters and subscriptions in the wallet: uninstall filters or end subscriptions first`);
    }
    await area.set({ [stored]: value });
    kept.set(stored, { site, bytes });
  };

  const count = async (prefix: string, site: string) => [...(await load())].filter(([key, entry]) => key.startsWith(PREFIX + prefix) && entry.site === site).length;

  return {
    put: (site, key, record, cap) =>
      serially([PREFIX + key], async () => {
        if (cap && (await count(cap.prefix, site)) >= cap.count) throw cap.refused();
        await write(PREFIX + key, site, record);
      }),
    async replace(key, record, shrink) {
      // No larger than what is stored: within the limits whatever else was written meanwhile, so it is written without
      // waiting behind the other writes (a subscription's head moving on every block does not hold up the others); the
      // ledger keeps the larger count until the record's next write in turn. A key another write waits for takes its
      // turn too, so that writes of one key land in order (and one removed is not brought back).
      const stored = PREFIX + key;
      const entry = (await load()).get(stored);
      const value: Stored<unknown> = { site: entry?.site ?? '', record };
      if (entry && !waiting.has(stored) && sizeOf(stored, value) <= entry.bytes) {
        await area.set({ [stored]: value });
        return true;
      }
      return serially([stored], async () => {
        const entry = (await load()).get(PREFIX + key);
        if (!entry) return false;
        for (let next: typeof record | undefined = record; ; ) {
          try {
            await write(PREFIX + key, entry.site, next);
            return true;
          } catch (error) {
            next = error instanceof RpcError && error.code === ErrorCode.limitExceeded ? shrink?.(next) : undefined;
            if (next === undefined) throw error;
          }
        }
      });
    },
    async get<T>(key: string) {
      return (await area.get(PREFIX + key))[PREFIX + key] as Stored<T> | undefined;
    },
    async list<T>(prefix: string) {
      const keys = [...(await load()).keys()].filter((key) => key.startsWith(PREFIX + prefix));
      if (keys.length === 0) return {};
      const found = await area.get(keys);
      return Object.fromEntries(Object.entries(found).map(([key, value]) => [key.slice(PREFIX.length), value as Stored<T>]));
    },
    count,
    remove(keys) {
      const stored = keys.map((key) => PREFIX + key);
      return serially(stored, async () => {
        if (keys.length === 0) return;
        const kept = await load();
        await area.remove(stored);
        for (const key of stored) kept.delete(key);
      });
    },
    async bytes(site) {
      return sum((await load()).values(), site);
    },
  };
}
