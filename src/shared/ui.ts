/** Typed messages from the wallet's own pages (popup, approval window) to the background. */
import type { Network } from './networks';
import type { Hex } from './params';

export interface AccountView {
  address: Hex;
  name: string;
}

export interface ApprovalView {
  id: string;
  type: 'connect' | 'addChain' | 'sendCalls';
  origin: string;
  params: unknown;
  details?: unknown;
}

/** What the wallet_sendCalls approval screen shows. */
export interface SendCallsDetails {
  batchId: string;
  from: Hex;
  chainId: Hex;
  networkName: string;
  symbol: string;
  atomic: boolean;
  upgrade: boolean;
  calls: {
    to: Hex;
    value: string;
    dataSize: number;
    selector?: Hex;
    erc20?: { method: 'transfer' | 'approve'; counterparty: Hex; amount: string };
  }[];
  totalValue: string;
  /** Wei: gas limits times the max fee per gas. */
  maxFee: string;
  warning?: string;
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
  calls: { to: Hex; value: string }[];
  transactions: { hash: Hex; status?: Hex }[];
  explorerUrl?: string;
  error?: string;
  createdAt: number;
}

export interface WalletState {
  initialized: boolean;
  unlocked: boolean;
  accounts: AccountView[];
  selectedAccount: Hex | null;
  networks: Network[];
  selectedChainId: Hex;
  sites: { origin: string; accounts: Hex[] }[];
  approvals: ApprovalView[];
  autoLockMinutes: number;
}

export type UiRequest =
  | { action: 'getState' }
  | { action: 'generatePhrase' }
  | { action: 'createWallet'; mnemonic: string; password: string }
  | { action: 'unlock'; password: string }
  | { action: 'lock' }
  | { action: 'addAccount' }
  | { action: 'selectAccount'; address: Hex }
  | { action: 'selectNetwork'; chainId: Hex }
  | { action: 'revokeSite'; origin: string }
  | { action: 'resolveApproval'; id: string; approved: boolean; value?: unknown }
  | { action: 'getBalance'; address: Hex }
  | { action: 'setAutoLock'; minutes: number }
  | { action: 'getActivity' };

export interface UiMessage {
  type: 'ui';
  request: UiRequest;
}

export type UiResponse = { ok: true; value: unknown } | { ok: false; error: string };

export function isUiMessage(value: unknown): value is UiMessage {
  const m = value as UiMessage | null;
  return typeof m === 'object' && m !== null && m.type === 'ui' && typeof m.request?.action === 'string';
}
