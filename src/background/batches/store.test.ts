import { describe, expect, it } from 'vitest';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage, type StorageBackend } from '../storage/typedStorage';
import { BATCHES_DEFAULTS } from './types';
import { decidedStatus } from './status';
import { MAX_BATCHES, MAX_IN_FLIGHT_PER_ORIGIN, STALE_APPROVAL_MS } from './room';
import { createBatchStore } from './store';
import type { BatchRecord, BatchTransaction, CallReceipt } from './types';

const batch = (id: string, state: BatchRecord['state'], createdAt: number, origin = 'https://a.example'): BatchRecord => ({
  id, origin, chainId: '0x7a69', from: '0x00000000000000000000000000000000000000aa', atomic: false, upgrade: false,
  calls: [], gasLimits: [], state, transactions: [], createdAt,
});

const newStore = () => {
  const local = typedStorage(memoryBackend(), BATCHES_DEFAULTS);
  return { local, store: createBatchStore(local, createSealer(memoryKeyStore())) };
};

describe('batch store', () => {
  it('knows the records it wrote; one changed in storage is refused as altered by later updates, and stays unauthentic', async () => {
    const { local, store } = newStore();
    await store.add(batch('x', 'approved', 1));
    expect(await store.authentic((await store.get('https://a.example', 'x'))!)).toBe(true);
    await store.update('https://a.example', 'x', (b) => ({ ...b, state: 'sending' }));
    expect(await store.authentic((await store.get('https://a.example', 'x'))!)).toBe(true);
    await local.update('batches', (all) => ({ ...all, 'https://a.example x': { ...all['https://a.example x'], calls: [{ to: '0x00000000000000000000000000000000000000ee', value: '0x1', data: '0x' }] } }));
    await expect(store.update('https://a.example', 'x', (b) => ({ ...b, state: 'approved' }))).rejects.toThrow(/altered outside the wallet/);
    expect(await store.stored('https://a.example', 'x')).toMatchObject({ state: 'sending' });
    expect(await store.authentic((await store.stored('https://a.example', 'x'))!)).toBe(false);
  });

  it('keeps its record authentic when a write of it failed (storage full, a disk error): the revision the write carried was taken as the latest, so the record left as it was read as altered for good, no longer followed, refreshed or sped up', async () => {
    const backend = memoryBackend();
    let failNext = false;
    const flaky: StorageBackend = {
      get: (key) => backend.get(key),
      set: (items) => (failNext ? Promise.reject(new Error('QUOTA_BYTES quota exceeded')).finally(() => (failNext = false)) : backend.set(items)),
    };
    const store = createBatchStore(typedStorage(flaky, BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
    await store.add(batch('x', 'sending', 1));
    failNext = true;
    await expect(store.update('https://a.example', 'x', (b) => ({ ...b, state: 'sent' }))).rejects.toThrow(/quota/);
    expect(await store.authentic((await store.get('https://a.example', 'x'))!)).toBe(true);
    // And the update queued right behind a failed one finds it authentic, and writes it sealed.
    failNext = true;
    const [failed, next] = await Promise.allSettled([
      store.update('https://a.example', 'x', (b) => ({ ...b, state: 'sent' })),
      store.update('https://a.example', 'x', (b) => ({ ...b, state: 'sent' })),
    ]);
    expect([failed.status, next.status]).toEqual(['rejected', 'fulfilled']);
    expect(await store.authentic((await store.get('https://a.example', 'x'))!)).toBe(true);
  });

  it('adds batches, and tells a record its own or not, beside one planted with a value no JSON holds (a cycle: Firefox keeps storage.local by structured clone): its bytes and seal threw, so every batch after it was refused, revokes included', async () => {
    const { local, store } = newStore();
    const planted = { ...batch('p', 'sent', 1), seal: '0x00' } as BatchRecord & { loop?: unknown };
    planted.loop = planted;
    await local.update('batches', (all) => ({ ...all, 'https://a.example p': planted }));
    expect(await store.authentic((await store.stored('https://a.example', 'p'))!)).toBe(false);
    expect(await store.add(batch('x', 'approved', 2))).toBe(true);
    expect((await store.all()).map((b) => b.id)).toEqual(['p', 'x']);
  });

  it('lists and gets only records with the shape the wallet reads: one a content script planted without it (no account, a call without data) neither throws in a reader nor hides the rest', async () => {
    const { local, store } = newStore();
    await store.add(batch('x', 'approved', 1));
    const { from: _from, ...noAccount } = batch('y', 'sent', 2);
    await local.update('batches', (all) => ({
      ...all,
      'https://a.example y': noAccount as BatchRecord,
      'https://a.example z': { ...batch('z', 'sent', 3), calls: [{ to: '0x00000000000000000000000000000000000000ee', value: '0x0' }] } as unknown as BatchRecord,
    }));
    expect((await store.all()).map((b) => b.id)).toEqual(['x']);
    expect(await store.get('https://a.example', 'y')).toBeUndefined();
    expect(await store.get('https://a.example', 'x')).toMatchObject({ id: 'x' });
  });

  it('keeps ids per origin: the same id from two sites, but not twice from one', async () => {
    const { store } = newStore();
    expect(await store.add(batch('x', 'approved', 1))).toBe(true);
    expect(await store.add(batch('x', 'approved', 2, 'https://b.example'))).toBe(true);
    expect(await store.add(batch('x', 'approved', 3))).toBe(false);
  });

  it('when full, drops the oldest finished batches and never one still in flight', async () => {
    const { store } = newStore();
    await store.add(batch('in-flight', 'sending', 0));
    for (let i = 1; i < MAX_BATCHES; i++) await store.add(batch(`done-${i}`, 'failed', i));
    await store.add(batch('new', 'awaiting-approval', MAX_BATCHES));
    const ids = (await store.all()).map((b) => b.id);
    expect(ids).toHaveLength(MAX_BATCHES);
    expect(ids).toContain('in-flight');
    expect(ids).toContain('new');
    expect(ids).not.toContain('done-1');
  });

  it('holds at most MAX_IN_FLIGHT_PER_ORIGIN unfinished batches per site, and never fills storage with big ones', async () => {
    const { store } = newStore();
    for (let i = 0; i < MAX_IN_FLIGHT_PER_ORIGIN; i++) await store.add(batch(`b${i}`, 'sending', Date.now()));
    await expect(store.add(batch('one-more', 'awaiting-approval', Date.now()))).rejects.toMatchObject({ code: -32005, message: /already has 20 batches in flight/ });
    await store.add(batch('elsewhere', 'awaiting-approval', Date.now(), 'https://b.example'));
    const big = (id: string, origin: string) => ({ ...batch(id, 'sending', Date.now(), origin), calls: [{ to: '0x00000000000000000000000000000000000000bb' as const, value: '0x0' as const, data: `0x${'00'.repeat(1_100_000)}` as `0x${string}` }] });
    await store.add(big('big-1', 'https://c.example'));
    await expect(store.add(big('big-2', 'https://d.example'))).rejects.toMatchObject({ code: -32005 });
  });

  it('counts their bytes as stored (UTF-8): text in CJK takes three bytes a character', async () => {
    const { store } = newStore();
    // A page's own words in a batch (here its id), 1.4 million characters: 4.2 MB as stored.
    await expect(store.add(batch('一'.repeat(1_400_000), 'awaiting-approval', Date.now()))).rejects.toMatchObject({ code: -32005 });
  });

  it('drops batches left waiting for an approval for a day', async () => {
    const { store } = newStore();
    await store.add(batch('orphan', 'awaiting-approval', Date.now() - STALE_APPROVAL_MS - 1));
    await store.add(batch('new', 'awaiting-approval', Date.now()));
    expect((await store.all()).map((b) => b.id)).toEqual(['new']);
  });

  it('tells its decisions port (createServices.ts: the grants) each time a record it wrote is decided otherwise than before, and only then', async () => {
    const told: string[] = [];
    const local = typedStorage(memoryBackend(), BATCHES_DEFAULTS);
    const store = createBatchStore(local, createSealer(memoryKeyStore()), { changed: async (b) => void told.push(`${b.id} ${decidedStatus(b)}`) });
    const receipt = (status: CallReceipt['status']): CallReceipt => ({ status, logs: [], blockHash: `0x${'b'.repeat(64)}`, blockNumber: '0x5', gasUsed: '0x5208', transactionHash: `0x${'a'.repeat(64)}` });
    const sent: BatchTransaction = { hash: `0x${'a'.repeat(64)}`, raw: '0x', nonce: 0, calls: [0], sent: true };
    const seen = (id: string, tx: Partial<BatchTransaction>) => store.update('https://a.example', id, (b) => ({ ...b, state: 'sent', transactions: [{ ...sent, ...tx }] }));
    await store.add(batch('x', 'approved', 1));
    await seen('x', {});
    await seen('x', { receipt: receipt('0x1'), preconfirmed: true });
    expect(told).toEqual([]);
    // Sealed, then final: decided once. A reorg takes it back; then it reverts.
    await seen('x', { receipt: receipt('0x1') });
    await seen('x', { receipt: receipt('0x1'), final: true });
    await seen('x', {});
    await seen('x', { receipt: receipt('0x0') });
    expect(told).toEqual(['x 200', 'x undefined', 'x 500']);
    // A record changed in storage by anyone else is no decision of the wallet's.
    await store.add(batch('y', 'approved', 2));
    await local.update('batches', (all) => ({ ...all, 'https://a.example y': { ...all['https://a.example y'], from: '0x00000000000000000000000000000000000000ee' } }));
    await expect(seen('y', { receipt: receipt('0x1') })).rejects.toThrow(/altered outside the wallet/);
    expect(told).toEqual(['x 200', 'x undefined', 'x 500']);
  });

  it('adds beside values a content script planted without a record\'s shape (null, no transactions): it makes room among the records it reads, and no plant refuses every new batch', async () => {
    const { local, store } = newStore();
    await store.add(batch('x', 'sent', 1));
    const { transactions: _none, ...noTransactions } = batch('y', 'sent', 2);
    await local.update('batches', (all) => ({
      ...all,
      'https://a.example null': null as unknown as BatchRecord,
      'https://a.example y': noTransactions as BatchRecord,
    }));
    expect(await store.add(batch('z', 'approved', 3))).toBe(true);
    expect((await store.all()).map((b) => b.id).sort()).toEqual(['x', 'z']);
  });

  it('makes room over records a content script planted: they count for neither a site\'s batches in flight nor the wallet\'s, so planting as many refuses no new batch', async () => {
    const { local, store } = newStore();
    await store.add(batch('x', 'sent', 1));
    const planted = Object.fromEntries(Array.from({ length: MAX_BATCHES }, (_, i) => [`https://a.example p${i}`, batch(`p${i}`, 'sending', Date.now())]));
    await local.update('batches', (all) => ({ ...all, ...planted }));
    expect(await store.add(batch('mine', 'awaiting-approval', Date.now()))).toBe(true);
    expect(await store.add(batch('theirs', 'awaiting-approval', Date.now(), 'https://b.example'))).toBe(true);
    expect((await store.all()).map((b) => b.id)).toEqual(expect.arrayContaining(['x', 'mine', 'theirs']));
  });
});

