/**
 * A Ledger account's request, signed on the device and checked (deviceSigning/): its one signed transaction, or a
 * sponsored batch's signed userOp, stored as the batch's, so the executor sends those bytes and never signs (once
 * stored, they are the only ones ever sent).
 * Used by eth_sendTransaction's and wallet_sendCalls' approvals; nothing for an account whose key the wallet holds.
 */
import type { Hex } from '../../shared/params';
import type { Using } from '../services';

export async function placeDeviceSigned(
  services: Using<'batches' | 'deviceSigning' | 'transactionCode'>,
  approvalId: string,
  { origin, batchId, from }: { origin: string; batchId: string; from: Hex },
): Promise<void> {
  const operation = await services.deviceSigning.userOperationFor(approvalId, from);
  if (operation) {
    await services.batches.update(origin, batchId, (b) => (b.state !== 'awaiting-approval' || b.userOperation ? b : { ...b, userOperation: operation }));
    return;
  }
  const raw = await services.deviceSigning.signatureFor(approvalId, from);
  if (!raw) return;
  const tx = await services.transactionCode.decodeTransaction(raw);
  await services.batches.update(origin, batchId, (b) => {
    if (b.state !== 'awaiting-approval' || b.transactions.length > 0) return b;
    return { ...b, transactions: [{ hash: tx.hash as Hex, raw, nonce: tx.nonce, calls: b.calls.map((_, i) => i), sent: false }] };
  });
}
