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

describe('typed storage read', () => {
  const defaults = { list: [] as string[], settings: { on: true }, count: 0, windowId: null as number | null };

  it('reads a value of another kind than its default as absent: a content script can write storage.local (Firefox)', async () => {
    const backend = memoryBackend();
    const storage = typedStorage(backend, defaults);
    await backend.set({ list: null, settings: ['x'], count: '7' });
    expect(await storage.get('list')).toEqual([]);
    expect(await storage.get('settings')).toEqual({ on: true });
    expect(await storage.get('count')).toBe(0);
    // An update starts from the default, and its write replaces what was planted.
    expect(await storage.update('list', (l) => [...l, 'a'])).toEqual(['a']);
    expect(await backend.get('list')).toEqual({ list: ['a'] });
  });

  it('reads a value of its default\'s kind as stored, and any value where the default is null', async () => {
    const backend = memoryBackend();
    const storage = typedStorage(backend, defaults);
    await backend.set({ list: ['a'], settings: { on: false }, count: 3, windowId: 12 });
    expect([await storage.get('list'), await storage.get('settings'), await storage.get('count'), await storage.get('windowId')]).toEqual([['a'], { on: false }, 3, 12]);
  });
});
