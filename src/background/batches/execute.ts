/**
 * Runs an approved batch: sign all its transactions (stored before any is sent), then send the
 * unsent ones in nonce order. Safe to run again after a restart: it resends the same signed bytes,
 * so no call is lost or repeated. Sequential batches stop at the first transaction the node refuses
 * (later nonces could not be mined anyway); a call that reverts on chain does not stop the others.
 */
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { BatchErrorCode } from '../../shared/schemas/sendCalls';
import { normalizeTransactionError, TX_ERRORS } from '../networks/nodeErrors';
import type { ChainNode, Services } from '../services';
import { suggestFees } from './fees';
import { withAccountLock } from './nonceLock';
import { signBatch } from './sign';
import { buildSponsored, sendUserOperation } from './sponsored';
import type { BatchRecord, BatchTransaction } from './types';

export type BatchDeps = Pick<Services, 'accounts' | 'batches' | 'networks' | 'nodeFor' | 'bundlerFor'>;

/**
 * A node that predates EIP-7702 refusing the type-4 transaction (geth: "transaction type not supported";
 * anvil: "EIP-7702 fields received but is not supported by the current hardfork"). Narrow on purpose:
 * a transient authorization error must not mark the chain as without EIP-7702.
 */
const NO_7702 = /transaction type not supported|invalid transaction type|7702.* not supported/i;

/** Another transaction took the nonce we signed with (another wallet on the same key): sign again once. */
const NONCE_TAKEN: string[] = [TX_ERRORS.nonceTooLow, TX_ERRORS.underpriced];

class NonceTaken extends Error {}

async function send(node: ChainNode, tx: BatchTransaction, upgrade: boolean): Promise<void> {
  try {
    await node('eth_sendRawTransaction', [tx.raw]);
  } catch (error) {
    const normalized = normalizeTransactionError(error);
    if (!(normalized instanceof RpcError)) throw normalized;
    // After a restart the node may already have these exact bytes, or have mined them.
    if (normalized.message === TX_ERRORS.alreadyKnown) return;
    if (normalized.message === TX_ERRORS.nonceTooLow && (await node('eth_getTransactionByHash', [tx.hash]))) return;
    if (NONCE_TAKEN.includes(normalized.message)) throw new NonceTaken(normalized.message);
    if (upgrade && NO_7702.test((error as RpcError).message)) {
      throw new RpcError(BatchErrorCode.unsupportedChain, 'EIP-7702 not supported on the specified chain id: the node refused the type-4 transaction', normalized.toObject());
    }
    throw normalized;
  }
}

async function sign(deps: BatchDeps, node: ChainNode, batch: BatchRecord): Promise<BatchRecord> {
  const wallet = await deps.accounts.signer(batch.from);
  const [nonce, fees] = await Promise.all([
    batch.nonce ?? node<Hex>('eth_getTransactionCount', [batch.from, 'pending']),
    batch.fees ? { maxFeePerGas: BigInt(batch.fees.maxFeePerGas), maxPriorityFeePerGas: BigInt(batch.fees.maxPriorityFeePerGas) } : suggestFees(node, batch.feeTier),
  ]);
  const transactions = await signBatch(wallet, batch, Number(nonce), fees);
  return deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, state: 'sending', transactions }));
}

async function sendUnsent(deps: BatchDeps, node: ChainNode, batch: BatchRecord): Promise<BatchRecord> {
  for (const tx of batch.transactions.filter((t) => !t.sent)) {
    await send(node, tx, batch.upgrade);
    batch = await deps.batches.update(batch.origin, batch.id, (b) => ({
      ...b,
      transactions: b.transactions.map((t) => (t.hash === tx.hash ? { ...t, sent: true } : t)),
    }));
  }
  return deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, state: 'sent' }));
}

async function runSponsored(deps: BatchDeps, node: ChainNode, batch: BatchRecord): Promise<BatchRecord> {
  const bundler = await deps.bundlerFor(batch.chainId);
  if (!batch.userOperation) {
    const built = await buildSponsored({ node, bundler, wallet: await deps.accounts.signer(batch.from) }, batch);
    batch = await deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, state: 'sending', userOperation: built }));
  }
  await sendUserOperation(bundler, batch.userOperation!);
  return deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, state: 'sent', userOperation: { ...b.userOperation!, sent: true } }));
}

async function run(deps: BatchDeps, batch: BatchRecord): Promise<BatchRecord> {
  const node = await deps.nodeFor(batch.chainId);
  if (batch.sponsor) return runSponsored(deps, node, batch);
  if (batch.transactions.length === 0) batch = await sign(deps, node, batch);
  try {
    return await sendUnsent(deps, node, batch);
  } catch (error) {
    // Signed again only while none of it went out (a nonce the dapp chose is its own business):
    // re-signing after a send would run the sent calls twice.
    const stored = (await deps.batches.get(batch.origin, batch.id))!;
    if (!(error instanceof NonceTaken) || stored.nonce !== undefined || stored.transactions.some((t) => t.sent)) throw error;
    return sendUnsent(deps, node, await sign(deps, node, stored));
  }
}

/** Returns the batch as it stands after sending; `failed` with the error when nothing more could be sent. */
export async function runBatch(deps: BatchDeps, origin: string, id: string): Promise<{ batch: BatchRecord; error?: RpcError }> {
  const found = await deps.batches.get(origin, id);
  if (!found) throw new RpcError(ErrorCode.internal, `No batch ${id}`);
  return withAccountLock(found.from, async () => {
    const batch = (await deps.batches.get(origin, id))!;
    if (batch.state !== 'approved' && batch.state !== 'sending') return { batch };
    try {
      return { batch: await run(deps, batch) };
    } catch (thrown) {
      const error = thrown instanceof RpcError ? thrown : new RpcError(ErrorCode.serverError, (thrown as Error).message);
      if (error.code === BatchErrorCode.unsupportedChain) await deps.networks.markWithoutEip7702(batch.chainId);
      const failed = await deps.batches.update(origin, id, (b) => ({ ...b, state: 'failed', error: error.message }));
      return { batch: failed, error };
    }
  });
}
