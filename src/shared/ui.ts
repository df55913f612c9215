/** Typed messages from the wallet's own pages (popup, approval window) to the background. */
import type { Network } from './networks';
import type { Hex } from './params';

export interface AccountView {
  address: Hex;
  name: string;
}

/** The kinds of request the approval window shows, one page each. */
export type ApprovalType = 'connect' | 'addChain' | 'sendCalls' | 'watchAsset' | 'sendTransaction' | 'signMessage' | 'signTypedData';

export interface ApprovalView {
  id: string;
  type: ApprovalType;
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
    to?: Hex;
    value: string;
    dataSize: number;
    selector?: Hex;
    erc20?: { method: 'transfer' | 'approve'; counterparty: Hex; amount: string };
  }[];
  totalValue: string;
  /** Wei: gas limits times the max fee per gas; "0" when sponsored. */
  maxFee: string;
  warning?: string;
  /** Gas paid by an ERC-7677 paymaster: who (from its stub answer) and where the service is. */
  sponsor?: { name?: string; icon?: string; origin: string };
}

/** An ERC-20 token as the wallet's pages show it; `balance` in the token's smallest unit (null: unreadable). */
export interface TokenView {
  address: Hex;
  symbol: string;
  name?: string;
  decimals: number;
  image?: string;
  balance: string | null;
}

/** What the wallet_watchAsset approval screen shows: the token as the contract describes it, and what the dapp said. */
export interface WatchAssetDetails {
  account: Hex;
  chainId: Hex;
  networkName: string;
  token: TokenView & { balance: string };
  requested: { symbol: string; decimals: number };
}

/** The dapp's decimals must match the contract's (the Add button stays disabled); a different symbol only warns. */
export const watchAssetMismatch = ({ token, requested }: WatchAssetDetails): { symbol: boolean; decimals: boolean } => ({
  symbol: token.symbol !== requested.symbol,
  decimals: token.decimals !== requested.decimals,
});

export type FeeTierName = 'low' | 'market' | 'aggressive';

/** What the eth_sendTransaction approval screen shows. */
export interface SendTransactionDetails {
  batchId: string;
  from: Hex;
  networkName: string;
  symbol: string;
  call: SendCallsDetails['calls'][number];
  gasLimit: string;
  /** Max fee in wei per tier the user may pick; a single `fixed` entry when the dapp set the fees. */
  maxFees: Partial<Record<FeeTierName | 'fixed', string>>;
  warning?: string;
}

/** What the personal_sign / eth_signTypedData_v4 approval screens show. */
export interface SignDetails {
  account: Hex;
  /** personal_sign: the message as text when it is UTF-8, else its hex. */
  text?: string;
  hex?: Hex;
  /** EIP-4361 message whose domain is not the requesting site. */
  siweWarning?: string;
  /** eth_signTypedData_v4: the parsed domain, primary type and message. */
  typed?: { domain: Record<string, unknown>; primaryType: string; message: Record<string, unknown> };
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
  | { action: 'getActivity' }
  | { action: 'getTokens'; account: Hex; chainId: Hex }
  | { action: 'addToken'; account: Hex; chainId: Hex; address: string }
  | { action: 'removeToken'; account: Hex; chainId: Hex; address: Hex };

export interface UiMessage {
  type: 'ui';
  request: UiRequest;
}

export type UiResponse = { ok: true; value: unknown } | { ok: false; error: string };

export function isUiMessage(value: unknown): value is UiMessage {
  const m = value as UiMessage | null;
  return typeof m === 'object' && m !== null && m.type === 'ui' && typeof m.request?.action === 'string';
}
