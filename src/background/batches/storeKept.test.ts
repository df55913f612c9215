/** What the batch store keeps through a write that fails and a value planted in place of its records. */
import { describe, expect, it, vi } from 'vitest';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage, type StorageBackend } from '../storage/typedStorage';
import { MAX_BATCHES_BYTES } from './room';
import { createBatchStore } from './store';
import { BATCHES_DEFAULTS, type BatchRecord } from './types';

const batch = (id: string, state: BatchRecord['state'], createdAt: number): BatchRecord => ({
  id, origin: 'https://a.example', chainId: '0x7a69', from: '0x00000000000000000000000000000000000000aa', atomic: false, upgrade: false,
  calls: [], gasLimits: [], state, transactions: [], createdAt,
});

const newStore = () => {
  const local = typedStorage(memoryBackend(), BATCHES_DEFAULTS);
  return { local, store: createBatchStore(local, createSealer(memoryKeyStore())) };
};

describe('the batch store', () => {
  it('keeps its record authentic after a restart when a write of it failed while another batch\'s change saved the ledger: that save kept the failed write\'s revision, taken back only in memory, so the worker stopping before the next save left the record as it was read as altered for good (an approved batch never sent)', async () => {
    const keys = memoryKeyStore();
    const sealer = createSealer(keys);
    const backend = memoryBackend();
    let failNext = false;
    const flaky: StorageBackend = {
      get: (key) => backend.get(key),
      // Another record's change finishing meanwhile saves the ledger as it stands (the stamp of this write in it).
      set: async (items) => {
        if (!failNext) return backend.set(items);
        failNext = false;
        await sealer.ledger('batches').save();
        throw new Error('QUOTA_BYTES quota exceeded');
      },
    };
    const store = createBatchStore(typedStorage(flaky, BATCHES_DEFAULTS), sealer);
    await store.add(batch('x', 'approved', 1));
    failNext = true;
    await expect(store.update('https://a.example', 'x', (b) => ({ ...b, state: 'sending' }))).rejects.toThrow(/quota/);
    // The worker stops here; the next one reads the ledger as kept.
    const restarted = createBatchStore(typedStorage(backend, BATCHES_DEFAULTS), createSealer(keys));
    expect(await restarted.authentic((await restarted.get('https://a.example', 'x'))!)).toBe(true);
  });

  it('reads, adds, updates and removes batches when a content script planted a null in place of them all (storage.local, Firefox): every read threw, so every batch, the popup\'s state and the follower failed until the wallet was reset', async () => {
    const { local, store } = newStore();
    await local.set('batches', null as unknown as Record<string, BatchRecord>);
    expect(await store.all()).toEqual([]);
    expect(await store.get('https://a.example', 'x')).toBeUndefined();
    expect(await store.add(batch('x', 'approved', 1))).toBe(true);
    await local.set('batches', null as unknown as Record<string, BatchRecord>);
    await expect(store.update('https://a.example', 'x', (b) => b)).rejects.toThrow(/No batch x/);
    await expect(store.remove('https://a.example', 'x')).resolves.toBeUndefined();
    expect(await store.add(batch('y', 'approved', 2))).toBe(true);
    expect((await store.all()).map((b) => b.id)).toEqual(['y']);
  });

  it('adds a batch under a key where a content script planted a value, as the wallet\'s own record: the planted value made the site\'s batch a duplicate (5720), so a page that knew a site\'s next id kept it from sending', async () => {
    const { local, store } = newStore();
    await local.set('batches', { 'https://a.example x': { planted: true } } as unknown as Record<string, BatchRecord>);
    expect(await store.add(batch('x', 'approved', 1))).toBe(true);
    const added = (await store.get('https://a.example', 'x'))!;
    expect([added.state, await store.authentic(added)]).toEqual(['approved', true]);
    expect(await store.add(batch('x', 'approved', 2))).toBe(false);
  });

  it('refuses to update a record a content script replaced with another shape as altered, before the change reads it: the change threw a TypeError of its own', async () => {
    const { local, store } = newStore();
    await store.add(batch('x', 'approved', 1));
    await local.set('batches', { 'https://a.example x': { state: 'approved' } } as unknown as Record<string, BatchRecord>);
    const change = vi.fn((b: BatchRecord) => ({ ...b, calls: b.calls.map((c) => c) }));
    await expect(store.update('https://a.example', 'x', change)).rejects.toThrow('This batch record was altered outside the wallet; it is not acted on');
    expect(change).not.toHaveBeenCalled();
  });
});

describe('the batch store\'s room, with a value planted under the new batch\'s key', () => {
  const text = (n: number) => 'e'.repeat(n);
  const bytesKept = async (local: ReturnType<typeof newStore>['local']) => new TextEncoder().encode(JSON.stringify(await local.get('batches'))).length;

  it('counts the new batch\'s own bytes, not those of a small record a content script planted under its key: the history past the wallet\'s 4 MB was kept, the planted record\'s size counted in place of the batch\'s', async () => {
    const { local, store } = newStore();
    for (const [i, id] of ['a', 'b', 'c', 'd'].entries()) await store.add({ ...batch(id, 'failed', i + 1), error: text(950_000) });
    const planted = { ...batch('x', 'failed', 10) };
    await local.update('batches', (all) => ({ ...all, 'https://a.example x': planted }));
    expect(await store.add({ ...batch('x', 'approved', 11), error: text(900_000) })).toBe(true);
    expect(await bytesKept(local)).toBeLessThanOrEqual(MAX_BATCHES_BYTES);
    expect((await store.all()).map((b) => b.id).sort()).toEqual(['b', 'c', 'd', 'x']);
  });
});
