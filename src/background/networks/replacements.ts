/**
 * The 10% replacement rule, enforced by the wallet for transactions it relayed, because some
 * nodes (anvil) accept a replacement with a smaller fee bump.
 */
import type { Transaction } from 'ethers';
import { ErrorCode, RpcError } from '../../shared/errors';
import { isObject } from '../../shared/isObject';
import type { Hex } from '../../shared/params';
import { TX_ERRORS } from './nodeErrors';

/** A transaction this wallet relayed, kept to enforce the 10% replacement rule on any node. */
export interface SentTransaction {
  /** The network it was sent to: the same account and nonce on another chain is another transaction. */
  chainId: Hex;
  from: Hex;
  nonce: number;
  hash: Hex;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
}

export interface SentTransactionsSlice {
  sentTransactions: SentTransaction[];
}
export const SENT_TRANSACTIONS_DEFAULTS: SentTransactionsSlice = { sentTransactions: [] };

/** How many relayed transactions are remembered; older ones are long mined or dropped. */
export const MAX_REMEMBERED = 256;

export function toSentTransaction(tx: Transaction, chainId: Hex): SentTransaction {
  const gasPrice = tx.gasPrice ?? 0n;
  return {
    chainId,
    from: tx.from as Hex,
    nonce: tx.nonce,
    hash: tx.hash as Hex,
    maxFeePerGas: String(tx.maxFeePerGas ?? gasPrice),
    maxPriorityFeePerGas: String(tx.maxPriorityFeePerGas ?? gasPrice),
  };
}

/** What BigInt reads: the chain id in hex, the fees as the wallet writes them (decimal) or in hex. */
const isInteger = (value: unknown): boolean => typeof value === 'string' && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value);

/**
 * An entry as the wallet writes it. storage.local is writable by content scripts (Firefox): a null among the entries, or
 * one whose chain id or fees BigInt cannot read, made every site's eth_sendRawTransaction throw until the wallet was reset.
 */
const isSentTransaction = (value: unknown): value is SentTransaction =>
  isObject(value) && typeof value.chainId === 'string' && value.chainId.startsWith('0x') && isInteger(value.chainId) && typeof value.from === 'string' &&
  typeof value.nonce === 'number' && typeof value.hash === 'string' && isInteger(value.maxFeePerGas) && isInteger(value.maxPriorityFeePerGas);

const sameSlot = (a: SentTransaction, b: SentTransaction): boolean =>
  BigInt(a.chainId) === BigInt(b.chainId) && a.nonce === b.nonce && a.from.toLowerCase() === b.from.toLowerCase();

export function findSameNonce(sent: SentTransaction[], tx: SentTransaction): SentTransaction | undefined {
  return sent.find((s) => isSentTransaction(s) && sameSlot(s, tx) && s.hash !== tx.hash);
}

const bumped = (next: string, previous: string): boolean => BigInt(next) * 10n >= BigInt(previous) * 11n;

/** Both fee caps must rise by at least 10%, as geth requires. */
export function assertReplacementBump(previous: SentTransaction, next: SentTransaction): void {
  if (bumped(next.maxFeePerGas, previous.maxFeePerGas) && bumped(next.maxPriorityFeePerGas, previous.maxPriorityFeePerGas)) return;
  throw new RpcError(ErrorCode.serverError, TX_ERRORS.underpriced, {
    reason: `a transaction with nonce ${next.nonce} from ${next.from} is pending (${previous.hash}); a replacement must raise maxFeePerGas and maxPriorityFeePerGas by at least 10%`,
  });
}

export function remember(sent: SentTransaction[], tx: SentTransaction): SentTransaction[] {
  const others = sent.filter((s) => isSentTransaction(s) && !sameSlot(s, tx));
  return [...others, tx].slice(-MAX_REMEMBERED);
}
