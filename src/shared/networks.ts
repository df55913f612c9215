import { CHAINS, type ChainData } from './chains.generated';
import { hostKind } from './hosts';
import type { Hex } from './params';

export interface Network {
  chainId: Hex;
  name: string;
  /** Endpoints in the order they are tried: a request moves on to the next when one is down or limits it. */
  rpcUrls: string[];
  nativeCurrency: { name: string; symbol: string; decimals: number };
  blockExplorerUrl?: string;
  /** True for the wallet's own networks: switching to them needs no approval. */
  builtIn: boolean;
  /** Whether the chain accepts EIP-7702 (type-4) transactions, needed for atomic batches. */
  eip7702: boolean;
  /** Whether EntryPoint v0.8 and Simple7702Account are at their canonical addresses: with EIP-7702, what sponsorship needs. */
  entryPointV08: boolean;
  /** Blocks (or flashblocks) within a second or two: waiting for inclusion in the send itself pays off. */
  fastBlocks: boolean;
  /** ERC-4337 bundler for sponsored batches; without one a paymaster service that also bundles is asked. */
  bundlerUrl?: string;
  /** A keyless public bundler the release knows for the chain, the last resort when neither of the above bundles. */
  publicBundlerUrl?: string;
  /** A built-in network whose URLs or EIP-7702 the user changed (Restore defaults brings the release's back). */
  edited?: boolean;
  /**
   * A WebSocket endpoint serving the pre-confirmation streams (`pendingLogs`, `newFlashblockTransactions`), as Base's
   * flashblocks endpoints do: the wallet serves those subscriptions from it (else from the node's `pending` view).
   */
  preconfWsUrl?: string;
  /** A token paymaster with Circle Paymaster v0.8's interface and the USDC it takes fees in (docs/usdcFees.md). */
  usdcPaymaster?: UsdcPaymaster;
}

/** The release's word only: the wallet checks the paymaster has code, and reads its price, spread and charge from it. */
export interface UsdcPaymaster {
  paymaster: Hex;
  token: Hex;
}

/** What the user may change of a built-in network; its chain id, name and currency stay the release's. */
export type BuiltInEdit = Pick<Network, 'rpcUrls' | 'eip7702'> & Partial<Pick<Network, 'blockExplorerUrl' | 'bundlerUrl'>>;

/** What this release knows of a chain beyond the maintained lists (the user may still turn EIP-7702 off). */
type ReleaseFacts = Pick<Network, 'eip7702' | 'entryPointV08' | 'fastBlocks'>;

const EVERYTHING: ReleaseFacts = { eip7702: true, entryPointV08: true, fastBlocks: true };
const SLOW_BLOCKS: ReleaseFacts = { eip7702: true, entryPointV08: true, fastBlocks: false };

/**
 * Every built-in chain has had EIP-7702 since its Prague/Pectra-equivalent upgrade (Ethereum and Sepolia: Pectra;
 * OP-stack chains: Isthmus; Arbitrum: ArbOS 40; Polygon PoS: Bhilai; Gnosis: Pectra; BNB Smart Chain: Pascal), and
 * EntryPoint v0.8 and Simple7702Account are deployed at their deterministic addresses on each. Ethereum's, Sepolia's
 * and Gnosis's blocks take 5–12 s.
 */
const RELEASE_FACTS: Record<Hex, ReleaseFacts> = {
  '0x1': SLOW_BLOCKS, '0xaa36a7': SLOW_BLOCKS, '0x64': SLOW_BLOCKS,
  '0x2105': EVERYTHING, '0x14a34': EVERYTHING, '0xa': EVERYTHING, '0xaa37dc': EVERYTHING, '0x82': EVERYTHING,
  '0xa4b1': EVERYTHING, '0x66eee': EVERYTHING, '0x89': EVERYTHING, '0x38': EVERYTHING,
};

const NOTHING_KNOWN: ReleaseFacts = { eip7702: false, entryPointV08: false, fastBlocks: false };

/** Base's flashblocks endpoints, which serve the pre-confirmation streams (pendingLogs, newFlashblockTransactions). */
const PRECONF_STREAMS: Record<Hex, string> = { '0x2105': 'wss://mainnet-preconf.base.org', '0x14a34': 'wss://sepolia-preconf.base.org' };

/**
 * Pimlico serves a keyless, rate-limited bundler for EntryPoint v0.8 on each of these chains at one URL pattern (the one
 * viem's and permissionless's examples use); it is meant for light use, so a bundler the user sets comes first.
 */
const PUBLIC_BUNDLER_CHAINS: readonly Hex[] = ['0x1', '0xaa36a7', '0x2105', '0x14a34', '0xa', '0xaa37dc', '0xa4b1', '0x66eee', '0x89', '0x64', '0x38', '0x82'];
const publicBundler = (chainId: Hex): Partial<Network> =>
  (PUBLIC_BUNDLER_CHAINS.includes(chainId) ? { publicBundlerUrl: `https://public.pimlico.io/v2/${BigInt(chainId)}/rpc` } : {});

/**
 * Circle Paymaster v0.8 (developers.circle.com/paymaster/addresses-and-events): one address on its mainnets, another
 * on its testnets, and each chain's native USDC (Circle's own deployment, the one the paymaster accepts).
 */
const CIRCLE_PAYMASTER_V08 = '0x0578cFB241215b77442a541325d6A4E6dFE700Ec';
const CIRCLE_PAYMASTER_V08_TESTNET = '0x3BA9A96eE3eFf3A69E2B18886AcF52027EFF8966';
const USDC_PAYMASTERS: Record<Hex, UsdcPaymaster> = {
  '0x2105': { paymaster: CIRCLE_PAYMASTER_V08, token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
  '0x1': { paymaster: CIRCLE_PAYMASTER_V08, token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
  '0xa': { paymaster: CIRCLE_PAYMASTER_V08, token: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85' },
  '0xa4b1': { paymaster: CIRCLE_PAYMASTER_V08, token: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' },
  '0x89': { paymaster: CIRCLE_PAYMASTER_V08, token: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359' },
  '0x82': { paymaster: CIRCLE_PAYMASTER_V08, token: '0x078D782b760474a361dDA0AF3839290b0EF57AD6' },
  '0x14a34': { paymaster: CIRCLE_PAYMASTER_V08_TESTNET, token: '0x036CbD53842c5426634e7929541eC2318f3dCF7e' },
  '0xaa36a7': { paymaster: CIRCLE_PAYMASTER_V08_TESTNET, token: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238' },
  '0xaa37dc': { paymaster: CIRCLE_PAYMASTER_V08_TESTNET, token: '0x5fd84259d66Cd46123540766Be93DFE6D43130D7' },
  '0x66eee': { paymaster: CIRCLE_PAYMASTER_V08_TESTNET, token: '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d' },
};

const builtInNetwork = (chain: ChainData): Network => ({
  ...chain, rpcUrls: [...chain.rpcUrls], builtIn: true, ...(RELEASE_FACTS[chain.chainId] ?? NOTHING_KNOWN), ...publicBundler(chain.chainId),
  ...(PRECONF_STREAMS[chain.chainId] ? { preconfWsUrl: PRECONF_STREAMS[chain.chainId] } : {}),
  ...(USDC_PAYMASTERS[chain.chainId] ? { usdcPaymaster: USDC_PAYMASTERS[chain.chainId] } : {}),
});

/**
 * The built-in chains on the OP stack (Base, OP Mainnet, Unichain, with their testnets): each transaction also pays an
 * L1 data fee, which the GasPriceOracle predeploy prices. Other networks are asked whether the predeploy has code.
 */
export const OP_STACK_CHAIN_IDS: ReadonlySet<Hex> = new Set<Hex>(['0x2105', '0x14a34', '0xa', '0xaa37dc', '0x82', '0x515']);

export const LOCAL_DEVNET_CHAIN_ID: Hex = '0x7a69';
export const BASE_CHAIN_ID: Hex = '0x2105';

/** The local devnet that `npm start` and the tests run (anvil, Alto): a built-in network of the devnet build only. */
export const LOCAL_DEVNET: Network = {
  chainId: LOCAL_DEVNET_CHAIN_ID, name: 'Local devnet', rpcUrls: ['http://127.0.0.1:8545'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  builtIn: true, ...EVERYTHING, bundlerUrl: 'http://127.0.0.1:4337/rpc', preconfWsUrl: 'ws://127.0.0.1:8550',
  // devnet/constants.ts USDC_PAYMASTER_ADDRESS, TEST_USDC_ADDRESS (devnet/constants.test.ts checks they agree).
  usdcPaymaster: { paymaster: '0x8885891D74548c94cD54FDE4Cc50D73cF2e386C5', token: '0xec159159B771e8431B7E0f2dfFe534465e3321c9' },
};

/** The production build's networks (src/shared/chains.generated.ts): none on this machine, so a page cannot switch the wallet onto one. */
export const PRODUCTION_NETWORKS: readonly Network[] = CHAINS.map(builtInNetwork);
/**
 * The devnet build's: the local devnet too. A plain literal, so the production bundle, which never names this list
 * (src/background/index.ts picks by the build's constant), drops it with the devnet's URLs (scripts/build.ts checks).
 */
export const DEVNET_BUILD_NETWORKS: readonly Network[] = [...PRODUCTION_NETWORKS, LOCAL_DEVNET];

/**
 * Sponsored batches need EIP-7702 and EntryPoint v0.8 with Simple7702Account; a bundler is then the network's or the
 * paymaster service's own. A bundler the user set stands for contracts the release does not know of.
 */
export const canSponsor = (network: Pick<Network, 'eip7702' | 'entryPointV08' | 'bundlerUrl'>): boolean =>
  network.eip7702 && (network.entryPointV08 || network.bundlerUrl !== undefined);

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
 * Where blocks (or flashblocks) come within a second or two: the built-in chains the release knows as fast, and any
 * node on this machine (a local devnet). Waiting for inclusion in the send itself (eth_sendRawTransactionSync) pays
 * off only there.
 */
export const hasFastBlocks = (network: Pick<Network, 'fastBlocks' | 'rpcUrls'>): boolean => network.fastBlocks || network.rpcUrls.every(onThisMachine);

/** A node URL on a loopback address; false for a URL that does not parse. */
function onThisMachine(rpcUrl: string): boolean {
  try {
    return hostKind(new URL(rpcUrl).hostname) === 'loopback';
  } catch {
    return false;
  }
}
