/** What the popup and the approval window render: the wallet's whole state (getState, background/pages/state.ts). */
import type { ApprovalView, PlanningView } from './approvals';
import type { Network } from './networks';
import type { Hex } from './params';
import type { UsdFeeds } from './priceFeedChains';

export interface AccountView {
  address: Hex;
  name: string;
  imported?: boolean;
  /** A Ledger account: it signs on the device. */
  ledger?: boolean;
}

/** Whether sites' providers say isMetaMask: for every site, and the sites with a choice of their own. */
export interface MetaMaskCompatibility {
  global: boolean;
  sites: Record<string, boolean>;
}
export interface WalletState {
  initialized: boolean;
  unlocked: boolean;
  /** After wrong passwords: epoch ms before which unlocking is refused, else null. */
  unlockRetryAt: number | null;
  accounts: AccountView[];
  selectedAccount: Hex | null;
  networks: NetworkView[];
  selectedChainId: Hex;
  sites: { origin: string; accounts: Hex[] }[];
  /** Origins on the phishing list the user chose to trust anyway. */
  phishingTrusted: string[];
  approvals: ApprovalView[];
  /** Requests still being planned, oldest first: the approval window shows the first while nothing else waits. */
  planning: PlanningView[];
  autoLockMinutes: number;
  metaMaskCompatibility: MetaMaskCompatibility;
  /** The names of the ERC-7730 descriptor files the user added. */
  userDescriptors: string[];
  /** Files the wallet stopped using at an update because they named no deployments, until the user removes them. */
  droppedDescriptors: string[];
  /** The delegation firewall: accounts delegating on the selected network to a contract the wallet did not choose. */
  foreignDelegations: ForeignDelegationView[];
}

/** A network, and what its USD price feeds can value (src/shared/priceFeedChains.ts): Home keeps room for the values. */
export type NetworkView = Network & { usdFeeds?: UsdFeeds };

/** An account of the wallet delegating (EIP-7702) to a contract the wallet did not choose. */
export interface ForeignDelegationView {
  account: Hex;
  delegate: Hex;
}
