/**
 * Storage read once, then from memory: later reads are served from the worker's copy. A change heard through
 * storage.onChanged (anyone's, our own writes included, which it may report late and out of order) drops the copy,
 * so the next read asks storage again: storage stays the truth, and a new worker reads it afresh.
 */
import type { StorageBackend } from './typedStorage';

type Changes = Record<string, unknown>;

/** Absent from storage, as read: the default applies. */
const ABSENT = Symbol('absent');

export function cachedBackend(backend: StorageBackend, onChanged: (listener: (changes: Changes) => void) => void): StorageBackend {
  const values = new Map<string, unknown>();
  // Bumped by every write and change: a read that started before one must not fill the copy with what it brought.
  const generations = new Map<string, number>();
  const bump = (key: string) => generations.set(key, (generations.get(key) ?? 0) + 1);
  onChanged((changes) => {
    for (const key of Object.keys(changes)) {
      bump(key);
      values.delete(key);
    }
  });
  // The worker's own writes in flight, by key (the latest): a read of that key waits for the one under way as it began,
  // so it reads what the worker wrote (the approval window opens while its request is stored, approvals.ts); not for
  // writes begun after, else writers taking turns on a key would hold its readers up for as long as they go on.
  const writing = new Map<string, Promise<unknown>>();
  return {
    async get(key) {
      if (writing.has(key)) await writing.get(key);
      if (!values.has(key)) {
        const generation = generations.get(key);
        const found = await backend.get(key);
        if (generations.get(key) !== generation) return found;
        values.set(key, key in found ? structuredClone(found[key]) : ABSENT);
        return found;
      }
      const value = values.get(key);
      return value === ABSENT ? {} : { [key]: structuredClone(value) };
    },
    async set(items) {
      const written = backend.set(items);
      const settled = written.catch(() => undefined);
      for (const key of Object.keys(items)) writing.set(key, settled);
      try {
        await written;
      } finally {
        for (const key of Object.keys(items)) if (writing.get(key) === settled) writing.delete(key);
      }
      for (const [key, value] of Object.entries(items)) {
        bump(key);
        values.set(key, structuredClone(value));
      }
    },
  };
}
