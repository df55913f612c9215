import type { Hex } from '../../shared/params';
import type { ReplyTarget } from '../approvals/types';

export interface BatchCall {
  to: Hex;
  /** Wei, hex. */
  value: Hex;
  data: Hex;
  gasLimitOverride?: Hex;
}

/** The receipt fields EIP-5792 reports. */
export interface CallReceipt {
  logs: { address: Hex; data: Hex; topics: Hex[] }[];
  status: Hex;
  blockHash: Hex;
  blockNumber: Hex;
  gasUsed: Hex;
  transactionHash: Hex;
}

/** One signed transaction of a batch, stored before it is sent so a restart resends the same bytes. */
export interface BatchTransaction {
  hash: Hex;
  raw: Hex;
  nonce: number;
  /** Which calls of the batch it carries: all of them when atomic, one otherwise. */
  calls: number[];
  sent: boolean;
  receipt?: CallReceipt;
}

/**
 * awaiting-approval → approved → sending → sent; `failed` when the node refused the first transaction.
 * An approved batch without transactions yet is signed on resume; a sending one resends what is unsent.
 */
export type BatchState = 'awaiting-approval' | 'approved' | 'sending' | 'sent' | 'failed';

export interface BatchRecord {
  id: string;
  origin: string;
  chainId: Hex;
  from: Hex;
  atomic: boolean;
  /** The account still has to be delegated to Simple7702Account (the transaction carries the authorization). */
  upgrade: boolean;
  calls: BatchCall[];
  /** Gas limit per transaction: one entry when atomic, one per call otherwise. */
  gasLimits: Hex[];
  state: BatchState;
  transactions: BatchTransaction[];
  error?: string;
  createdAt: number;
  /** The page waiting for wallet_sendCalls' answer, until it has it (a restart mid-send still answers). */
  replyTo?: ReplyTarget;
}
