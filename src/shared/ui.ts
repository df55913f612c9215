/** Typed messages from the wallet's own pages (popup, approval window) to the background. */
import type { Network } from './networks';
import type { Hex } from './params';

export interface AccountView {
  address: Hex;
  name: string;
}

export interface ApprovalView {
  id: string;
  type: 'connect' | 'addChain';
  origin: string;
  params: unknown;
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
  | { action: 'setAutoLock'; minutes: number };

export interface UiMessage {
  type: 'ui';
  request: UiRequest;
}

export type UiResponse = { ok: true; value: unknown } | { ok: false; error: string };

export function isUiMessage(value: unknown): value is UiMessage {
  const m = value as UiMessage | null;
  return typeof m === 'object' && m !== null && m.type === 'ui' && typeof m.request?.action === 'string';
}
