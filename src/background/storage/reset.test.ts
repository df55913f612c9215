import { describe, expect, it } from 'vitest';
import { resetToDefaults } from './reset';
import { memoryBackend, typedStorage, type StorageBackend } from './typedStorage';

/** A backend whose reads wait until `release()`: a read-modify-write stays in flight while the reset runs. */
function slowReads(backend: StorageBackend) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { backend: { get: async (key: string) => (await gate, backend.get(key)), set: backend.set }, release };
}

describe('resetToDefaults', () => {
  it('writes every slice back to its default and leaves keys it does not own', async () => {
    const backend = memoryBackend();
    const defaults = { accounts: [] as string[], selected: null as string | null };
    const storage = typedStorage(backend, defaults);
    await storage.set('accounts', ['0x1']);
    await storage.set('selected', '0x1');
    await backend.set({ schemaVersion: 2 });
    await resetToDefaults(storage, defaults);
    expect([await storage.get('accounts'), await storage.get('selected')]).toEqual([[], null]);
    expect(await backend.get('schemaVersion')).toEqual({ schemaVersion: 2 });
  });

  it('waits for an update already under way, so that update cannot bring the old state back', async () => {
    const memory = memoryBackend();
    await memory.set({ accounts: ['0x1'] });
    const { backend, release } = slowReads(memory);
    const defaults = { accounts: [] as string[] };
    const storage = typedStorage(backend, defaults);
    const adding = storage.update('accounts', (accounts) => [...accounts, '0x2']);
    const resetting = resetToDefaults(storage, defaults);
    release();
    await Promise.all([adding, resetting]);
    expect(await storage.get('accounts')).toEqual([]);
  });

});
