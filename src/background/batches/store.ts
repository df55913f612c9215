/** Batches by origin and id, in local storage: a worker restart mid-batch loses nothing. */
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Checkpoint } from '../storage/ledger';
import { isSealed, seal, type Sealer } from '../storage/seal';
import type { TypedStorage } from '../storage/typedStorage';
import { hasRecordShape } from './recordShape';
import { withRoomFor } from './room';
import { decidedStatus } from './status';
import type { BatchRecord, BatchesSlice } from './types';

/** Ids are unique per origin (EIP-5792), so two sites may use the same id. */
export const batchKey = (origin: string, id: string): string => `${origin} ${id}`;

/**
 * A record with the shape, kept under its own key: a seal and a revision vouch for the record's own origin and id, so a
 * copy a content script put under another record's key would pass for that one (signed when the other is approved).
 */
const isUnder = (key: string, batch: unknown): batch is BatchRecord => hasRecordShape(batch) && key === batchKey(batch.origin, batch.id);

export interface BatchStore {
  /**
   * The wallet's record under its own key, undefined when there is none; `batchAltered` when the one there is not
   * `authentic`. For the reads something is signed, sent or checked from: an altered record must neither be acted on
   * (a copy put in for the read, the wallet's put back before the write) nor pass for none (skipping a check).
   */
  get(origin: string, id: string): Promise<BatchRecord | undefined>;
  /** As `get`, an altered record read as none: where a planted record counts for nothing (an id taken, a refusal, an outcome). */
  own(origin: string, id: string): Promise<BatchRecord | undefined>;
  /**
   * What is stored under the key with the shape, not authenticated: only to show a record, or to tell an altered one
   * from none (one put under another's key is no record of it).
   */
  stored(origin: string, id: string): Promise<BatchRecord | undefined>;
  /**
   * Every record with the shape stored under its own key (`batchKey`), not authenticated: that costs one HMAC a record,
   * and most readers act on a few of them, which they authenticate (ownRecords.ts).
   */
  all(): Promise<BatchRecord[]>;
  /** Adds a new batch; false when the origin already has one with this id. */
  add(batch: BatchRecord): Promise<boolean>;
  update(origin: string, id: string, change: (batch: BatchRecord) => BatchRecord): Promise<BatchRecord>;
  remove(origin: string, id: string): Promise<void>;
  /**
   * Whether the wallet wrote the record as it stands, and it is the latest copy: only such a batch is signed or sent.
   * A record changed in storage by anyone else, or an older copy written back, is not updated any more (`update`
   * refuses it with `batchAltered`).
   */
  authentic(batch: BatchRecord): Promise<boolean>;
}

/**
 * The store's link up to what keeps a batch's end beyond its record, which the history drops when it needs room (a
 * grant's revokes: ../executionPermissions/store.ts). The composition root (createServices.ts) implements it.
 */
export interface BatchDecisions {
  /**
   * `batch`, as the wallet just wrote it (authentic), is decided otherwise than before (status.ts decidedStatus):
   * decided in a sealed block, taken back by a reorg, or decided anew. Told before the update returns.
   */
  changed(batch: BatchRecord): Promise<void>;
}

/** What acting on a record that is not `authentic` is refused with (pages/refusalFamilies.ts words it). */
const ALTERED = 'This batch record was altered outside the wallet; it is not acted on';
export const batchAltered = (): RpcError => new RpcError(ErrorCode.internal, ALTERED);
/** Whether `error` is that refusal (`update` of such a record throws it). */
export const isBatchAltered = (error: unknown): boolean => error instanceof RpcError && error.message === ALTERED;

/** `decisions`: absent where no one keeps what a batch came to (unit tests of what holds no grants). */
export function createBatchStore(local: TypedStorage<BatchesSlice>, sealer: Sealer, decisions?: BatchDecisions): BatchStore {
  const ledger = sealer.ledger('batches');
  /** The key and the ledger, loaded before a synchronous storage update. */
  const loaded = async (): Promise<string> => (await Promise.all([sealer.key(), ledger.ready()]))[0];
  const authentic = (sealKey: string, batch: BatchRecord): boolean =>
    isSealed(sealKey, batch) && ledger.isLatest(batchKey(batch.origin, batch.id), batch.revision);
  const stamped = (sealKey: string, batch: BatchRecord): BatchRecord =>
    seal(sealKey, { ...batch, revision: ledger.stamp(batchKey(batch.origin, batch.id)) });
  /**
   * local.update of the batches whose stamps and retirements are taken back when the write fails (storage full); until
   * it lands, a read of a record it stamps again gets the copy storage still holds, which the ledger takes as the latest.
   */
  const write = async (change: (all: BatchesSlice['batches']) => BatchesSlice['batches']) => {
    let taken: Checkpoint | undefined;
    try {
      return await local.update('batches', (all) => {
        taken = ledger.checkpoint();
        return change(all);
      });
    } catch (error) {
      // Before the update queued behind this one reads the records (the storage queue runs it after this rejection).
      taken?.undo();
      throw error;
    } finally {
      taken?.settled();
    }
  };
  const stored = async (origin: string, id: string): Promise<BatchRecord | undefined> => {
    const key = batchKey(origin, id);
    const batch = (await local.get('batches'))[key];
    return isUnder(key, batch) ? batch : undefined;
  };
  return {
    async get(origin, id) {
      const batch = await stored(origin, id);
      if (batch && !authentic(await loaded(), batch)) throw batchAltered();
      return batch;
    },
    async own(origin, id) {
      const batch = await stored(origin, id);
      return batch && authentic(await loaded(), batch) ? batch : undefined;
    },
    stored,
    // A copy of the wallet's record under another key would be followed and counted twice.
    all: async () => Object.entries(await local.get('batches')).flatMap(([key, b]) => (isUnder(key, b) ? [b] : [])),
    async add(batch) {
      const sealKey = await loaded();
      let added = false;
      await write((all) => {
        const key = batchKey(batch.origin, batch.id);
        // Only the wallet's own record makes the id taken: a value planted under the key (storage.local, a content
        // script on Firefox) would keep the site from sending a batch whose id it can guess.
        if (isUnder(key, all[key]) && authentic(sealKey, all[key])) return all;
        const next = withRoomFor(all, key, batch, Date.now(), (k, b) => k === batchKey(b.origin, b.id) && authentic(sealKey, b));
        next[key] = stamped(sealKey, batch);
        for (const dropped of Object.keys(all).filter((k) => !(k in next))) ledger.retire(dropped);
        added = true;
        return next;
      });
      await ledger.save();
      return added;
    },
    async update(origin, id, change) {
      const sealKey = await loaded();
      const key = batchKey(origin, id);
      let before: BatchRecord | undefined;
      const all = await write((current) => {
        const batch = current[key];
        if (!batch) throw new Error(`No batch ${id} for ${origin}`);
        // Another shape, or a record the wallet did not write as it stands (storage.local, a content script on Firefox):
        // no change of the wallet's reads it, and nothing is written on it for a reader to take as the wallet's.
        if (!isUnder(key, batch) || !authentic(sealKey, batch)) throw batchAltered();
        const { seal: _seal, ...changed } = change(batch) as BatchRecord & { seal?: string };
        before = batch;
        return { ...current, [key]: stamped(sealKey, changed) };
      });
      // Kept before the caller signs or sends on the strength of this record: a copy of the one before is stale.
      await ledger.save();
      const written = all[key];
      // Told now, not when the history drops the record: a page decides when that is (it adds batches to fill it).
      if (before && decisions && decidedStatus(before) !== decidedStatus(written)) {
        await decisions.changed(written).catch((error: Error) => console.warn('[batches] telling a batch decided failed', error.message));
      }
      return written;
    },
    authentic: async (batch) => authentic(await loaded(), batch),
    async remove(origin, id) {
      await ledger.ready();
      await write((all) => {
        const { [batchKey(origin, id)]: _removed, ...rest } = all;
        ledger.retire(batchKey(origin, id));
        return rest;
      });
      await ledger.save();
    },
  };
}
