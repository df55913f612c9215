/** EIP-5792 status codes of a batch, from what was sent and the receipts seen so far. */
import type { BatchRecord } from './types';

export const CallsStatus = {
  pending: 100,
  confirmed: 200,
  offchainFailure: 400,
  reverted: 500,
  partial: 600,
} as const;

const succeeded = (status: string): boolean => BigInt(status) === 1n;

export function batchStatus(batch: BatchRecord): number {
  const sent = batch.transactions.filter((t) => t.sent);
  if (batch.state === 'failed' && sent.length === 0) return CallsStatus.offchainFailure;
  if (batch.state !== 'sent' && batch.state !== 'failed') return CallsStatus.pending;
  if (sent.some((t) => !t.receipt)) return CallsStatus.pending;
  const receipts = sent.map((t) => t.receipt!);
  const allSent = sent.length === batch.transactions.length;
  if (allSent && receipts.every((r) => succeeded(r.status))) return CallsStatus.confirmed;
  if (receipts.every((r) => !succeeded(r.status))) return allSent ? CallsStatus.reverted : CallsStatus.offchainFailure;
  return CallsStatus.partial;
}
