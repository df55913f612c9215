/**
 * Typed access to an extension storage area. Read-modify-write goes through `update`, serialized
 * per key, so concurrent handlers never overwrite each other's change. The area is passed in
 * (browser.storage.local / .session in the extension, a Map in unit tests).
 */

/** The part of browser.storage.StorageArea we use. */
export interface StorageBackend {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

/** An area whose keys can also be read several at once or all (null), and removed (browser.storage.session). */
export interface StorageArea extends StorageBackend {
  get(keys: string | string[] | null): Promise<Record<string, unknown>>;
  remove(keys: string[]): Promise<void>;
}

export interface TypedStorage<Schema> {
  get<K extends keyof Schema & string>(key: K): Promise<Schema[K]>;
  set<K extends keyof Schema & string>(key: K, value: Schema[K]): Promise<void>;
  /** `change` returns a new value (never the given one changed in place); returning the given one writes nothing. */
  update<K extends keyof Schema & string>(key: K, change: (current: Schema[K]) => Schema[K]): Promise<Schema[K]>;
}

const kindOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * Whether a stored value may be read as the key's: of its default's kind (a default of null takes any). Content scripts
 * can write storage.local (Firefox): a null or a list where the wallet keeps a record made every reader of it throw.
 */
const ofItsKind = (value: unknown, fallback: unknown): boolean => fallback === null || fallback === undefined || kindOf(value) === kindOf(fallback);

export function typedStorage<Schema>(backend: StorageBackend, defaults: Schema): TypedStorage<Schema> {
  const queues = new Map<string, Promise<unknown>>();

  /** What is stored under `key`, or its default when nothing, or nothing of its kind, is. */
  const get = async <K extends keyof Schema & string>(key: K): Promise<Schema[K]> => {
    const found = await backend.get(key);
    return key in found && ofItsKind(found[key], defaults[key]) ? (found[key] as Schema[K]) : structuredClone(defaults[key]);
  };
  const set = async <K extends keyof Schema & string>(key: K, value: Schema[K]): Promise<void> => {
    await backend.set({ [key]: value });
  };

  return {
    get,
    set,
    update(key, change) {
      const previous = queues.get(key) ?? Promise.resolve();
      const next = previous.then(async () => {
        const current = await get(key);
        const value = change(current);
        // A change that hands back what it was given writes nothing (no write, no storage.onChanged for the pages).
        if (value !== current) await set(key, value);
        return value;
      });
      // The queue's tail settles to nothing: holding the value written (a key's whole record, every batch for one)
      // would keep a second copy of it for as long as the worker lives.
      queues.set(key, next.then(() => undefined, () => undefined));
      return next;
    },
  };
}

/** A backend in memory, for unit tests. */
export function memoryBackend(): StorageArea {
  const items = new Map<string, unknown>();
  return {
    get: async (keys) => Object.fromEntries((keys === null ? [...items.keys()] : [keys].flat()).filter((key) => items.has(key)).map((key) => [key, structuredClone(items.get(key))])),
    set: async (values) => {
      for (const [key, value] of Object.entries(values)) items.set(key, structuredClone(value));
    },
    remove: async (keys) => keys.forEach((key) => items.delete(key)),
  };
}
