/** Of some batch records, those the wallet wrote as they stand: a record planted in storage.local counts for nothing. */
import { batchAltered, type BatchStore } from './store';
import type { BatchRecord } from './types';

/** `records` that are `authentic`, in their order. */
export async function ownRecords(batches: Pick<BatchStore, 'authentic'>, records: BatchRecord[]): Promise<BatchRecord[]> {
  const own = await Promise.all(records.map((batch) => batches.authentic(batch)));
  return records.filter((_, i) => own[i]);
}

/**
 * The record under its own key when the wallet wrote it as it stands, else undefined: what is signed from is read with
 * this, since a copy put in for the read and the wallet's put back before the write would be signed in its place.
 */
export async function ownRecord(batches: Pick<BatchStore, 'get' | 'authentic'>, origin: string, id: string): Promise<BatchRecord | undefined> {
  const batch = await batches.get(origin, id);
  return batch && (await batches.authentic(batch)) ? batch : undefined;
}

/**
 * The record under its own key, undefined when there is none; `batchAltered` when the one there is not the wallet's as
 * it stands. For the reads something is signed, sent or checked from, where an altered record must neither be acted
 * on (a copy put in for the read, the wallet's put back before the write) nor pass for none (skipping a check).
 */
export async function unalteredRecord(batches: Pick<BatchStore, 'get' | 'authentic'>, origin: string, id: string): Promise<BatchRecord | undefined> {
  const batch = await batches.get(origin, id);
  if (batch && !(await batches.authentic(batch))) throw batchAltered();
  return batch;
}
