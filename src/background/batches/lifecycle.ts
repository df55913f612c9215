/** A batch between the dapp's request and the chain: waiting for the user, then sent and followed. */
import type { RpcResponse } from '../../shared/protocol';
import type { Services } from '../services';
import { runBatch } from './execute';
import { followBatch } from './receipts';
import { anySent } from './status';
import type { BatchRecord } from './types';

/** Queues the approval; a batch the user will never see (the queue refused it) is forgotten again. */
export async function askUser(services: Services, batch: BatchRecord, request: () => Promise<unknown>): Promise<void> {
  try {
    await request();
  } catch (error) {
    await services.batches.remove(batch.origin, batch.id);
    throw error;
  }
}

/** Sends an approved batch and builds wallet_sendCalls' answer; receipts are then followed in the background. */
export async function sendApproved(services: Services, origin: string, id: string): Promise<RpcResponse> {
  const { batch, error } = await runBatch(services, origin, id);
  if (error && !anySent(batch)) {
    // Nothing reached the chain: the dapp gets the error and may retry with the same id.
    await services.batches.remove(origin, id);
    return { error: error.toObject() };
  }
  await services.batches.update(origin, id, (b) => ({ ...b, replyTo: undefined }));
  void followBatch(services, origin, id);
  // eth_sendTransaction answers with its transaction's hash, wallet_sendCalls with the batch id.
  if (batch.kind === 'transaction') return { result: batch.transactions[0].hash };
  return { result: { id, batchId: id, status: 'pending' } };
}

