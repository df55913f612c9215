/** Storage fakes for unit tests, and a check that nothing keeps a value any more. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { StorageArea } from './typedStorage';

/** Chrome's storage.session quota (QUOTA_BYTES). */
export const SESSION_QUOTA_BYTES = 10 * 1024 * 1024;

const encoder = new TextEncoder();
const costOf = (key: string, value: unknown) => encoder.encode(key).length + encoder.encode(JSON.stringify(value)).length;

/**
 * A memory area with Chrome's quota semantics: each item costs its key and its JSON (UTF-8); a write that would take
 * the area past `quota` fails whole, as Chrome's does, and writes nothing.
 */
export function quotaArea(quota = SESSION_QUOTA_BYTES): StorageArea & { used(): number } {
  const items = new Map<string, unknown>();
  const used = () => [...items].reduce((sum, [key, value]) => sum + costOf(key, value), 0);
  return {
    used,
    get: async (keys) => Object.fromEntries((keys === null ? [...items.keys()] : [keys].flat()).filter((key) => items.has(key)).map((key) => [key, structuredClone(items.get(key))])),
    async set(values) {
      const change = Object.entries(values).reduce((sum, [key, value]) => sum + costOf(key, value) - (items.has(key) ? costOf(key, items.get(key)) : 0), 0);
      if (used() + change > quota) throw new Error('Session storage quota bytes exceeded. Values were not stored.');
      for (const [key, value] of Object.entries(values)) items.set(key, structuredClone(value));
    },
    remove: async (keys) => keys.forEach((key) => items.delete(key)),
  };
}

/** node's full garbage collection, exposed in a fresh context. */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Whether `target` is gone after a full garbage collection: nothing reachable keeps its object. */
export async function isCollected(target: WeakRef<object>): Promise<boolean> {
  // A WeakRef keeps its object until the job that made it is over.
  await new Promise((resolve) => setTimeout(resolve, 0));
  collectGarbage();
  return target.deref() === undefined;
}
