import { hostKind } from './hosts';
import type { Hex } from './params';

export interface Network {
  chainId: Hex;
  name: string;
  rpcUrl: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  blockExplorerUrl?: string;
  /** True for the wallet's own networks: switching to them needs no approval. */
  builtIn: boolean;
  /** Whether the chain accepts EIP-7702 (type-4) transactions, needed for atomic batches. */
  eip7702: boolean;
  /** ERC-4337 bundler for sponsored batches; without one the paymasterService capability is unsupported. */
  bundlerUrl?: string;
  /** A built-in network whose URLs or EIP-7702 the user changed (Restore defaults brings the release's back). */
  edited?: boolean;
  /**
   * A WebSocket endpoint serving the pre-confirmation streams (`pendingLogs`, `newFlashblockTransactions`), as Base's
   * flashblocks endpoints do: the wallet serves those subscriptions from it (else from the node's `pending` view).
   */
  preconfWsUrl?: string;
}

/** What the user may change of a built-in network; its chain id, name and currency stay the release's. */
export type BuiltInEdit = Pick<Network, 'rpcUrl' | 'eip7702'> & Partial<Pick<Network, 'blockExplorerUrl' | 'bundlerUrl'>>;

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 };

export const LOCAL_DEVNET_CHAIN_ID: Hex = '0x7a69';
export const BASE_CHAIN_ID: Hex = '0x2105';

const BASE: Network = { chainId: BASE_CHAIN_ID, name: 'Base', rpcUrl: 'https://mainnet.base.org', nativeCurrency: ETH, blockExplorerUrl: 'https://basescan.org', builtIn: true, eip7702: true, preconfWsUrl: 'wss://mainnet-preconf.base.org' };
const BASE_SEPOLIA: Network = { chainId: '0x14a34', name: 'Base Sepolia', rpcUrl: 'https://sepolia.base.org', nativeCurrency: ETH, blockExplorerUrl: 'https://sepolia.basescan.org', builtIn: true, eip7702: true, preconfWsUrl: 'wss://sepolia-preconf.base.org' };

/** The local devnet that `npm start` and the tests run (anvil, Alto): a built-in network of the devnet build only. */
export const LOCAL_DEVNET: Network = { chainId: LOCAL_DEVNET_CHAIN_ID, name: 'Local devnet', rpcUrl: 'http://127.0.0.1:8545', nativeCurrency: ETH, builtIn: true, eip7702: true, bundlerUrl: 'http://127.0.0.1:4337/rpc', preconfWsUrl: 'ws://127.0.0.1:8550' };

/** The production build's networks: none on this machine, so a page cannot switch the wallet onto one. */
export const PRODUCTION_NETWORKS: readonly Network[] = [BASE, BASE_SEPOLIA];
/**
 * The devnet build's: the local devnet too. Plain literals, so the production bundle, which never names this list
 * (src/background/index.ts picks by the build's constant), drops it with the devnet's URLs (scripts/build.ts checks).
 */
export const DEVNET_BUILD_NETWORKS: readonly Network[] = [BASE, BASE_SEPOLIA, LOCAL_DEVNET];

/** The network a fresh install selects: Base, or the local devnet in the devnet build (`npm start`, the tests). */
export const defaultChainId = (devnetBuild: boolean): Hex => (devnetBuild ? LOCAL_DEVNET_CHAIN_ID : BASE_CHAIN_ID);

/** RPC endpoints must be https; plain http only for a node on this machine. */
export function isAllowedRpcUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && hostKind(url.hostname) === 'loopback');
}

/**
 * A bundler endpoint: as an RPC one, but on this machine only in the devnet build, so a production wallet never
 * posts a user's operations to a local port.
 */
export const isAllowedBundlerUrl = (value: string, devnetBuild: boolean): boolean => isAllowedRpcUrl(value) && (devnetBuild || !onThisMachine(value));

/**
 * Where blocks (or flashblocks) come within a second or two: the built-in chains, and any node on this machine (a
 * local devnet). Waiting for inclusion in the send itself (eth_sendRawTransactionSync) pays off only there.
 */
export const hasFastBlocks = (network: Pick<Network, 'builtIn' | 'rpcUrl'>): boolean => network.builtIn || onThisMachine(network.rpcUrl);

/** A node URL on a loopback address; false for a URL that does not parse. */
function onThisMachine(rpcUrl: string): boolean {
  try {
    return hostKind(new URL(rpcUrl).hostname) === 'loopback';
  } catch {
    return false;
  }
}
