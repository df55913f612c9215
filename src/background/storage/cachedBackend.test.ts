import { describe, expect, it } from 'vitest';
import { cachedBackend } from './cachedBackend';
import { memoryBackend, type StorageBackend } from './typedStorage';

function counting(backend: StorageBackend): StorageBackend & { reads: number } {
  const counted = { reads: 0, get: (key: string) => (counted.reads++, backend.get(key)), set: backend.set };
  return counted;
}

describe('cachedBackend', () => {
  it('reads storage once per key, then from memory; writes go through', async () => {
    const store = counting(memoryBackend());
    await store.set({ a: 1 });
    const cached = cachedBackend(store, () => undefined);
    expect(await cached.get('a')).toEqual({ a: 1 });
    expect(await cached.get('a')).toEqual({ a: 1 });
    expect(await cached.get('missing')).toEqual({});
    expect(await cached.get('missing')).toEqual({});
    expect(store.reads).toBe(2);
    await cached.set({ a: 2 });
    expect(await cached.get('a')).toEqual({ a: 2 });
    expect(await store.get('a')).toEqual({ a: 2 });
  });

  it('reads storage again after a change heard from it, whoever made it', async () => {
    let notify: (changes: Record<string, unknown>) => void = () => undefined;
    const store = memoryBackend();
    const cached = cachedBackend(store, (listener) => (notify = listener));
    await cached.set({ a: 1 });
    await store.set({ a: 5 });
    expect(await cached.get('a')).toEqual({ a: 1 });
    notify({ a: {} });
    expect(await cached.get('a')).toEqual({ a: 5 });
  });

  it('a read that started before a write does not bring the old value back into memory', async () => {
    const store = memoryBackend();
    await store.set({ a: 1 });
    let release: () => void = () => undefined;
    const slow: StorageBackend = { get: async (key) => { const found = await store.get(key); await new Promise<void>((r) => (release = r)); return found; }, set: store.set };
    const cached = cachedBackend(slow, () => undefined);
    const reading = cached.get('a');
    await Promise.resolve();
    await cached.set({ a: 2 });
    release();
    expect(await reading).toEqual({ a: 1 });
    expect(await cached.get('a')).toEqual({ a: 2 });
  });

  it('a read made while the worker writes that key waits for the write: it reads what was written, or storage if the write failed', async () => {
    const store = memoryBackend();
    await store.set({ a: 1 });
    let finish: (ok: boolean) => void = () => undefined;
    const slowWrite: StorageBackend = {
      get: store.get,
      set: (items) => new Promise<void>((resolve, reject) => (finish = (ok) => (ok ? store.set(items).then(resolve) : reject(new Error('quota'))))),
    };
    const cached = cachedBackend(slowWrite, () => undefined);
    expect(await cached.get('a')).toEqual({ a: 1 });
    const writing = cached.set({ a: 2 });
    const reading = cached.get('a');
    const other = await cached.get('b');
    expect(other).toEqual({});
    finish(true);
    await writing;
    expect(await reading).toEqual({ a: 2 });

    const failing = cached.set({ a: 3 }).catch((error: Error) => error.message);
    const readingAgain = cached.get('a');
    finish(false);
    expect(await failing).toBe('quota');
    expect(await readingAgain).toEqual({ a: 2 });
  });

  it('a read waits for the write in flight when it began, not for the ones begun after: writers taking turns on a key never hold it up', async () => {
    const store = memoryBackend();
    const held: Array<() => void> = [];
    const slowWrite: StorageBackend = { get: store.get, set: (items) => new Promise<void>((resolve) => held.push(() => void store.set(items).then(resolve))) };
    const cached = cachedBackend(slowWrite, () => undefined);
    const first = cached.set({ a: 1 });
    let read: unknown;
    const reading = cached.get('a').then((found) => (read = found));
    // A second writer starts while the first write is under way (two requests each setting the key, in turn).
    const second = cached.set({ a: 2 });
    held.shift()!();
    await first;
    await new Promise((resolve) => setTimeout(resolve));
    expect(read).toEqual({ a: 1 });
    held.shift()!();
    await Promise.all([second, reading]);
    expect(await cached.get('a')).toEqual({ a: 2 });
  });

  it('hands out copies: a caller changing what it read changes nothing stored', async () => {
    const cached = cachedBackend(memoryBackend(), () => undefined);
    await cached.set({ list: [1] });
    ((await cached.get('list')).list as number[]).push(2);
    expect(await cached.get('list')).toEqual({ list: [1] });
  });
});
