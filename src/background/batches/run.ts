/** An approved batch: its executor signs and sends it, one sender at a time per account, and its answer is built. */
import { BatchErrorCode, ErrorCode, RpcError, isServerSaid, serverCoded } from '../../shared/errors';
import type { FeeSource } from '../../shared/fees';
import type { BatchDeps } from './executors/executor';
import { executorOf } from './executors';
import { followBatch } from './follow';
import { withAccountLock } from './nonceLock';
import { anySent } from './status';
import type { BatchRecord } from './types';
import type { Hex } from '../../shared/params';

/** A failed batch as kept: a server's message marked as its claim. */
const failedWith = (error: RpcError): Partial<BatchRecord> => ({ state: 'failed', error: error.message, ...(isServerSaid(error) && { errorBy: 'server' }) });

/** Returns the batch as it stands after sending; `failed` with the error when nothing more could be sent. */
export async function runBatch(deps: BatchDeps, origin: string, id: string): Promise<{ batch: BatchRecord; error?: RpcError }> {
  // Read unchecked: an altered record is returned with its own error below.
  const found = await deps.batches.stored(origin, id);
  if (!found) throw new RpcError(ErrorCode.internal, `No batch ${id}`);
  return withAccountLock(found.from, async () => {
    const batch = (await deps.batches.stored(origin, id))!;
    if (batch.state !== 'approved' && batch.state !== 'sending') return { batch };
    if (!(await deps.batches.authentic(batch))) {
      console.warn(`[batches] ${origin} ${id} was changed outside the wallet: nothing is signed or sent for it`);
      // Left as it stands: the store writes nothing on a record it did not write (store.ts update).
      return { batch, error: new RpcError(ErrorCode.internal, 'The batch record was changed outside the wallet; nothing was signed or sent') };
    }
    try {
      return { batch: await executorOf(batch).send(deps, batch) };
    } catch (thrown) {
      // A node's provider code (a 4001 as the user's refusal, a 5710 marking the chain) is no answer of the wallet's.
      const error = thrown instanceof RpcError ? serverCoded(thrown) : new RpcError(ErrorCode.serverError, (thrown as Error).message);
      if (error.code === BatchErrorCode.unsupportedChain) await deps.networks.markWithoutEip7702(batch.chainId);
      const failed = await deps.batches.update(origin, id, (b) => ({ ...b, ...failedWith(error) }));
      return { batch: failed, error };
    }
  });
}

/** What the screen's answer chose: the fee tier, who pays the fee (wallet_sendCalls), the words it showed. */
export type BatchChoices = Pick<Partial<BatchRecord>, 'feeTier' | 'reviews'> & { feeSource?: FeeSource };

/**
 * The user approved (with `choices` from the screen, and the words it showed): sends the batch and returns it as sent
 * (throws the error when nothing was sent); receipts are then followed in the background. Safe to call again (an
 * approval finished after a worker restart): a batch already sent is only returned.
 */
export async function sendBatch(deps: BatchDeps, origin: string, id: string, choices: BatchChoices = {}): Promise<BatchRecord> {
  const { feeSource, ...chosen } = choices;
  // Spread over the record the update checks: a copy put in for this read, the wallet's put back before the write,
  // would be sealed as approved and sent.
  const waiting = await deps.batches.get(origin, id);
  let paid = waiting;
  if (waiting?.state === 'awaiting-approval' && (waiting.feeChoices || feeSource)) {
    try {
      paid = await deps.usdcBatchCode.paidWith(waiting, feeSource);
    } catch (refused) {
      // A pick the screen did not offer: the batch was never approved, and its id is free again.
      await deps.batches.remove(origin, id);
      throw refused;
    }
  }
  await deps.batches.update(origin, id, (b) => (b.state === 'awaiting-approval' ? { ...b, ...paid, ...chosen, state: 'approved' } : b));
  const { batch, error } = await runBatch(deps, origin, id);
  if (error && !anySent(batch)) {
    // Nothing reached the chain: the dapp gets the error. Its id is freed for a retry only while nothing was signed:
    // signed bytes that exist could still be mined by whoever holds them, so their batch keeps its id (5720, status 400).
    // Told by the wallet's own record only: a copy without transactions read as it resumes is no sign nothing was sent.
    if (batch.transactions.length === 0 && !batch.userOperation && (await deps.batches.authentic(batch))) await deps.batches.remove(origin, id);
    throw error;
  }
  void followBatch(deps, origin, id);
  return batch;
}

/** wallet_sendCalls' answer: the batch id (as `id`, and as `batchId` for libraries of the earlier draft). */
export const sentCalls = (id: string): { id: string; batchId: string; status: 'pending' } => ({ id, batchId: id, status: 'pending' });

/** sendBatch, answered as the page that asked expects: eth_sendTransaction its transaction's hash, wallet_sendCalls the batch id. */
export async function sendApproved(deps: BatchDeps, origin: string, id: string, choices: Pick<Partial<BatchRecord>, 'feeTier'> = {}): Promise<Hex | ReturnType<typeof sentCalls>> {
  const batch = await sendBatch(deps, origin, id, choices);
  return batch.kind === 'transaction' ? batch.transactions[0].hash : sentCalls(id);
}
