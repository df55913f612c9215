import { describe, expect, it } from 'vitest';
import { isCollected } from './testing';
import { memoryBackend, typedStorage, type StorageBackend } from './typedStorage';

function counted() {
  const backend = memoryBackend();
  const writes: Record<string, unknown>[] = [];
  const counting: StorageBackend = { get: (key) => backend.get(key), set: (items) => (writes.push(items), backend.set(items)) };
  return { storage: typedStorage(counting, { list: [] as string[] }), writes };
}

describe('typed storage update', () => {
  it('writes what the change returns, one change after the other', async () => {
    const { storage, writes } = counted();
    await Promise.all([storage.update('list', (l) => [...l, 'a']), storage.update('list', (l) => [...l, 'b'])]);
    expect(await storage.get('list')).toEqual(['a', 'b']);
    expect(writes).toHaveLength(2);
  });

  it('writes nothing when the change hands back the value it was given', async () => {
    const { storage, writes } = counted();
    await storage.update('list', (l) => [...l, 'a']);
    expect(await storage.update('list', (l) => (l.includes('a') ? l : [...l, 'a']))).toEqual(['a']);
    expect(writes).toHaveLength(1);
  });

  it('keeps nothing of an update once it settled: the written value is left to the collector', async () => {
    const storage = typedStorage(memoryBackend(), { list: [] as string[] });
    let written: WeakRef<string[]> | undefined;
    // Awaited without its value, which the test's own suspended frame could keep.
    await storage.update('list', () => {
      const value = ['a'];
      written = new WeakRef(value);
      return value;
    }).then(() => undefined);
    expect(await isCollected(written!)).toBe(true);
  });
});
