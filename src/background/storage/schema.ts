/** Every key the background keeps in extension storage, with its default. */
import type { Hex } from '../../shared/params';
import { DEFAULT_CHAIN_ID, type Network } from '../../shared/networks';
import type { ApprovalRecord } from '../approvals/types';
import type { BatchRecord } from '../batches/types';
import type { WatchedToken } from '../tokens/types';
import type { VaultFile, VaultSecret } from '../vault/crypto';
import type { TypedStorage } from './local';

export interface AccountRecord {
  address: Hex;
  /** Index i of the derivation path m/44'/60'/0'/0/i. */
  index: number;
  name: string;
}

export interface SitePermission {
  accounts: Hex[];
  grantedAt: number;
}

export interface Settings {
  autoLockMinutes: number;
  /** eth_getLogs block ranges wider than this are refused before reaching the node. */
  logsBlockRangeLimit: number;
}

/** A transaction this wallet relayed, kept to enforce the 10% replacement rule on any node. */
export interface SentTransaction {
  from: Hex;
  nonce: number;
  hash: Hex;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
}

export interface LocalSchema {
  vault: VaultFile | null;
  accounts: AccountRecord[];
  selectedAccount: Hex | null;
  permissions: Record<string, SitePermission>;
  approvals: ApprovalRecord[];
  addedNetworks: Network[];
  /** Chains whose node refused a type-4 transaction: atomic batches are unsupported there. */
  chainsWithoutEip7702: Hex[];
  selectedChainId: Hex;
  settings: Settings;
  sentTransactions: SentTransaction[];
  /** EIP-5792 batches by "origin id". */
  batches: Record<string, BatchRecord>;
  /** wallet_watchAsset lists by "chainId account" (tokens/store.ts watchListKey). */
  watchedTokens: Record<string, WatchedToken[]>;
}

export interface SessionSchema {
  secret: VaultSecret | null;
  approvalWindowId: number | null;
}

export const DEFAULT_SETTINGS: Settings = { autoLockMinutes: 15, logsBlockRangeLimit: 2000 };

export const LOCAL_DEFAULTS: LocalSchema = {
  vault: null,
  accounts: [],
  selectedAccount: null,
  permissions: {},
  approvals: [],
  addedNetworks: [],
  chainsWithoutEip7702: [],
  selectedChainId: DEFAULT_CHAIN_ID,
  settings: DEFAULT_SETTINGS,
  sentTransactions: [],
  batches: {},
  watchedTokens: {},
};

export const SESSION_DEFAULTS: SessionSchema = { secret: null, approvalWindowId: null };

export type LocalStorage = TypedStorage<LocalSchema>;
export type SessionStorage = TypedStorage<SessionSchema>;
