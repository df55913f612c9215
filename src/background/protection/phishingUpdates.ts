/**
 * The phishing lists a verdict reads: the release's copy, read from the extension's own file when first asked, and a
 * newer copy fetched at most daily from a URL (a setting; by default the list's own repository), checked before use,
 * kept in the extension's IndexedDB (out of pages' reach) and used beside the release's, which stays the fallback and
 * which the fetched one can only add to (./phishingList.ts).
 */
import { hostListsOf, shippedListsOf, type HostLists, type PhishingConfig, type PhishingLists } from './phishingList';

/** Where eth-phishing-detect publishes the list (the devnet build asks the demo dapp's server, so tests stay offline). */
const defaultUrl = (devnetBuild: boolean): string =>
  devnetBuild ? 'http://127.0.0.1:4173/phishing-list.json' : 'https://raw.githubusercontent.com/MetaMask/eth-phishing-detect/main/src/config.json';

/** The URL the settings name when it is https (or, in the devnet build, on this machine), else the default. */
export function phishingListUrl(setting: string | undefined, devnetBuild: boolean): string {
  try {
    const url = new URL(setting ?? '');
    const local = url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
    if (url.protocol === 'https:' || (devnetBuild && local)) return url.href;
  } catch {
    // Not a URL: the default.
  }
  return defaultUrl(devnetBuild);
}

export const REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 10_000;
/** The list is about 0.4 MB today. */
const MAX_LIST_BYTES = 8 * 1024 * 1024;
const HOST = /^[a-z0-9._*-]{1,253}$/;

export interface StoredPhishingList {
  /** The last time a copy was asked for, fetched or not: at most one try a day. */
  attemptedAt: number;
  fetched?: { at: number; url: string; list: PhishingConfig };
}

export interface PhishingListStore {
  load(): Promise<StoredPhishingList | null>;
  save(stored: StoredPhishingList): Promise<void>;
}

/** The file the build copies eth-phishing-detect's config.json to, in the extension. */
export const SHIPPED_LIST_FILE = 'phishing-list.json';

export interface PhishingUpdates {
  /** The release's copy and the fetched one, if there is one (waits for a refresh under way, bounded by its timeout). */
  lists(): Promise<PhishingLists>;
  /** Asks `url` for a newer copy when the last try is a day old; a failure keeps what there is. */
  refresh(url: string): Promise<void>;
}

/** The list as eth-phishing-detect's config.json has it, or why it is not one. */
export function parsePhishingList(text: string): PhishingConfig | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  if (typeof value !== 'object' || value === null) return 'not an object';
  const { tolerance, fuzzylist, whitelist, blacklist } = value as Record<string, unknown>;
  if (!Number.isInteger(tolerance) || (tolerance as number) < 0 || (tolerance as number) > 5) return 'tolerance must be a whole number from 0 to 5';
  const hosts = (list: unknown, name: string): string[] | string =>
    Array.isArray(list) && list.every((h) => typeof h === 'string' && HOST.test(h)) ? (list as string[]) : `${name} must be a list of lowercase host names`;
  const lists = [hosts(fuzzylist, 'fuzzylist'), hosts(whitelist, 'whitelist'), hosts(blacklist, 'blacklist')];
  const bad = lists.find((l) => typeof l === 'string');
  if (typeof bad === 'string') return bad;
  const [fuzzy, allowed, blocked] = lists as string[][];
  return { tolerance: tolerance as number, fuzzylist: fuzzy, whitelist: allowed, blacklist: blocked };
}

async function download(url: string, fetchList: typeof fetch): Promise<PhishingConfig> {
  const response = await fetchList(url, { credentials: 'omit', cache: 'no-store', redirect: 'follow', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  if (Number(response.headers.get('content-length') ?? 0) > MAX_LIST_BYTES) throw new Error('too large');
  const text = await response.text();
  if (text.length > MAX_LIST_BYTES) throw new Error('too large');
  const list = parsePhishingList(text);
  if (typeof list === 'string') throw new Error(list);
  return list;
}

export interface PhishingUpdatesDeps {
  store: PhishingListStore;
  /** The release's copy (SHIPPED_LIST_FILE), as text. */
  readShipped(): Promise<string>;
  /** Hosts the devnet build lists beside the release's. */
  extraListed: string[];
  fetchList?: typeof fetch;
  now?: () => number;
}

/** The release's copy, or why it could not be read. */
async function shipped(deps: PhishingUpdatesDeps): Promise<Omit<PhishingLists, 'fetched'> | string> {
  const list = await deps.readShipped().then(parsePhishingList, (error: Error) => error.message);
  return typeof list === 'string' ? list : shippedListsOf(list, deps.extraListed);
}

/** What a check reads while the release's copy cannot be: only the fetched copy and the devnet's hosts. */
const withoutRelease = (extraListed: string[]) => shippedListsOf({ tolerance: 0, fuzzylist: [], whitelist: [], blacklist: [] }, extraListed);

export function createPhishingUpdates(deps: PhishingUpdatesDeps): PhishingUpdates {
  const { store, fetchList = (...args) => fetch(...args), now = Date.now } = deps;
  let release: Promise<Omit<PhishingLists, 'fetched'> | string> | undefined;
  /** When a copy was last asked for; the fetched list itself is kept only as `current` (its parsed arrays would double it). */
  let attempted: Promise<number | undefined> | undefined;
  let current: HostLists | undefined;
  let refreshing: Promise<void> = Promise.resolve();
  const load = () =>
    (attempted ??= store.load().then(
      (stored) => {
        if (stored?.fetched) current = hostListsOf(stored.fetched.list);
        return stored?.attemptedAt;
      },
      () => undefined,
    ));
  return {
    async lists() {
      const [read] = await Promise.all([(release ??= shipped(deps)), load()]);
      await refreshing;
      // A failed read is tried again at the next check rather than kept for the worker's life.
      if (typeof read === 'string') {
        release = undefined;
        console.error(`[phishing] the release's list is unreadable: ${read}`);
      }
      const lists = typeof read === 'string' ? withoutRelease(deps.extraListed) : read;
      return current ? { ...lists, fetched: current } : lists;
    },
    refresh(url) {
      refreshing = refreshing.then(async () => {
        const last = await load();
        if (last !== undefined && now() - last < REFRESH_AFTER_MS) return;
        const attemptedAt = now();
        attempted = Promise.resolve(attemptedAt);
        let saved: StoredPhishingList;
        try {
          const list = await download(url, fetchList);
          saved = { attemptedAt, fetched: { at: now(), url, list } };
          current = hostListsOf(list);
        } catch {
          // Offline, refused or not a list: the bundled copy (and an earlier fetched one, still in the store) stays in use.
          saved = { ...(await store.load().catch(() => null)), attemptedAt };
        }
        await store.save(saved).catch(() => undefined);
      });
      return refreshing;
    },
  };
}

/** A store in memory, for unit tests. */
export function memoryPhishingListStore(): PhishingListStore & { saved: StoredPhishingList | null } {
  const memory = {
    saved: null as StoredPhishingList | null,
    load: async () => structuredClone(memory.saved),
    save: async (stored: StoredPhishingList) => void (memory.saved = structuredClone(stored)),
  };
  return memory;
}
