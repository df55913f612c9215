/**
 * A Ledger account's request, signed on the device and checked (deviceSigning/): its signed transactions (or a
 * sponsored batch's signed userOp, deviceUserOperation.ts) stored as the batch's, so the executor sends those bytes and never signs (once stored, they are the only ones ever sent).
 * For eth_sendTransaction's and wallet_sendCalls' approvals, through `DeviceSigning.placeSigned` (the later script).
 */
import type { DevicePayload, DeviceSignature } from '../../shared/deviceSigning';
import type { Hex } from '../../shared/params';
import type { DeviceBatch } from '../deviceSigning/types';
import type { Using } from '../services';
import { deviceSignedOperation } from './deviceUserOperation';

export async function placeDeviceSigned(services: Using<'batches' | 'transactionCode'>, { origin, batchId, from }: DeviceBatch, payload: DevicePayload, signed: DeviceSignature): Promise<void> {
  if (payload.kind === 'userOperation') {
    const userOperation = { op: deviceSignedOperation(from, payload, signed as Hex), hash: payload.userOpHash, sent: false, fromBlock: payload.fromBlock };
    await services.batches.update(origin, batchId, (b) => (b.state !== 'awaiting-approval' || b.userOperation ? b : { ...b, userOperation }));
    return;
  }
  // One transaction carries every call (atomic, or a batch of one); a sequential batch's each carry their own.
  const raws = Array.isArray(signed) ? signed : [signed];
  const txs = await Promise.all(raws.map((raw) => services.transactionCode.decodeTransaction(raw)));
  await services.batches.update(origin, batchId, (b) => {
    if (b.state !== 'awaiting-approval' || b.transactions.length > 0) return b;
    const calls = (i: number) => (Array.isArray(signed) ? [i] : b.calls.map((_, j) => j));
    return { ...b, transactions: txs.map((tx, i) => ({ hash: tx.hash as Hex, raw: raws[i], nonce: tx.nonce, calls: calls(i), sent: false })) };
  });
}
