import { describe, expect, it } from 'vitest';
import { resetToDefaults } from './reset';
import { memoryBackend, typedStorage } from './typedStorage';

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
});
