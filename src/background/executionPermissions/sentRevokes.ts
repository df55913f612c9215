/**
 * The wallet's own revokes a grant names (store.ts GrantRecord.revokeBatches): which batch each was, and what it came
 * to once decided, kept on the grant because Activity's history drops the batch's record when a page fills it.
 */
import type { BatchStore } from '../batches/store';
import { CallsStatus, decidedStatus } from '../batches/status';
import type { BatchRecord } from '../batches/types';

/** A batch the wallet sent, by the keys its record is kept under (../batches/store.ts). */
export interface SentBatch {
  origin: string;
  batchId: string;
  /**
   * When its batch was made (the record's createdAt, which the wallet sets): what tells it from a later batch under
   * the same origin and id, which a site may ask once the revoke's record is gone from history (wallet_sendCalls takes
   * the site's id). Absent on revokes named before it was kept: those go by origin and id alone.
   */
  createdAt?: number;
  /**
   * What it came to, once its batch was decided in a sealed block (taken back if a reorg undoes that): written by the
   * wallet (`revokeDecided`, when it names the batch), kept here where no page writes, for Activity's history drops the
   * batch's record when a page fills it. Absent: not decided yet, or named before outcomes were kept. Such a one is read
   * from the batch's record while Activity's history holds it (activity.ts revokeOutcomes); once gone nothing is known
   * of it, so it no longer counts the grant revoked: the grant reads in force, and Permissions shows the chain's word
   * beside its Revoke.
   */
  outcome?: RevokeOutcome;
}

/** A revoke's end: its call ran (the grant is disabled on chain), or it did nothing (reverted, dropped, cancelled). */
export type RevokeOutcome = 'landed' | 'failed';

/** What a revoke's batch came to (undefined while it is not decided in a sealed block). */
export function revokeOutcome(batch: BatchRecord): RevokeOutcome | undefined {
  const status = decidedStatus(batch);
  if (status === undefined) return undefined;
  return status === CallsStatus.confirmed ? 'landed' : 'failed';
}

/**
 * A grant names at most this many of the wallet's revokes of it: each revoke sent names one more, and a site may revoke
 * again each time the last failed. Past it, revoked.ts keptRevokes chooses which stay.
 */
export const MAX_REVOKE_BATCHES = 8;

/**
 * The wallet's batch records, which say whether a grant's revoke went through (revoked.ts): one revoke's by its keys,
 * or all of them for the revokes of a list of grants (and of grants marked before their revokes were named).
 */
export type RevokeRecords = Pick<BatchStore, 'own' | 'all' | 'authentic'>;

/** Both made at the same time, as far as both say. */
const sameTime = (a?: number, b?: number): boolean => a === undefined || b === undefined || a === b;

export const sameBatch = (sent: SentBatch) => (other: SentBatch): boolean =>
  other.origin === sent.origin && other.batchId === sent.batchId && sameTime(other.createdAt, sent.createdAt);

/** Whether `batch` is the record of `sent`: under its origin and id, and made when it was. */
export const recordOf = (sent: SentBatch) => (batch: BatchRecord): boolean =>
  batch.origin === sent.origin && batch.id === sent.batchId && sameTime(sent.createdAt, batch.createdAt);

/**
 * The wallet's record of `sent`, if any: its own under the origin and id (one altered in storage says nothing), unless a
 * later batch took that id.
 */
export async function recordFor(sent: SentBatch, revokes: Pick<RevokeRecords, 'own'>): Promise<BatchRecord | undefined> {
  const batch = await revokes.own(sent.origin, sent.batchId);
  return batch && recordOf(sent)(batch) ? batch : undefined;
}

/** Whether `record`, as stored (its shape not checked yet), names `batch` among its revokes. */
export const namesBatch = (batch: BatchRecord) => (record: { revokeBatches?: unknown } | null): boolean =>
  Array.isArray(record?.revokeBatches) && record.revokeBatches.some((sent: SentBatch | null) => !!sent && recordOf(sent)(batch));

/**
 * `sent` with when its batch was made and what it came to, when decided already: the batch store told it decided when
 * no grant named it yet (a receipt that came with the sending). Only as the wallet wrote it (recordFor).
 */
export async function withOutcome(sent: SentBatch, revokes: Pick<RevokeRecords, 'own'>): Promise<SentBatch> {
  const batch = await recordFor(sent, revokes);
  if (!batch) return sent;
  const outcome = revokeOutcome(batch);
  return { ...sent, createdAt: batch.createdAt, ...(outcome ? { outcome } : {}) };
}
