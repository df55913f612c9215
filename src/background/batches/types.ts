import type { CallReview } from '../../shared/decodedCall';
import type { RpcUserOperation } from '../../shared/erc4337';
import type { DelegateKind } from '../../shared/delegates';
import type { FeeSource, FeeTier, FeeWords } from '../../shared/fees';
import type { UsdcPaymaster } from '../../shared/networks';
import type { HexFees } from './fees';
import type { Hex } from '../../shared/params';

export interface BatchCall {
  /** Absent for a contract creation (eth_sendTransaction without `to`). */
  to?: Hex;
  /** Wei, hex. */
  value: Hex;
  /** The call as the contract executes it: what every screen and record reads. Never carries an attribution. */
  data: Hex;
  gasLimitOverride?: Hex;
  /**
   * ERC-8021: the attribution this call's own transaction carries after `data` (a sequential batch; prepare.ts picks
   * the calls). Only what signs, estimates, prices or simulates the transaction appends it (encoding.ts `signedData`).
   */
  suffix?: Hex;
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

/**
 * Where something the batch put out (a transaction, a userOp) stands on chain. Once `sent` it is only ever sent
 * again as the same bytes, never replaced: the node may have it even when it did not say so.
 */
export interface Submission {
  /** Broadcast at least once (or about to be: set before the request goes out). */
  sent: boolean;
  /** As last seen; removed again when a reorg takes its block away. */
  receipt?: CallReceipt;
  /**
   * The receipt is from a block the node has not sealed yet (a flashblocks pre-confirmation): its block number was
   * above the node's latest block when it was last seen.
   */
  preconfirmed?: true;
  /** The receipt's block is FINAL_CONFIRMATIONS deep: no longer checked for reorgs. */
  final?: boolean;
  /** It can never be included any more (its nonce went to something else, or the bundler lost it). */
  dropped?: boolean;
  /** The block number from which it was seen missing while it could no longer be included. */
  missingSince?: number;
}

/** One signed transaction of a batch, stored before it is sent so a restart resends the same bytes. */
export interface BatchTransaction extends Submission {
  hash: Hex;
  raw: Hex;
  nonce: number;
  /** Which calls of the batch it carries: all of them when atomic, one otherwise; none for a cancel. */
  calls: number[];
  /** Signed by Speed up or Cancel at the nonce of this earlier transaction of the batch. */
  replaces?: Hex;
  /** A later transaction of the batch at the same nonce (Speed up, Cancel) took this one's place. */
  replacedBy?: Hex;
  /** A 0-value transfer to the account itself: when it lands, the calls it replaced did not run. */
  cancel?: true;
  /**
   * Wei, hex: what it cost the account, gasUsed × effectiveGasPrice from the node's receipt; kept out of `receipt`,
   * which is what wallet_getCallsStatus returns. Absent while it has none, or when the node gave no valid price.
   */
  feePaid?: Hex;
}

/**
 * awaiting-approval → approved → sending → sent; `failed` when signing or sending stopped with an error
 * (what was sent before that stays sent).
 * An approved batch without transactions yet is signed on resume; a sending one resends what is unsent.
 */
export type BatchState = 'awaiting-approval' | 'approved' | 'sending' | 'sent' | 'failed';

/** Which executor runs a batch (executors/index.ts), chosen once when it is planned. */
export type ExecutorKind = 'atomic' | 'sequential' | 'sponsored' | 'usdc' | 'revokeDelegation' | 'revokeDelegationOf' | 'upgradeAccount';

export interface BatchRecord {
  /**
   * `transaction`: a single eth_sendTransaction, run by the same machinery but not an EIP-5792 batch.
   * `revokeDelegation`: the popup's "Revert to a plain account", one type-4 transaction authorizing address zero.
   * `revokeDelegationOf`: the same for `authority`, sent and paid by `from` (the delegation firewall's revert).
   * `upgradeAccount`: a first grant's upgrade, one type-4 transaction authorizing `delegateTo`.
   */
  kind?: 'transaction' | 'revokeDelegation' | 'revokeDelegationOf' | 'upgradeAccount';
  /** Set by the executor's plan; records stored before it existed have none (executors/index.ts tells theirs from the flags). */
  executor?: ExecutorKind;
  id: string;
  origin: string;
  chainId: Hex;
  from: Hex;
  /** `revokeDelegationOf`: the account whose delegation the transaction clears (its authorization, another's gas). */
  authority?: Hex;
  /** `upgradeAccount`: the delegate its authorization names. */
  delegateTo?: Hex;
  atomic: boolean;
  /** The account still has to be delegated to Simple7702Account (the transaction carries the authorization). */
  upgrade: boolean;
  /**
   * A Ledger account's batch planned atomic though the site let it run sequentially (atomicRequired false): when the
   * device will not sign the upgrade it runs one transaction per call instead (rpc/devicePayloads.ts `sequential`).
   */
  sequentialFallback?: true;
  /**
   * Atomic and sponsored: the wallet's delegate the account was on when planned, whose call runs the batch and whose
   * signature its userOp takes (delegates.ts). Absent with an upgrade, and on records from before it was kept: Simple7702Account.
   */
  delegate?: DelegateKind;
  calls: BatchCall[];
  /**
   * The approval screen's words for each call (same order; null where no descriptor bound), kept when the user
   * approved (calls/recorded.ts). Absent when none bound, and on records approved before the words were kept.
   */
  reviews?: (CallReview | null)[];
  /** Gas limit per transaction: one entry when atomic, one per call otherwise. */
  gasLimits: Hex[];
  state: BatchState;
  /** Set by the dapp (eth_sendTransaction): signed exactly. */
  fees?: HexFees;
  /** What the approval screen showed per tier: signing uses today's fees of the chosen tier, never more than these. */
  feeCaps?: Record<FeeTier, HexFees>;
  /** The user's choice (eth_sendTransaction's screen); market otherwise. */
  feeTier?: FeeTier;
  /** A nonce the dapp chose; otherwise the account's pending nonce at signing time. */
  nonce?: number;
  transactions: BatchTransaction[];
  /** Gas sponsored through an ERC-7677 paymaster: the batch runs as one ERC-4337 UserOperation instead. */
  sponsor?: Sponsorship;
  /** ERC-8021: appended to the transaction's calldata (atomic) or the userOp's callData (sponsored); a sequential batch names it on the calls that carry it (`BatchCall.suffix`). */
  dataSuffix?: Hex;
  userOperation?: SentUserOperation;
  /** A fee in USDC as planned (executor `usdc`, or the alternative the user may pick instead of ETH). */
  usdcFee?: UsdcFeePlanned;
  /** The fee sources the screen offered; the user's pick must be one (none: nothing may be approved). Absent: no choice. */
  feeChoices?: FeeSource[];
  /** Why neither ETH nor USDC can pay the fee (`feeChoices` empty): what the screen says instead of an Approve. */
  feeReasons?: string[];
  /** The same reasons in words, in the same order, for the screen to say in the browser's language. */
  feeReasonWords?: FeeWords[];
  /** Why the batch is likely to fail, from gas estimation; shown on the approval screen. */
  warning?: string;
  error?: string;
  /** `error` is a server's message as it came (a node's, a bundler's): the screens say it as the server's, never as the wallet's. */
  errorBy?: 'server';
  createdAt: number;
  /** Its revision in the batches' ledger (storage/ledger.ts): only the latest copy is signed or sent. */
  revision?: number;
}

export interface BatchesSlice {
  /** EIP-5792 batches by "origin id" (store.ts batchKey). */
  batches: Record<string, BatchRecord>;
}
export const BATCHES_DEFAULTS: BatchesSlice = { batches: {} };

export interface Sponsorship {
  url: string;
  context: Record<string, unknown>;
  /**
   * Where the userOp goes and is followed: the network's bundler, or the paymaster service itself when the network has
   * none and the service bundles too. Absent on records from before it was chosen per batch: the network's bundler.
   */
  bundlerUrl?: string;
  /** From the stub's `sponsor`, shown on the approval screen. */
  name?: string;
  icon?: string;
  /** The paymaster contract of the stub the user approved (shown): the userOp is signed only with this one. */
  paymaster?: Hex;
}

/**
 * A userOp whose fee is paid in USDC through the chain's USDC paymaster, as its plan quoted it (token units, decimal):
 * `maximum` is the cap the user approves and the permit's amount. How the account runs it: one userOp, with the
 * upgrade (`upgrade`) when the account is not delegated yet, else through `delegate`.
 */
export interface UsdcFeePlanned {
  paymaster: UsdcPaymaster;
  expected: string;
  maximum: string;
  /** The planned op's fee per gas: the send never signs more, so the cap holds at today's price. */
  maxFeePerGas: Hex;
  upgrade: boolean;
  delegate?: DelegateKind;
  /** The host of the bundler it goes through, named when that bundler fails. */
  bundlerHost: string;
}

/** Signed and stored before it is sent, like a batch's transactions. */
export interface SentUserOperation extends Submission {
  op: RpcUserOperation;
  hash: Hex;
  /** The chain's head before it was signed: its UserOperationEvent can only be in a later block. Absent on older records. */
  fromBlock?: number;
  /** The block at which the bundler was last asked whether it holds it (and handed it again if not). */
  handedAt?: number;
  /** When it was first handed to a bundler (ms): the account's next userOp waits for it only so long after. Absent on older records. */
  sentAt?: number;
}
