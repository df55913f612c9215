/** EIP-5792 status codes of a batch, from what was sent and the receipts seen so far. */
import type { BatchRecord, CallReceipt } from './types';

export const CallsStatus = {
  pending: 100,
  confirmed: 200,
  offchainFailure: 400,
  reverted: 500,
  partial: 600,
} as const;

const succeeded = (status: string): boolean => BigInt(status) === 1n;

/** What reaches the chain for a batch: its transactions, or its one sponsored UserOperation. */
export const submissions = (batch: BatchRecord): { sent: boolean; receipt?: CallReceipt }[] =>
  batch.userOperation ? [batch.userOperation] : batch.transactions;

export const anySent = (batch: BatchRecord): boolean => submissions(batch).some((s) => s.sent);

export function batchStatus(batch: BatchRecord): number {
  const all = submissions(batch);
  const sent = all.filter((t) => t.sent);
  if (batch.state === 'failed' && sent.length === 0) return CallsStatus.offchainFailure;
  if (batch.state !== 'sent' && batch.state !== 'failed') return CallsStatus.pending;
  if (sent.some((t) => !t.receipt)) return CallsStatus.pending;
  const receipts = sent.map((t) => t.receipt!);
  const allSent = sent.length === all.length;
  if (allSent && receipts.every((r) => succeeded(r.status))) return CallsStatus.confirmed;
  // Something reached the chain, so never 400 ("not included onchain") from here.
  if (receipts.every((r) => !succeeded(r.status))) return CallsStatus.reverted;
  return CallsStatus.partial;
}
