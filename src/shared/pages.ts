/**
 * What the wallet's own pages (popup, approval window) may ask the background: each method's params and result.
 * The background serves them through its second method table (background/pages/), only to the extension's pages.
 */
import type { ActivityItem } from './activity';
import type { GrantView } from './grants';
import type { AllowanceKind, AllowanceView } from './allowances';
import type { RejectReason } from './approvals';
import type { DeviceRequest, DeviceSignature } from './deviceSigning';
import type { CollectibleHolding, CollectibleMetadata } from './collectibles';
import type { NetworkStatus } from './networkFacts';
import type { Preview } from './preview';
import type { Hex } from './params';
import type { PopupTransaction, SendQuote } from './send';
import type { AssetValues, TokenBalance, WatchedToken } from './tokens';
import type { UnusedDescriptor } from './unusedDescriptors';
import type { AccountView, ForeignDelegationView, WalletState } from './walletState';

/** A Ledger account the add-account page adds: the device's address at `path` (as `44'/60'/0'/0/0`). */
export interface LedgerAccountForm {
  address: Hex;
  path: string;
  name?: string;
}

/** What the user types to reset the wallet. */
export const RESET_CONFIRMATION = 'RESET';

/** The selected account's EIP-7702 delegation on the selected network. */
export interface DelegationView {
  account: Hex;
  chainId: Hex;
  networkName: string;
  eip7702: boolean;
  /** The contract the account delegates to, or null for a plain account. */
  delegate: Hex | null;
  /** Known delegates by name. */
  delegateName?: string;
  /** The account has code that is not a delegation (a contract): nothing to revert. */
  otherCode: boolean;
}

/** The Networks screen's form. */
export interface NetworkForm {
  chainId: Hex;
  name: string;
  /** In the order they are tried. */
  rpcUrls: string[];
  blockExplorerUrl?: string;
  bundlerUrl?: string;
  eip7702: boolean;
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
  renameAccount: Method<{ address: Hex; name: string }, null>;
  /** Stored in the same encrypted vault, so the password is needed; the new account is selected. */
  importPrivateKey: Method<{ privateKey: string; password: string }, AccountView>;
  /**
   * Ledger accounts, kept in the encrypted vault (hence the password) and listed; the first is selected. Checked: 1 to
   * 20, paths of Ledger Live's or the legacy family, checksummed addresses, none already an account.
   */
  addLedgerAccounts: Method<{ accounts: LedgerAccountForm[]; password: string }, AccountView[]>;
  /**
   * A Ledger account or an imported key out of the vault (hence the password) and the list, out of every site's
   * accounts; its waiting requests rejected. Never one of the phrase's accounts, nor the last account.
   */
  removeAccount: Method<{ address: Hex; password: string }, null>;
  /** The balances of up to 10 addresses on the selected network (the add-account page's list). */
  getBalances: Method<{ addresses: Hex[] }, Hex[]>;
  revealPhrase: Method<{ password: string }, string>;
  changePassword: Method<{ current: string; next: string }, null>;
  selectAccount: Method<{ address: Hex }, null>;
  selectNetwork: Method<{ chainId: Hex }, null>;
  revokeSite: Method<{ origin: string }, null>;
  distrustSite: Method<{ origin: string }, null>;
  /** `answer`: the screen's value when approving (chosen accounts, a fee tier); checked per approval type. */
  /** Approving a Ledger account's request answers what the device must sign (as deviceRequest), approving nothing yet. */
  resolveApproval: Method<{ id: string; approved: boolean; answer?: unknown; reason?: RejectReason }, DeviceRequest | null>;
  /**
   * Approving a Ledger account's request: what the device must sign (with `answer`, the screen's, as resolveApproval's);
   * null for an account whose key the wallet holds (resolveApproval then). `refused`: the device would not sign the
   * payload's upgrade (Smart account upgrade off, an app too old): remembered for the account and chain; a batch the
   * site let run sequentially gets its new payload, one transaction per call, else null.
   */
  deviceRequest: Method<{ id: string; answer?: unknown; refused?: boolean }, DeviceRequest | null>;
  /** The device's signature (for a transaction, the signed transaction); checked, then the request is approved. */
  deviceSigned: Method<{ id: string; signature: DeviceSignature }, null>;
  getBalance: Method<{ address: Hex }, Hex>;
  setAutoLock: Method<{ minutes: number }, null>;
  /** Without `origin`: for every site. `enabled` null: the site follows the global choice again. */
  setMetaMaskCompatibility: Method<{ origin?: string; enabled: boolean | null }, null>;
  /** Forgets everything, as a fresh install; `confirmation` must be the typed RESET_CONFIRMATION. */
  resetWallet: Method<{ confirmation: string }, null>;
  /** An ERC-7730 descriptor file the user adds (its JSON, parsed); refused with -32602 saying what is wrong. */
  addDescriptor: Method<{ name: string; json: unknown }, null>;
  /** The allowances the selected account granted through this wallet on the selected network, read on chain; those left. */
  getAllowances: Method<None, AllowanceView[]>;
  /** Every execution permission granted (ERC-7715), with what the chain says was spent and whether it is revoked. */
  getGrants: Method<None, GrantView[]>;
  /** Queues the grant's revoke (the DelegationManager's disableDelegation, sent by its account) for review. */
  revokeGrant: Method<{ id: Hex }, null>;
  /** Queues the review of the account's transaction that raises its nonce at the NonceEnforcer: every grant it signed on the chain stops. */
  revokeAllGrants: Method<{ account: Hex; chainId: Hex }, null>;
  /** Queues the revoking transaction for review in the approval window. */
  revokeAllowance: Method<{ kind: AllowanceKind; token: Hex; spender: Hex }, null>;
  removeDescriptor: Method<{ name: string }, null>;
  /** The stored files (getState's userDescriptors) clear signing leaves out, the parser now refusing them, each with why. */
  getUnusedDescriptors: Method<None, UnusedDescriptor[]>;
  getActivity: Method<None, ActivityItem[]>;
  getTokens: Method<{ account: Hex; chainId: Hex }, TokenBalance[]>;
  /** What the balance and the tokens are worth in US dollars, from the chain's Chainlink feeds; asked beside, never before, the balances. */
  getValues: Method<{ account: Hex; chainId: Hex }, AssetValues>;
  /** What a waiting batch or transaction would do, simulated; settles when the simulation does. */
  previewApproval: Method<{ id: string }, Preview>;
  addToken: Method<{ account: Hex; chainId: Hex; address: string }, WatchedToken>;
  removeToken: Method<{ account: Hex; chainId: Hex; address: Hex }, null>;
  getCollectibles: Method<{ account: Hex; chainId: Hex }, CollectibleHolding[]>;
  /** Read on chain when the user opens the item; nothing remote is fetched. */
  getCollectibleMetadata: Method<{ account: Hex; chainId: Hex; address: Hex; tokenId: string }, CollectibleMetadata>;
  removeCollectible: Method<{ account: Hex; chainId: Hex; address: Hex; tokenId: string }, null>;
  /** `recipient`: who receives (the transfer's `to` for a token, else `to`), checked for code. */
  quoteSend: Method<{ to: Hex; value: Hex; data: Hex; recipient: Hex }, SendQuote>;
  send: Method<PopupTransaction, null>;
  /**
   * Adds or edits a network once its URLs are checked and its RPC and bundler answer its chain id; of a built-in
   * network only the URLs and EIP-7702 change (its name stays).
   */
  saveNetwork: Method<NetworkForm, null>;
  /**
   * The network's endpoints in a new order, or with one added or removed; an added one must answer the chain id. The
   * failover tries them in this order.
   */
  setNetworkEndpoints: Method<{ chainId: Hex; rpcUrls: string[] }, null>;
  /** A built-in network back to the release's settings. */
  restoreNetwork: Method<{ chainId: Hex }, null>;
  removeNetwork: Method<{ chainId: Hex }, null>;
  /** Every network's endpoint in use and what was detected of its node (without asking it). */
  getNetworkStatus: Method<None, NetworkStatus[]>;
  /** Asks the network's node again (Detect again); answers what it found. */
  detectNetwork: Method<{ chainId: Hex }, NetworkStatus>;
  getDelegation: Method<None, DelegationView>;
  /** Opens the review of the type-4 transaction authorizing address zero in the approval window; Activity follows it. */
  revertDelegation: Method<None, null>;
  /** The delegation firewall looks at every account's code on the selected network now; answers what is foreign. */
  checkDelegations: Method<None, ForeignDelegationView[]>;
  /** Opens the approval window on reverting `account`'s foreign delegation, paid by an account the user picks there. */
  reviewForeignRevert: Method<{ account: Hex }, null>;
  /** Opens the review of a Speed up or Cancel of a pending transaction of a batch in the approval window. */
  replaceTransaction: Method<{ origin: string; id: string; hash: Hex; mode: 'speedUp' | 'cancel' }, null>;
  /** Opens the review of the transaction that cancels a pending sponsored batch's userOp (uses its EntryPoint nonce). */
  cancelUserOperation: Method<{ origin: string; id: string }, null>;
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
