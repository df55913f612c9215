/** The batch store's single-record reads: `get` refuses a record the wallet did not write as it stands, `own` ignores it, `stored` shows it. */
import { describe, expect, it } from 'vitest';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage, type StorageBackend } from '../storage/typedStorage';
import { createBatchStore, isBatchAltered } from './store';
import { BATCHES_DEFAULTS, type BatchRecord } from './types';

const SITE = 'https://a.example';
const KEY = `${SITE} x`;
const ATTACKER = '0x00000000000000000000000000000000000000ee';

const batch = (id: string): BatchRecord => ({
  id, origin: SITE, chainId: '0x7a69', from: '0x00000000000000000000000000000000000000aa', atomic: false, upgrade: false,
  calls: [{ to: '0x00000000000000000000000000000000000000bb', value: '0x1', data: '0x' }], gasLimits: ['0x5208'], state: 'approved', transactions: [], createdAt: 1,
});

async function storeWithX() {
  const local = typedStorage(memoryBackend(), BATCHES_DEFAULTS);
  const store = createBatchStore(local, createSealer(memoryKeyStore()));
  await store.add(batch('x'));
  const put = (record: unknown) => local.update('batches', (all) => ({ ...all, [KEY]: record as BatchRecord }));
  return { local, store, put };
}

/** What each read makes of the record under the key: the record, none, or `batchAltered`. */
async function reads(store: Awaited<ReturnType<typeof storeWithX>>['store']) {
  const got = await store.get(SITE, 'x').catch((error: unknown) => (isBatchAltered(error) ? 'altered' : error));
  return { get: got, own: await store.own(SITE, 'x'), stored: await store.stored(SITE, 'x') };
}

describe('the batch store read by origin and id', () => {
  it('gives the wallet\'s own record to every read', async () => {
    const { store } = await storeWithX();
    const own = await store.stored(SITE, 'x');
    expect(own).toMatchObject({ id: 'x', state: 'approved' });
    expect(await reads(store)).toEqual({ get: own, own, stored: own });
  });

  it('refuses a record altered in storage (a content script on Firefox) on get, reads it as none on own, and shows it on stored', async () => {
    const { local, store, put } = await storeWithX();
    const altered = { ...(await local.get('batches'))[KEY], calls: [{ to: ATTACKER, value: '0x99', data: '0x' }] };
    await put(altered);
    expect(await reads(store)).toEqual({ get: 'altered', own: undefined, stored: altered });
  });

  it('refuses an older copy of the wallet\'s own record written back, sealed as it was, the same way: it is not the latest', async () => {
    const { local, store, put } = await storeWithX();
    const older = (await local.get('batches'))[KEY];
    await store.update(SITE, 'x', (b) => ({ ...b, state: 'sending' }));
    await put(older);
    expect(await reads(store)).toEqual({ get: 'altered', own: undefined, stored: older });
  });

  it('reads none for no record, a value without a record\'s shape, or another record put under the key', async () => {
    const { local, store, put } = await storeWithX();
    expect(await store.get(SITE, 'y')).toBeUndefined();
    expect(await store.own(SITE, 'y')).toBeUndefined();
    expect(await store.stored(SITE, 'y')).toBeUndefined();
    await store.add(batch('y'));
    const none = { get: undefined, own: undefined, stored: undefined };
    await put({ planted: true });
    expect(await reads(store)).toEqual(none);
    await put((await local.get('batches'))[`${SITE} y`]);
    expect(await reads(store)).toEqual(none);
  });

  it('reads the wallet\'s own record, not an altered one, while the wallet\'s own update of it is being written', async () => {
    // Firefox's storage.local takes milliseconds to write: a status poll reads the record then, as the batch is followed.
    const memory = memoryBackend();
    const writes = { held: Promise.resolve() };
    const slowWrites: StorageBackend = { get: (key) => memory.get(key), set: async (items) => (await writes.held, memory.set(items)) };
    const store = createBatchStore(typedStorage(slowWrites, BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
    await store.add(batch('x'));
    let written!: () => void;
    writes.held = new Promise((resolve) => (written = resolve));
    const updating = store.update(SITE, 'x', (b) => ({ ...b, state: 'sending' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const during = await reads(store);
    expect(during.get).toMatchObject({ id: 'x', state: 'approved' });
    expect(during.own).toMatchObject({ id: 'x', state: 'approved' });
    expect(await store.authentic(during.stored!)).toBe(true);
    written();
    await updating;
    const after = await reads(store);
    expect(after.own).toMatchObject({ id: 'x', state: 'sending' });
    // The copy read while the write was held is an older one from now on.
    expect(await store.authentic(during.stored!)).toBe(false);
  });
});
