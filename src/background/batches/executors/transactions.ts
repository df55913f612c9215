/**
 * What the atomic and sequential executors share: a batch paid by the account as signed transactions. All are
 * signed and stored before the first is sent, then sent in nonce order. Sending is idempotent: a transaction is
 * marked sent before its bytes go out, and from then on those bytes are only ever sent again, never re-signed, so a
 * restart, a timeout or a node that went away cannot run a call twice. A sequential batch stops at the first
 * transaction the node refuses (later nonces could not be mined anyway); a call that reverts on chain stops nothing.
 */
import { keccak256, type BaseWallet, type TransactionRequest } from 'ethers';
import { BatchErrorCode, RpcError } from '../../../shared/errors';
import type { Hex } from '../../../shared/params';
import { normalizeTransactionError, TX_ERRORS } from '../../networks/nodeErrors';
import type { ChainNode } from '../../networks/rpcClient';
import { suggestFees, type Fees } from '../../fees/tiers';
import { capFees, fromHexFees } from '../fees';
import type { BatchRecord, BatchTransaction } from '../types';
import type { BatchDeps } from './executor';
import { NO_7702, refusesTransaction, unclear } from './nodeAnswers';
import { withReceipt } from './transactionReceipts';
import { sendBytes, type NodeReceipt } from './syncSend';

/** Signs the batch's transactions from `nonce` on, with `fees`. */
export type SignTransactions = (wallet: BaseWallet, batch: BatchRecord, nonce: number, fees: Fees) => Promise<BatchTransaction[]>;

/** Another transaction holds the nonce we signed with (another wallet on the same key). */
const NONCE_TAKEN: string[] = [TX_ERRORS.nonceTooLow, TX_ERRORS.underpriced];

class NonceTaken extends Error {
  constructor(readonly refusal: RpcError) {
    super(refusal.message);
  }
}

/** One signed transaction carrying the batch's calls at these indexes. */
export async function signTransaction(wallet: BaseWallet, tx: TransactionRequest, calls: number[]): Promise<BatchTransaction> {
  const raw = (await wallet.signTransaction(tx)) as Hex;
  return { hash: keccak256(raw) as Hex, raw, nonce: Number(tx.nonce), calls, sent: false };
}

const known = async (node: ChainNode, hash: Hex): Promise<boolean> =>
  Boolean((await node('eth_getTransactionReceipt', [hash])) ?? (await node('eth_getTransactionByHash', [hash])));

/**
 * Resolves when the node holds the bytes (or may: an unclear or unknown answer), with the receipt when the node gave
 * it; throws when it refused them.
 */
async function broadcast(deps: BatchDeps, node: ChainNode, batch: BatchRecord, tx: BatchTransaction, sync: boolean): Promise<NodeReceipt | undefined> {
  try {
    return await sendBytes(deps, node, batch, tx.raw, sync);
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
    // Only an answer nodes give when they refuse the bytes fails the batch: anything else (a gateway's own words) may
    // have relayed them, so they are followed by their nonce like an answer that never came.
    if (unclear(error) || !refusesTransaction(error)) return undefined;
    const normalized = normalizeTransactionError(error) as RpcError;
    if (normalized.message === TX_ERRORS.alreadyKnown) return undefined;
    // Mined already (a send whose answer was lost)?
    if (normalized.message === TX_ERRORS.nonceTooLow && (await known(node, tx.hash))) return undefined;
    if (NONCE_TAKEN.includes(normalized.message)) throw new NonceTaken(normalized);
    if (batch.upgrade && NO_7702.test((error as RpcError).message)) {
      throw new RpcError(BatchErrorCode.unsupportedChain, 'EIP-7702 not supported on the specified chain id: the node refused the type-4 transaction', normalized.toObject());
    }
    throw normalized;
  }
}

/** The nonce and fees the batch's transactions are signed with: the dapp's nonce or the next, today's fees within the tier's cap. */
export async function signingTerms(node: ChainNode, batch: Pick<BatchRecord, 'from' | 'chainId' | 'nonce' | 'fees' | 'feeCaps' | 'feeTier'>): Promise<{ nonce: number; fees: Fees }> {
  const tier = batch.feeTier ?? 'market';
  const [nonce, fees] = await Promise.all([
    batch.nonce ?? node<Hex>('eth_getTransactionCount', [batch.from, 'pending']),
    batch.fees ? fromHexFees(batch.fees) : suggestFees(node, batch.chainId, tier).then((today) => capFees(today, batch.feeCaps && fromHexFees(batch.feeCaps[tier]))),
  ]);
  return { nonce: Number(nonce), fees };
}

async function signAll(deps: BatchDeps, node: ChainNode, batch: BatchRecord, sign: SignTransactions): Promise<BatchRecord> {
  const wallet = await deps.accounts.signer(batch.from);
  const { nonce, fees } = await signingTerms(node, batch);
  const transactions = await sign(wallet, batch, nonce, fees);
  return deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, state: 'sending', transactions }));
}

/** `last`: the batch is `sent` with it (every transaction handed over), in the same write. */
const markSent = (deps: BatchDeps, batch: BatchRecord, hash: Hex, sent: boolean, last = false): Promise<BatchRecord> =>
  deps.batches.update(batch.origin, batch.id, (b) => ({
    ...b,
    ...(last ? { state: 'sent' as const } : {}),
    transactions: b.transactions.map((t) => (t.hash === hash ? { ...t, sent } : t)),
  }));

/** The receipt the sending answered with, stored as a look would (pre-confirmed or not against the node's latest block). */
async function storeReceipt(deps: BatchDeps, node: ChainNode, batch: BatchRecord, hash: Hex, found: NodeReceipt): Promise<BatchRecord> {
  const head = await node<Hex>('eth_blockNumber').then(Number, () => undefined);
  // Without the head it cannot be told pre-confirmed or not: left to the first look.
  if (head === undefined) return batch;
  return deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, transactions: b.transactions.map((t) => (t.hash === hash ? withReceipt(t, found, head) : t)) }));
}

async function sendUnsent(deps: BatchDeps, node: ChainNode, batch: BatchRecord): Promise<BatchRecord> {
  const unsent = batch.transactions.filter((t) => !t.sent);
  // Only the last goes through eth_sendRawTransactionSync: its receipt means every earlier nonce landed too, so the
  // batch waits for one inclusion, not one per transaction.
  const sync = unsent.length > 0 && (await deps.networks.sendsSync(batch.chainId));
  for (const tx of unsent) {
    const last = tx === unsent[unsent.length - 1];
    // Marked first: a worker that stops while the request is out must treat these bytes as possibly sent. With the
    // last one the batch is sent, so its status follows the chain while a sync send still waits for its answer.
    batch = await markSent(deps, batch, tx.hash, true, last);
    let receipt: NodeReceipt | undefined;
    try {
      receipt = await broadcast(deps, node, batch, tx, sync && last);
    } catch (error) {
      // Refused: the node does not hold these bytes, and they are not on chain (the caller fails the batch).
      await markSent(deps, batch, tx.hash, false);
      throw error;
    }
    if (receipt) batch = await storeReceipt(deps, node, batch, tx.hash, receipt);
  }
  // Resumed with nothing left unsent.
  return batch.state === 'sent' ? batch : deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, state: 'sent' }));
}

/** Signs when nothing is signed yet, then sends what is unsent. */
export async function sendTransactions(deps: BatchDeps, batch: BatchRecord, sign: SignTransactions): Promise<BatchRecord> {
  const node = await deps.nodeFor(batch.chainId);
  if (batch.transactions.length === 0) batch = await signAll(deps, node, batch, sign);
  try {
    return await sendUnsent(deps, node, batch);
  } catch (error) {
    if (!(error instanceof NonceTaken)) throw error;
    // Signed again only when none of these bytes ever left (the node refused the very first): then no earlier send
    // can be mined, so new bytes cannot run a call twice. A nonce the dapp chose is its own business.
    // Signed from: a copy put in for this read, the wallet's put back before the signed bytes are stored, would be sent.
    const stored = (await deps.batches.get(batch.origin, batch.id))!;
    if (stored.nonce !== undefined || stored.transactions.some((t) => t.sent)) throw error.refusal;
    try {
      return await sendUnsent(deps, node, await signAll(deps, node, stored, sign));
    } catch (again) {
      throw again instanceof NonceTaken ? again.refusal : again;
    }
  }
}
