/**
 * What each of the wallet's own dapp methods answers (node.ts passes the node's answer on as it is). Every
 * file of this folder spreads its entries `satisfies DappTable`, so a handler or approval replying in another shape
 * does not compile; shared/pages.ts does the same for the wallet's pages.
 */
import type { PermissionResponse, SupportedExecutionPermissions } from '../../shared/grants';
import type { Hex } from '../../shared/params';

import type { CallReceipt } from '../batches/types';

/** ERC-7811 wallet_getAssets: one chain's assets. */
export type Asset =
  | { address: Hex | 'native'; balance: Hex; type: 'native' | 'erc20'; metadata: { name?: string; symbol: string; decimals: number } }
  | { address: Hex; balance: Hex; type: 'erc721'; metadata: { name?: string; symbol?: string; tokenIds: string[] } };

export type AtomicStatus = 'supported' | 'ready' | 'unsupported';

/** EIP-5792 wallet_getCapabilities: one chain's. */
export interface ChainCapabilities {
  atomic: { status: AtomicStatus };
  paymasterService: { supported: boolean };
  /** MetaMask's name: the network fee can be paid in USDC through the chain's USDC paymaster (issue 45). */
  alternateGasFees: { supported: boolean };
  /** ERC-8021: wallet_sendCalls carries an attribution (`capabilities.dataSuffix.value`) where it changes no call. */
  dataSuffix: { supported: true };
  /** ERC-7811: wallet_getAssets answers for every chain. */
  assetDiscovery: { supported: true };
}

export interface ConnectedAccount {
  address: Hex;
  capabilities: { signInWithEthereum?: { message: string; signature: Hex } };
}

/** ERC-7846 wallet_connect; addresses checksummed, as the sign-in message carries them. */
export interface WalletConnectResult {
  accounts: ConnectedAccount[];
  chainIds: Hex[];
}

/** EIP-2255: the eth_accounts permission, the only one there is. */
export interface Permission {
  invoker: string;
  parentCapability: 'eth_accounts';
  caveats: { type: 'restrictReturnedAccounts'; value: Hex[] }[];
  date: number;
}

/** EIP-5792 wallet_sendCalls: the batch id (as `id`, and as `batchId` for libraries of the earlier draft). */
export interface SendCallsReply {
  id: string;
  batchId: string;
  status: 'pending';
}

/** EIP-5792 wallet_getCallsStatus. */
export interface CallsStatusReply {
  version: string;
  id: string;
  chainId: Hex;
  status: number;
  atomic: boolean;
  receipts: CallReceipt[];
  /** With receipts: whether any is only pre-confirmed (flashblocks). */
  capabilities?: { preconfirmed: boolean };
}

export interface DappMethods {
  eth_accounts: Hex[];
  eth_requestAccounts: Hex[];
  eth_chainId: Hex;
  net_version: string;
  wallet_switchEthereumChain: null;
  wallet_addEthereumChain: null;
  wallet_getCapabilities: Record<Hex, ChainCapabilities>;
  wallet_sendCalls: SendCallsReply;
  wallet_getCallsStatus: CallsStatusReply;
  wallet_showCallsStatus: null;
  wallet_getAssets: Record<Hex, Asset[]>;
  wallet_watchAsset: boolean;
  eth_sendTransaction: Hex;
  personal_sign: string;
  personal_ecRecover: string;
  eth_signTypedData: string;
  eth_signTypedData_v3: string;
  eth_signTypedData_v4: string;
  wallet_requestPermissions: Permission[];
  wallet_getPermissions: Permission[];
  wallet_revokePermissions: null;
  wallet_disconnect: null;
  wallet_connect: WalletConnectResult;
  wallet_getSupportedExecutionPermissions: SupportedExecutionPermissions;
  wallet_getGrantedExecutionPermissions: PermissionResponse[];
  wallet_requestExecutionPermissions: PermissionResponse[];
  wallet_revokeExecutionPermission: Record<string, never>;
}
