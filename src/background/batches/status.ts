/** EIP-5792 status codes of a batch, from what was sent and the receipts seen so far. */
import type { BatchRecord, Submission } from './types';

export const CallsStatus = {
  pending: 100,
  confirmed: 200,
  offchainFailure: 400,
  reverted: 500,
  partial: 600,
} as const;

/** A receipt's block must be this many blocks deep before it is no longer checked for reorgs. */
export const FINAL_CONFIRMATIONS = 5;
/** What could no longer be included, and is still missing this many blocks later, is dropped. */
export const DROP_AFTER_BLOCKS = 10;

const succeeded = (status: string): boolean => BigInt(status) === 1n;

/** What reaches the chain for a batch: its transactions, or its one sponsored UserOperation. */
export const submissions = (batch: BatchRecord): Submission[] => (batch.userOperation ? [batch.userOperation] : batch.transactions);

export const anySent = (batch: BatchRecord): boolean => submissions(batch).some((s) => s.sent);

/** Sent, neither included nor dropped yet: the batch is pending while any is. */
export const undecided = (s: Submission): boolean => s.sent && !s.receipt && !s.dropped;

/** Sent and neither dropped nor final: the chain (or the bundler) is still asked about it, reorgs included. */
export const open = (s: Submission): boolean => s.sent && !s.final && !s.dropped;

export function batchStatus(batch: BatchRecord): number {
  const all = submissions(batch);
  const sent = all.filter((t) => t.sent);
  if (batch.state === 'failed' && sent.length === 0) return CallsStatus.offchainFailure;
  if (batch.state !== 'sent' && batch.state !== 'failed') return CallsStatus.pending;
  if (sent.some(undecided)) return CallsStatus.pending;
  const receipts = sent.flatMap((t) => (t.receipt ? [t.receipt] : []));
  // Everything that went out was dropped: nothing is on chain.
  if (receipts.length === 0) return CallsStatus.offchainFailure;
  if (receipts.length === all.length && receipts.every((r) => succeeded(r.status))) return CallsStatus.confirmed;
  // Something reached the chain, so never 400 ("not included onchain") from here.
  if (receipts.every((r) => !succeeded(r.status))) return CallsStatus.reverted;
  return CallsStatus.partial;
}
