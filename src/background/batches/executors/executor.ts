/**
 * How a batch runs once approved. The executors share this interface, each in its own module with its steps in
 * order: atomic (one EIP-7702 self-call), sequential (one transaction per call), sponsored and usdc (one ERC-4337
 * userOp, its fee paid by a site's paymaster or in USDC).
 * The dispatcher (../run.ts, ../prepare.ts) only picks one.
 */
import type { BaseWallet, Transaction } from 'ethers';
import type { SendCallsDetails } from '../../../shared/approvals/batch';
import type { FeeSource } from '../../../shared/fees';
import type { LoadedOnCall } from '../../../shared/lazy';
import type { AccountKind, DelegateKind } from '../../../shared/delegates';
import type { Network, UsdcPaymaster } from '../../../shared/networks';
import type { ActivityItem } from '../../../shared/activity';
import type { SendUsdcQuote } from '../../../shared/send';
import type { Hex } from '../../../shared/params';
import type { DecodedCall } from '../../../shared/decodedCall';
import type { Accounts } from '../../accounts/accounts';
import type { Firewall } from '../../firewall/watch';
import type { Detection } from '../../networks/detection';
import type { Networks } from '../../networks/registry';
import type { ChainNode } from '../../networks/rpcClient';
import type { PollLoops } from '../../watch/pollLoop';
import type { SentOperation } from '../../usdcFees/paidFee';
import type { BatchStore } from '../store';
import type { BatchCall, BatchRecord, SentUserOperation, Sponsorship } from '../types';

/** What executing a batch needs of the wallet, and nothing more. */
export interface BatchDeps {
  batches: BatchStore;
  accounts: Pick<Accounts, 'signer'>;
  networks: Pick<Networks, 'markWithoutEip7702' | 'sendsSync' | 'markWithoutSyncSend'>;
  nodeFor(chainId: Hex): Promise<ChainNode>;
  /** The bundler the user set for the network, else the sponsored batch's (chosen when it was prepared), else the public one (../sponsorship.ts bundlerUrlOf). */
  bundlerFor(chainId: Hex, sponsorship?: Sponsorship): Promise<ChainNode>;
  /** Where sent batches are followed: the network's shared poll loop. */
  loops: Pick<PollLoops, 'watch'>;
  /** The network's detected block time paces the following. */
  detection: Pick<Detection, 'stored'>;
  /** Looks at the accounts' delegations once a batch is final (absent in tests of the batches alone). */
  firewall?: Pick<Firewall, 'check'>;
  /** Plans and pays a fee in USDC (in the worker's later script). */
  usdcBatchCode: UsdcBatchCode;
  /** Signs, sends and follows a sponsored or USDC-paid batch's userOp (in the worker's later script). */
  userOperationCode: UserOperationCode;
  /** Decodes a pending transaction when it is replaced. */
  transactionCode: { decodeTransaction(raw: Hex): Promise<Transaction> };
}

/** A batch before planning: who asks, for which account, which calls. */
export type BatchDraft = Pick<BatchRecord, 'id' | 'origin' | 'from' | 'calls'> & Partial<Pick<BatchRecord, 'kind' | 'dataSuffix' | 'authority' | 'delegateTo' | 'sequentialFallback'>>;

export interface PlanContext {
  node: ChainNode;
  network: Network;
  /** The account already delegates to one of the wallet's delegates: `delegate`, Simple7702Account when absent. */
  upgraded: boolean;
  delegate?: DelegateKind;
  /** Set for sponsored batches: which ERC-7677 service pays. */
  sponsorship?: Sponsorship;
  /** Whose account: an upgrade of a Ledger account delegates to the Ledger app's delegate. */
  account?: AccountKind;
  /** Set for a fee in USDC: the bundler that estimates and takes the userOp, its host (named when it fails), and the fee's code. */
  usdc?: { bundler: ChainNode; host: string; code: UsdcBatchCode };
}

export interface Executor {
  /** Before the approval: how the batch will run, with its gas (or its sponsor). Nothing is signed. */
  plan(context: PlanContext, draft: BatchDraft): Promise<BatchRecord>;
  /**
   * After the approval: signs (and stores) everything before sending, then sends what is unsent. Run again after a
   * worker restart, it sends the same signed bytes, so no call is lost or repeated.
   */
  send(deps: BatchDeps, batch: BatchRecord): Promise<BatchRecord>;
  /** Asks the chain (or bundler) once for the receipts still missing and stores what it has. */
  refresh(deps: BatchDeps, batch: BatchRecord, node?: ChainNode): Promise<BatchRecord>;
}

/** A record fresh from planning: waiting for the user, nothing signed. */
export const planned = (draft: BatchDraft, network: Network, fields: Pick<BatchRecord, 'atomic' | 'upgrade' | 'gasLimits'> & Required<Pick<BatchRecord, 'executor'>> & Partial<BatchRecord>): BatchRecord => ({
  ...draft,
  chainId: network.chainId,
  state: 'awaiting-approval',
  transactions: [],
  createdAt: Date.now(),
  ...fields,
});

/** What the fee sources of a batch no site sponsors are weighed with (../prepare.ts). */
export interface FeePlanning {
  /** The max fee per gas the screen caps a fee in ETH with (the market tier's). */
  maxFeePerGas: Promise<bigint>;
  /** The bundler a fee in USDC goes through (the user's for the network, else the public one) and its host; absent: none. */
  bundler?: { node: () => Promise<ChainNode>; host: string };
  code: UsdcBatchCode;
}

/** A batch's fee sources to weigh: its ETH plan, and the draft a userOp paid in USDC would carry. */
export interface FeeSourcesRequest {
  context: PlanContext;
  ethPlan: Promise<BatchRecord>;
  draft: BatchDraft;
  /** The account has code that is not one of the wallet's delegates. */
  otherCode: boolean;
  fees: FeePlanning;
}

/** The popup's Send asks what a fee in USDC would be for one call (../usdcSendQuote.ts). */
export interface UsdcSendQuoteRequest {
  network: Network;
  origin: string;
  from: Hex;
  call: BatchCall;
  /** `from` is a Ledger account: its device does not sign a fee in USDC yet (docs/ledger.md, step 5). */
  ledger?: boolean;
  /** The bundler wallet_sendCalls would plan with (the user's for the network, else the public one; absent: none), and this code's facade. */
  fees: Pick<FeePlanning, 'bundler' | 'code'>;
}

/** A fee in USDC's code as the worker's later script holds it (./usdcCode.ts, ../feeOptions.ts; laterModules.ts). */
export interface UsdcLaterCode {
  planUsdc(context: PlanContext, draft: BatchDraft): Promise<BatchRecord>;
  buildUsdcOperation(node: ChainNode, bundler: ChainNode, wallet: BaseWallet, batch: BatchRecord): Promise<SentUserOperation>;
  withFeeSources(request: FeeSourcesRequest): Promise<BatchRecord>;
  feeSourcesShown(batch: BatchRecord, preferred: FeeSource | undefined): SendCallsDetails['feeSources'];
  paidWith(batch: BatchRecord, source: FeeSource | undefined): BatchRecord;
  /** The popup's Send: a fee in USDC for this call, quoted, or why not (../usdcSendQuote.ts). */
  usdcSendQuote(node: ChainNode, request: UsdcSendQuoteRequest): Promise<SendUsdcQuote>;
  /** Activity: what a landed userOp paid in USDC, from its paymaster's event in the receipt (../../usdcFees/paidFee.ts). */
  usdcFeePaid(sent: SentOperation, usdc: UsdcPaymaster, cap?: string): ActivityItem['usdcFee'];
}

export type UsdcBatchCode = LoadedOnCall<UsdcLaterCode>;

/** The userOp executors' steps after the approval as the worker's later script holds them (./userOperationCode.ts). */
export interface UserOperationLaterCode {
  sendSponsored(deps: BatchDeps, batch: BatchRecord): Promise<BatchRecord>;
  refreshSponsored(deps: BatchDeps, batch: BatchRecord, node?: ChainNode): Promise<BatchRecord>;
  sendUsdc(deps: BatchDeps, batch: BatchRecord): Promise<BatchRecord>;
  refreshUsdc(deps: BatchDeps, batch: BatchRecord, node?: ChainNode): Promise<BatchRecord>;
  /** A sponsored batch's calls as shown, each whose bytes as signed let its paymaster take tokens named a danger (../sponsorAllowance.ts); others' as they are. */
  withPaymasterAllowances(calls: DecodedCall[], batch: Pick<BatchRecord, 'calls' | 'sponsor'>, network: Pick<Network, 'chainId' | 'usdcPaymaster'>): DecodedCall[];
}

export type UserOperationCode = LoadedOnCall<UserOperationLaterCode>;
