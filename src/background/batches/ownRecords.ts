/** Of some batch records, those the wallet wrote as they stand: a record planted in storage.local counts for nothing. */
import type { BatchStore } from './store';
import type { BatchRecord } from './types';

/** `records` that are `authentic`, in their order (one record: the store's `get` and `own` read it so). */
export async function ownRecords(batches: Pick<BatchStore, 'authentic'>, records: BatchRecord[]): Promise<BatchRecord[]> {
  const own = await Promise.all(records.map((batch) => batches.authentic(batch)));
  return records.filter((_, i) => own[i]);
}
