/**
 * A batch store for unit tests that reads as the real one (store.ts) does: `get`, `own` and `stored` find the record
 * by its origin and id, `all` lists every one, and a record `altered` picks is one the wallet did not write as it
 * stands (not `authentic`: `get` throws `batchAltered`, `own` reads it as none, `stored` returns it). So a test that
 * plants an altered record still proves its caller refuses it.
 */
import { batchAltered, type BatchStore } from './store';
import type { BatchRecord } from './types';

/** The store's reads; a test adds the writes it needs (`{ ...fakeBatches(…), remove: vi.fn() }`). */
export type BatchReads = Pick<BatchStore, 'get' | 'own' | 'stored' | 'all' | 'authentic'>;

/** `records`: a list, or a function read at each call (a test may change what it returns). */
export function fakeBatches(records: BatchRecord[] | (() => BatchRecord[]), altered: (batch: BatchRecord) => boolean = () => false): BatchReads {
  const list = () => (typeof records === 'function' ? records() : records);
  const stored = async (origin: string, id: string) => list().find((batch) => batch.origin === origin && batch.id === id);
  return {
    stored,
    async get(origin, id) {
      const batch = await stored(origin, id);
      if (batch && altered(batch)) throw batchAltered();
      return batch;
    },
    own: async (origin, id) => {
      const batch = await stored(origin, id);
      return batch && !altered(batch) ? batch : undefined;
    },
    all: async () => list(),
    authentic: async (batch) => !altered(batch),
  };
}

/** Every record read as altered in storage. */
export const allAltered = (): boolean => true;
