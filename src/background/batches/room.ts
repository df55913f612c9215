/** How many batches the store keeps (store.ts add): what makes room for a new one, and what is never dropped. */
import { ErrorCode, RpcError } from '../../shared/errors';
import { utf8Length } from '../storage/bytes';
import { canonicalJson } from '../storage/seal';
import { hasRecordShape } from './recordShape';
import { CallsStatus, batchStatus } from './status';
import type { BatchRecord } from './types';

/** Beyond this many batches, or bytes (as stored, UTF-8), the oldest finished ones are dropped (the Activity list's history). */
export const MAX_BATCHES = 500;
export const MAX_BATCHES_BYTES = 4_000_000;
/** One site (one of many subdomains) cannot hold more in flight than this. */
export const MAX_IN_FLIGHT_PER_ORIGIN = 20;
/** A batch still waiting for approval this long was orphaned (its page and approval are long gone). */
export const STALE_APPROVAL_MS = 24 * 60 * 60_000;

const finished = (b: BatchRecord): boolean => b.state === 'failed' || (b.state === 'sent' && batchStatus(b) !== CallsStatus.pending);

const limit = (message: string) => new RpcError(ErrorCode.limitExceeded, message);

/** Bytes as stored, UTF-8; undefined for a record no JSON holds (a cycle a content script planted: Firefox keeps it). */
function sizeOf(batch: BatchRecord): number | undefined {
  try {
    return utf8Length(canonicalJson(batch));
  } catch {
    return undefined;
  }
}

/** Whether the record kept under `key` is the wallet's (sealed, the latest copy, under its own key). */
type Ours = (key: string, batch: BatchRecord) => boolean;

/**
 * Makes room for `batch`: drops orphaned approvals, then records that are not the wallet's (planted or altered in
 * storage.local: nothing acts on them), then the oldest finished batches until the count and the bytes fit. A site's
 * batches in flight count only when the wallet's. What is still waiting, sending or unconfirmed is never dropped;
 * when that alone is too much, `batch` is refused. Only records with the shape count (recordShape.ts): a value
 * planted without it, which no reader lists, is left as it is, never read here (one would throw, and refuse every
 * batch after it), nor is one no JSON holds. Records are authenticated only when room is short: most adds fit.
 */
export function withRoomFor(stored: Record<string, BatchRecord>, key: string, batch: BatchRecord, now: number, ours: Ours): Record<string, BatchRecord> {
  const [all, unread]: [string, BatchRecord][][] = [[], []];
  const bytes = new Map([[key, utf8Length(canonicalJson(batch))]]);
  for (const entry of Object.entries(stored)) {
    // What is under the new batch's key is replaced (a value planted there: add keeps no record of the wallet's over):
    // its bytes are not the batch's, and dropping it would drop the batch from the count.
    if (entry[0] === key) continue;
    const size = hasRecordShape(entry[1]) ? sizeOf(entry[1]) : undefined;
    if (size !== undefined) bytes.set(entry[0], size);
    (size === undefined ? unread : all).push(entry);
  }
  const kept = all.filter(([, b]) => !(b.state === 'awaiting-approval' && now - b.createdAt > STALE_APPROVAL_MS));
  const inFlight = kept.filter(([, b]) => b.origin === batch.origin && !finished(b));
  if (inFlight.length >= MAX_IN_FLIGHT_PER_ORIGIN && inFlight.filter(([k, b]) => ours(k, b)).length >= MAX_IN_FLIGHT_PER_ORIGIN) {
    throw limit(`${batch.origin} already has ${MAX_IN_FLIGHT_PER_ORIGIN} batches in flight; wait for them to finish`);
  }
  const entries = new Map<string, BatchRecord>([...kept, [key, batch]]);
  let total = [...entries.keys()].reduce((sum, k) => sum + bytes.get(k)!, 0);
  const tooMuch = () => entries.size > MAX_BATCHES || total > MAX_BATCHES_BYTES;
  if (!tooMuch()) return Object.fromEntries([...unread, ...entries]);
  const oldestFirst = ([, a]: [string, BatchRecord], [, b]: [string, BatchRecord]) => a.createdAt - b.createdAt;
  const mine = new Set(kept.filter(([k, b]) => ours(k, b)).map(([k]) => k));
  const foreign = kept.filter(([k]) => !mine.has(k)).sort(oldestFirst);
  for (const [dropped] of [...foreign, ...kept.filter(([k, b]) => mine.has(k) && finished(b)).sort(oldestFirst)]) {
    if (!tooMuch()) break;
    entries.delete(dropped);
    total -= bytes.get(dropped)!;
  }
  if (tooMuch()) throw limit('The wallet holds as many batches in flight as it can; try again once some have finished');
  return Object.fromEntries([...unread, ...entries]);
}
