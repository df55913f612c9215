/** Batches by origin and id, in local storage: a worker restart mid-batch loses nothing. */
import type { TypedStorage } from '../storage/typedStorage';
import { CallsStatus, batchStatus } from './status';
import type { BatchRecord, BatchesSlice } from './types';

/** Beyond this many batches, the oldest finished ones are dropped. */
export const MAX_BATCHES = 500;

/** Ids are unique per origin (EIP-5792), so two sites may use the same id. */
export const batchKey = (origin: string, id: string): string => `${origin} ${id}`;

/** Makes room by dropping the oldest finished batches; one still waiting, sending or unconfirmed is never dropped. */
function prune(all: Record<string, BatchRecord>): Record<string, BatchRecord> {
  const entries = Object.entries(all);
  const excess = entries.length - (MAX_BATCHES - 1);
  if (excess <= 0) return all;
  const finished = entries.filter(([, b]) => b.state === 'failed' || (b.state === 'sent' && batchStatus(b) !== CallsStatus.pending));
  const dropped = new Set(finished.sort(([, a], [, b]) => a.createdAt - b.createdAt).slice(0, excess).map(([key]) => key));
  return Object.fromEntries(entries.filter(([key]) => !dropped.has(key)));
}

export interface BatchStore {
  get(origin: string, id: string): Promise<BatchRecord | undefined>;
  all(): Promise<BatchRecord[]>;
  /** Adds a new batch; false when the origin already has one with this id. */
  add(batch: BatchRecord): Promise<boolean>;
  update(origin: string, id: string, change: (batch: BatchRecord) => BatchRecord): Promise<BatchRecord>;
  remove(origin: string, id: string): Promise<void>;
}

export function createBatchStore(local: TypedStorage<BatchesSlice>): BatchStore {
  return {
    get: async (origin, id) => (await local.get('batches'))[batchKey(origin, id)],
    all: async () => Object.values(await local.get('batches')),
    async add(batch) {
      let added = false;
      await local.update('batches', (all) => {
        const key = batchKey(batch.origin, batch.id);
        if (all[key]) return all;
        added = true;
        return { ...prune(all), [key]: batch };
      });
      return added;
    },
    async update(origin, id, change) {
      const key = batchKey(origin, id);
      const all = await local.update('batches', (current) => {
        const batch = current[key];
        if (!batch) throw new Error(`No batch ${id} for ${origin}`);
        return { ...current, [key]: change(batch) };
      });
      return all[key];
    },
    async remove(origin, id) {
      await local.update('batches', (all) => {
        const { [batchKey(origin, id)]: _removed, ...rest } = all;
        return rest;
      });
    },
  };
}
