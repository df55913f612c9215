/**
 * How a batch runs once approved. The executors share this interface, each in its own module with its steps in
 * order: atomic (one EIP-7702 self-call), sequential (one transaction per call), sponsored and usdc (one ERC-4337
 * userOp, its fee paid by a site's paymaster or in USDC).
 * The dispatcher (../run.ts, ../prepare.ts) only picks one.
 */
import type { Transaction } from 'ethers';
import type { DelegateKind } from '../../../shared/delegates';
import type { Network } from '../../../shared/networks';
import type { Hex } from '../../../shared/params';
import type { Accounts } from '../../accounts/accounts';
import type { Firewall } from '../../firewall/watch';
import type { Detection } from '../../networks/detection';
import type { Networks } from '../../networks/registry';
import type { ChainNode } from '../../networks/rpcClient';
import type { PollLoops } from '../../watch/pollLoop';
import type { BatchStore } from '../store';
import type { BatchRecord, Sponsorship } from '../types';

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
  /** Decodes a pending transaction when it is replaced. */
  transactionCode: { decodeTransaction(raw: Hex): Promise<Transaction> };
}

/** A batch before planning: who asks, for which account, which calls. */
export type BatchDraft = Pick<BatchRecord, 'id' | 'origin' | 'from' | 'calls'> & Partial<Pick<BatchRecord, 'kind' | 'dataSuffix' | 'authority' | 'delegateTo'>>;

export interface PlanContext {
  node: ChainNode;
  network: Network;
  /** The account already delegates to one of the wallet's delegates: `delegate`, Simple7702Account when absent. */
  upgraded: boolean;
  delegate?: DelegateKind;
  /** Set for sponsored batches: which ERC-7677 service pays. */
  sponsorship?: Sponsorship;
  /** Set for a fee in USDC: the bundler that estimates and takes the userOp, and its host (named when it fails). */
  bundler?: { node: ChainNode; host: string };
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
