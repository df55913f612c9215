/**
 * Runs an approved batch: sign all its transactions (stored before any is sent), then send the
 * unsent ones in nonce order. Safe to run again after a restart: it resends the same signed bytes,
 * so no call is lost or repeated. Sequential batches stop at the first transaction the node refuses
 * (later nonces could not be mined anyway); a call that reverts on chain does not stop the others.
 */
import { ErrorCode, RpcError } from '../../shared/errors';
import { BatchErrorCode } from '../../shared/schemas/sendCalls';
import type { Hex } from '../../shared/params';
import { normalizeTransactionError, TX_ERRORS } from '../networks/nodeErrors';
import type { ChainNode, Services } from '../services';
import { suggestFees } from './fees';
import { withAccountLock } from './nonceLock';
import { signBatch } from './sign';
import type { BatchRecord, BatchTransaction } from './types';

export type BatchDeps = Pick<Services, 'accounts' | 'batches' | 'nodeFor'>;

/** Type-4 transactions refused by a node that predates EIP-7702. */
const NO_7702 = /transaction type not supported|invalid transaction type|type 4|authorization list|eip-?7702/i;

async function send(node: ChainNode, tx: BatchTransaction): Promise<void> {
  try {
    await node('eth_sendRawTransaction', [tx.raw]);
  } catch (error) {
    const normalized = normalizeTransactionError(error);
    if (!(normalized instanceof RpcError)) throw normalized;
    // After a restart the node may already have these exact bytes, or have mined them.
    if (normalized.message === TX_ERRORS.alreadyKnown) return;
    if (normalized.message === TX_ERRORS.nonceTooLow && (await node('eth_getTransactionByHash', [tx.hash]))) return;
    if (NO_7702.test(String((error as RpcError).message))) {
      throw new RpcError(BatchErrorCode.unsupportedChain, 'EIP-7702 not supported on the specified chain id: the node refused the type-4 transaction', normalized.toObject());
    }
    throw normalized;
  }
}

async function signIfNeeded(deps: BatchDeps, node: ChainNode, batch: BatchRecord): Promise<BatchRecord> {
  if (batch.transactions.length > 0) return batch;
  const wallet = await deps.accounts.signer(batch.from);
  const [nonce, fees] = await Promise.all([node<Hex>('eth_getTransactionCount', [batch.from, 'pending']), suggestFees(node)]);
  const transactions = await signBatch(wallet, batch, Number(nonce), fees);
  return deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, state: 'sending', transactions }));
}

/** Returns the batch as it stands after sending; `failed` with the node's error when nothing more could be sent. */
export function runBatch(deps: BatchDeps, origin: string, id: string): Promise<{ batch: BatchRecord; error?: RpcError }> {
  return deps.batches.get(origin, id).then((found) => {
    if (!found) throw new RpcError(ErrorCode.internal, `No batch ${id}`);
    return withAccountLock(found.from, async () => {
      let batch = (await deps.batches.get(origin, id))!;
      if (batch.state !== 'approved' && batch.state !== 'sending') return { batch };
      const node = await deps.nodeFor(batch.chainId);
      batch = await signIfNeeded(deps, node, batch);
      for (const tx of batch.transactions.filter((t) => !t.sent)) {
        try {
          await send(node, tx);
        } catch (error) {
          const rpcError = error instanceof RpcError ? error : new RpcError(ErrorCode.internal, (error as Error).message);
          batch = await deps.batches.update(origin, id, (b) => ({ ...b, state: 'failed', error: rpcError.message }));
          return { batch, error: rpcError };
        }
        batch = await deps.batches.update(origin, id, (b) => ({
          ...b,
          transactions: b.transactions.map((t) => (t.hash === tx.hash ? { ...t, sent: true } : t)),
        }));
      }
      return { batch: await deps.batches.update(origin, id, (b) => ({ ...b, state: 'sent' })) };
    });
  });
}
