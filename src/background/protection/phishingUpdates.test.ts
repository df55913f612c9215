import { describe, expect, it, vi } from 'vitest';
import { phishingVerdict } from './phishingList';
import { REFRESH_AFTER_MS, createPhishingUpdates, memoryPhishingListStore, parsePhishingList, phishingListUrl, type PhishingListStore } from './phishingUpdates';
import { readShippedList } from './testing';

const URL = 'https://lists.example/config.json';
const LIST = { version: 2, tolerance: 2, fuzzylist: [], whitelist: ['fresh-allowed.example', 'azukishop.live'], blacklist: ['fresh-phish.example'] };

/** A server that answers `body` (or fails) and counts what it was asked. */
function server(body: () => Response | Promise<Response>) {
  const asked: string[] = [];
  const fetchList = (async (url: string) => {
    asked.push(url);
    return body();
  }) as typeof fetch;
  return { asked, fetchList };
}

/** As the worker makes it, reading the release's copy as the build ships it. */
const updatesWith = (store: PhishingListStore, fetchList: typeof fetch, now?: () => number) =>
  createPhishingUpdates({ store, readShipped: readShippedList, extraListed: [], fetchList, ...(now ? { now } : {}) });

describe('the phishing list’s updates', () => {
  it('adds the hosts a fetched copy lists; the bundled list stays listed whatever the copy allows', async () => {
    const { fetchList } = server(() => new Response(JSON.stringify(LIST)));
    const updates = updatesWith(memoryPhishingListStore(), fetchList);
    expect(phishingVerdict('fresh-phish.example', await updates.lists())).toBeUndefined();
    await updates.refresh(URL);
    const fetched = await updates.lists();
    expect(phishingVerdict('fresh-phish.example', fetched)).toEqual({ kind: 'listed' });
    expect(phishingVerdict('login.fresh-phish.example', fetched)).toEqual({ kind: 'listed' });
    expect(phishingVerdict('azukishop.live', fetched)).toEqual({ kind: 'listed' });
  });

  it('asks at most once a day, fetched or not, and keeps the copy across worker starts', async () => {
    let clock = 1_000_000;
    const store = memoryPhishingListStore();
    const { asked, fetchList } = server(() => new Response(JSON.stringify(LIST)));
    await updatesWith(store, fetchList, () => clock).refresh(URL);
    const restarted = updatesWith(store, fetchList, () => clock);
    await restarted.refresh(URL);
    expect(asked).toHaveLength(1);
    expect(phishingVerdict('fresh-phish.example', await restarted.lists())).toEqual({ kind: 'listed' });
    clock += REFRESH_AFTER_MS;
    await restarted.refresh(URL);
    expect(asked).toHaveLength(2);
  });

  it('keeps an earlier copy in the store when a later day\'s fetch fails, for the next worker start', async () => {
    let clock = 1_000_000;
    let up = true;
    const store = memoryPhishingListStore();
    const { fetchList } = server(() => (up ? new Response(JSON.stringify(LIST)) : Promise.reject(new TypeError('Failed to fetch'))));
    const updates = updatesWith(store, fetchList, () => clock);
    await updates.refresh(URL);
    clock += REFRESH_AFTER_MS;
    up = false;
    await updates.refresh(URL);
    expect(store.saved?.attemptedAt).toBe(clock);
    expect(phishingVerdict('fresh-phish.example', await updatesWith(store, fetchList, () => clock).lists())).toEqual({ kind: 'listed' });
  });

  it('keeps what it has when the answer is not a list, too large, an HTTP error or no answer', async () => {
    const answers = [
      () => new Response('<html>'),
      () => new Response(JSON.stringify({ ...LIST, blacklist: ['Not A Host!'] })),
      () => new Response('x', { headers: { 'content-length': String(64 * 1024 * 1024) } }),
      () => new Response('{}', { status: 500 }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ];
    for (const answer of answers) {
      const store = memoryPhishingListStore();
      const updates = updatesWith(store, server(answer).fetchList);
      await updates.refresh(URL);
      expect((await updates.lists()).fetched).toBeUndefined();
      expect(store.saved?.fetched).toBeUndefined();
      expect(store.saved?.attemptedAt).toBeGreaterThan(0);
    }
  });

  it('reads eth-phishing-detect’s config.json and says why anything else is not one', () => {
    expect(parsePhishingList(JSON.stringify(LIST))).toEqual({ tolerance: 2, fuzzylist: [], whitelist: LIST.whitelist, blacklist: LIST.blacklist });
    expect(parsePhishingList('[')).toBe('not JSON');
    expect(parsePhishingList(JSON.stringify({ ...LIST, tolerance: 9 }))).toMatch(/tolerance/);
    expect(parsePhishingList(JSON.stringify({ ...LIST, whitelist: 'x' }))).toMatch(/whitelist/);
  });

  it('reads the release\'s copy from the extension\'s file once; an unreadable one leaves the fetched copy to decide', async () => {
    let reads = 0;
    const updates = createPhishingUpdates({ store: memoryPhishingListStore(), readShipped: () => (reads++, readShippedList()), extraListed: ['listed.localhost'], fetchList: server(() => new Response(JSON.stringify(LIST))).fetchList });
    expect(phishingVerdict('azukishop.live', await updates.lists())).toEqual({ kind: 'listed' });
    expect(phishingVerdict('listed.localhost', await updates.lists())).toEqual({ kind: 'listed' });
    expect(reads).toBe(1);
    const unreadable = createPhishingUpdates({ store: memoryPhishingListStore(), readShipped: async () => '<html>', extraListed: [], fetchList: server(() => new Response(JSON.stringify(LIST))).fetchList });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(phishingVerdict('azukishop.live', await unreadable.lists())).toBeUndefined();
    await unreadable.refresh(URL);
    expect(phishingVerdict('fresh-phish.example', await unreadable.lists())).toEqual({ kind: 'listed' });
  });

  it('waits for a refresh under way before answering, so a request right after the start sees the new copy', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const updates = updatesWith(memoryPhishingListStore(), server(async () => (await held, new Response(JSON.stringify(LIST)))).fetchList);
    void updates.refresh(URL);
    const asked = updates.lists();
    release();
    expect(phishingVerdict('fresh-phish.example', await asked)).toEqual({ kind: 'listed' });
  });
});

describe('the release\'s copy', () => {
  it('reads the release\'s list again after a failed read, rather than letting its sites through for the worker\'s life', async () => {
    let reads = 0;
    const readShipped = () => (reads++ === 0 ? Promise.reject(new Error('Failed to fetch')) : readShippedList());
    const updates = createPhishingUpdates({ store: memoryPhishingListStore(), readShipped, extraListed: [], fetchList: async () => { throw new Error('offline'); } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await updates.lists();
    // The file is readable again (the failure was transient): the listed site must be listed.
    expect(phishingVerdict('azukishop.live', await updates.lists())).toEqual({ kind: 'listed' });
  });
});

describe('the list’s URL', () => {
  it('is the setting when https (or on this machine in the devnet build), else eth-phishing-detect’s', () => {
    expect(phishingListUrl('https://lists.example/config.json', false)).toBe('https://lists.example/config.json');
    expect(phishingListUrl(undefined, false)).toBe('https://raw.githubusercontent.com/MetaMask/eth-phishing-detect/main/src/config.json');
    expect(phishingListUrl('http://lists.example/config.json', false)).toMatch(/^https:\/\/raw\.githubusercontent\.com/);
    expect(phishingListUrl('http://127.0.0.1:4173/phishing-list.json', false)).toMatch(/^https:\/\/raw\.githubusercontent\.com/);
    expect(phishingListUrl('http://127.0.0.1:9999/list.json', true)).toBe('http://127.0.0.1:9999/list.json');
    expect(phishingListUrl(undefined, true)).toBe('http://127.0.0.1:4173/phishing-list.json');
  });
});
