/**
 * What the atomic and sequential executors share: a batch paid by the account as signed transactions. All are
 * signed and stored before the first is sent, then sent in nonce order; a sequential batch stops at the first one
 * the node refuses (later nonces could not be mined anyway), while a call that reverts on chain stops nothing.
 */
import { keccak256, type HDNodeWallet, type TransactionRequest } from 'ethers';
import { BatchErrorCode, RpcError } from '../../../shared/errors';
import type { Hex } from '../../../shared/params';
import { normalizeTransactionError, TX_ERRORS } from '../../networks/nodeErrors';
import type { ChainNode } from '../../networks/rpcClient';
import { suggestFees, type Fees } from '../fees';
import type { BatchRecord, BatchTransaction, CallReceipt } from '../types';
import type { BatchDeps } from './executor';

/** Signs the batch's transactions from `nonce` on, with `fees`. */
export type SignTransactions = (wallet: HDNodeWallet, batch: BatchRecord, nonce: number, fees: Fees) => Promise<BatchTransaction[]>;

/**
 * A node that predates EIP-7702 refusing the type-4 transaction (geth: "transaction type not supported";
 * anvil: "EIP-7702 fields received but is not supported by the current hardfork"). Narrow on purpose:
 * a transient authorization error must not mark the chain as without EIP-7702.
 */
const NO_7702 = /transaction type not supported|invalid transaction type|7702.* not supported/i;

/** Another transaction took the nonce we signed with (another wallet on the same key): sign again once. */
const NONCE_TAKEN: string[] = [TX_ERRORS.nonceTooLow, TX_ERRORS.underpriced];

class NonceTaken extends Error {}

/** One signed transaction carrying the batch's calls at these indexes. */
export async function signTransaction(wallet: HDNodeWallet, tx: TransactionRequest, calls: number[]): Promise<BatchTransaction> {
  const raw = (await wallet.signTransaction(tx)) as Hex;
  return { hash: keccak256(raw) as Hex, raw, nonce: Number(tx.nonce), calls, sent: false };
}

async function sendOne(node: ChainNode, tx: BatchTransaction, upgrade: boolean): Promise<void> {
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

async function signAll(deps: BatchDeps, node: ChainNode, batch: BatchRecord, sign: SignTransactions): Promise<BatchRecord> {
  const wallet = await deps.accounts.signer(batch.from);
  const [nonce, fees] = await Promise.all([
    batch.nonce ?? node<Hex>('eth_getTransactionCount', [batch.from, 'pending']),
    batch.fees ? { maxFeePerGas: BigInt(batch.fees.maxFeePerGas), maxPriorityFeePerGas: BigInt(batch.fees.maxPriorityFeePerGas) } : suggestFees(node, batch.feeTier),
  ]);
  const transactions = await sign(wallet, batch, Number(nonce), fees);
  return deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, state: 'sending', transactions }));
}

async function sendUnsent(deps: BatchDeps, node: ChainNode, batch: BatchRecord): Promise<BatchRecord> {
  for (const tx of batch.transactions.filter((t) => !t.sent)) {
    await sendOne(node, tx, batch.upgrade);
    batch = await deps.batches.update(batch.origin, batch.id, (b) => ({
      ...b,
      transactions: b.transactions.map((t) => (t.hash === tx.hash ? { ...t, sent: true } : t)),
    }));
  }
  return deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, state: 'sent' }));
}

/** Signs when nothing is signed yet, then sends what is unsent. */
export async function sendTransactions(deps: BatchDeps, batch: BatchRecord, sign: SignTransactions): Promise<BatchRecord> {
  const node = await deps.nodeFor(batch.chainId);
  if (batch.transactions.length === 0) batch = await signAll(deps, node, batch, sign);
  try {
    return await sendUnsent(deps, node, batch);
  } catch (error) {
    // Signed again only while none of it went out (a nonce the dapp chose is its own business):
    // re-signing after a send would run the sent calls twice.
    const stored = (await deps.batches.get(batch.origin, batch.id))!;
    if (!(error instanceof NonceTaken) || stored.nonce !== undefined || stored.transactions.some((t) => t.sent)) throw error;
    return sendUnsent(deps, node, await signAll(deps, node, stored, sign));
  }
}

interface NodeReceipt extends CallReceipt {
  [extra: string]: unknown;
}

/** The receipt fields EIP-5792 reports, from a node's receipt. */
export const toCallReceipt = (r: NodeReceipt): CallReceipt => ({
  logs: r.logs.map(({ address, data, topics }) => ({ address, data, topics })),
  status: r.status,
  blockHash: r.blockHash,
  blockNumber: r.blockNumber,
  gasUsed: r.gasUsed,
  transactionHash: r.transactionHash,
});

/** Asks the node once for every sent transaction without a receipt, and stores what it has. */
export async function refreshTransactions(deps: BatchDeps, batch: BatchRecord, node?: ChainNode): Promise<BatchRecord> {
  const missing = batch.transactions.filter((t) => t.sent && !t.receipt);
  if (missing.length === 0) return batch;
  const chain = node ?? (await deps.nodeFor(batch.chainId));
  const found = await Promise.all(missing.map((t) => chain<NodeReceipt | null>('eth_getTransactionReceipt', [t.hash])));
  const byHash = new Map<Hex, CallReceipt>();
  found.forEach((r, i) => r && byHash.set(missing[i].hash, toCallReceipt(r)));
  if (byHash.size === 0) return batch;
  return deps.batches.update(batch.origin, batch.id, (b) => ({
    ...b,
    transactions: b.transactions.map((t) => (byHash.has(t.hash) ? { ...t, receipt: byHash.get(t.hash) } : t)),
  }));
}
