/**
 * What the wallet's own pages (popup, approval window) may ask the background: each method's params and result.
 * The background serves them through its second method table (background/pages/), only to the extension's pages.
 */
import type { ApprovalView, RejectReason } from './approvals';
import type { Network } from './networks';
import type { Preview } from './preview';
import type { Hex } from './params';
import type { TokenBalance, WatchedToken } from './tokens';

export interface AccountView {
  address: Hex;
  name: string;
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
  networks: Network[];
  selectedChainId: Hex;
  sites: { origin: string; accounts: Hex[] }[];
  approvals: ApprovalView[];
  autoLockMinutes: number;
  metaMaskCompatibility: MetaMaskCompatibility;
}

/** A batch in the popup's Activity list. */
export interface ActivityItem {
  key: string;
  id: string;
  origin: string;
  chainId: Hex;
  from: Hex;
  atomic: boolean;
  status: number;
  calls: { to?: Hex; value: string }[];
  transactions: { hash: Hex; status?: Hex }[];
  explorerUrl?: string;
  error?: string;
  createdAt: number;
}

type Method<P, R> = { params: P; result: R };
type None = Record<never, never>;

export interface PageMethods {
  getState: Method<None, WalletState>;
  generatePhrase: Method<None, string>;
  createWallet: Method<{ mnemonic: string; password: string }, null>;
  unlock: Method<{ password: string }, null>;
  lock: Method<None, null>;
  addAccount: Method<None, AccountView>;
  selectAccount: Method<{ address: Hex }, null>;
  selectNetwork: Method<{ chainId: Hex }, null>;
  revokeSite: Method<{ origin: string }, null>;
  /** `answer`: the screen's value when approving (chosen accounts, a fee tier); checked per approval type. */
  resolveApproval: Method<{ id: string; approved: boolean; answer?: unknown; reason?: RejectReason }, null>;
  getBalance: Method<{ address: Hex }, Hex>;
  setAutoLock: Method<{ minutes: number }, null>;
  /** Without `origin`: for every site. `enabled` null: the site follows the global choice again. */
  setMetaMaskCompatibility: Method<{ origin?: string; enabled: boolean | null }, null>;
  getActivity: Method<None, ActivityItem[]>;
  getTokens: Method<{ account: Hex; chainId: Hex }, TokenBalance[]>;
  /** What a waiting batch or transaction would do, simulated; settles when the simulation does. */
  previewApproval: Method<{ id: string }, Preview>;
  addToken: Method<{ account: Hex; chainId: Hex; address: string }, WatchedToken>;
  removeToken: Method<{ account: Hex; chainId: Hex; address: Hex }, null>;
}

export type PageMethod = keyof PageMethods;
export type PageParams<M extends PageMethod> = PageMethods[M]['params'];
export type PageResult<M extends PageMethod> = PageMethods[M]['result'];

/** The runtime message a page sends. */
export interface PageRequest {
  type: 'page-request';
  method: string;
  params: unknown;
}

export function isPageRequest(value: unknown): value is PageRequest {
  const m = value as PageRequest | null;
  return typeof m === 'object' && m !== null && m.type === 'page-request' && typeof m.method === 'string';
}
