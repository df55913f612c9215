/**
 * The wallet's networks (built-in plus user-added) and the selected one. A built-in network the user edited is the
 * release's entry with the user's changes on top: only the changes are stored, so a later release's list still
 * applies (its name, its currency) and the user's RPC, explorer, bundler and EIP-7702 choice stay.
 */
import { defaultChainId, hasFastBlocks, isAllowedBundlerUrl, isAllowedRpcUrl, type BuiltInEdit, type Network } from '../../shared/networks';
import { withDetected, type DetectedFacts } from '../../shared/networkFacts';
import type { Hex } from '../../shared/params';
import type { TypedStorage } from '../storage/typedStorage';
import { chainKey, isAddedNetwork, isChainId, storedFacts } from './storedShapes';

export interface NetworksSlice {
  addedNetworks: Network[];
  /** The user's changes to built-in networks, by chain id as a lowercase hex quantity. */
  builtInEdits: Record<string, BuiltInEdit>;
  /** Chains whose node refused a type-4 transaction: atomic batches are unsupported there. */
  chainsWithoutEip7702: Hex[];
  /** RPC URLs whose node answered method-not-found to eth_sendRawTransactionSync (EIP-7966): asked once per set of endpoints. */
  nodesWithoutSyncSend: string[];
  /** What detection (./detection.ts) found of each network's node, by chain id as a lowercase hex quantity. */
  networkFacts: Record<string, DetectedFacts>;
  selectedChainId: Hex;
}
/** Set by scripts/build.ts (and vitest.config.ts): true in the devnet build. */
declare const __DEVNET_BUILD__: boolean;

export const NETWORKS_DEFAULTS: NetworksSlice = { addedNetworks: [], builtInEdits: {}, chainsWithoutEip7702: [], nodesWithoutSyncSend: [], networkFacts: {}, selectedChainId: defaultChainId(__DEVNET_BUILD__) };

export interface Networks {
  all(): Promise<Network[]>;
  find(chainId: Hex): Promise<Network | undefined>;
  /**
   * The network as the release and the user set it, before what detection or a refused transaction found: what an
   * edit keeps of it (a node's "no EIP-7702" must not become the user's choice).
   */
  configured(chainId: Hex): Promise<Network | undefined>;
  selected(): Promise<Network>;
  select(chainId: Hex): Promise<Network>;
  add(network: Network): Promise<void>;
  /** Whether the release has this network built in (it cannot be removed; its edits can be undone). */
  isBuiltIn(chainId: Hex): boolean;
  /** Removes a network the user added. */
  remove(chainId: Hex): Promise<void>;
  /** Stores the user's changes to a built-in network (replacing earlier ones). */
  editBuiltIn(chainId: Hex, edit: BuiltInEdit): Promise<void>;
  /** Forgets the user's changes to a built-in network: the release's settings apply again. */
  restoreBuiltIn(chainId: Hex): Promise<void>;
  /** The node refused a type-4 transaction: from now on the network reports EIP-7702 as unsupported. */
  markWithoutEip7702(chainId: Hex): Promise<void>;
  /** Whether transactions go out through eth_sendRawTransactionSync: on chains with fast blocks, until the node said it lacks it. */
  sendsSync(chainId: Hex): Promise<boolean>;
  /** The network's node lacks eth_sendRawTransactionSync: remembered for its RPC URLs (other URLs are asked again). */
  markWithoutSyncSend(chainId: Hex): Promise<void>;
}

const sameChain = (a: string, b: string): boolean => BigInt(a) === BigInt(b);
/** A network's endpoints as one key: which node answered is not known, so a refusal holds for the set. */
const endpointsKey = (network: Pick<Network, 'rpcUrls'>): string => network.rpcUrls.join(' ');

/** What the build decides (src/background/index.ts): its built-in networks, and whether it is the devnet build. */
export interface NetworkRelease {
  builtIn: readonly Network[];
  /** Bundlers on this machine are allowed in the devnet build only. */
  devnetBuild: boolean;
}

/**
 * The release's entry with the user's edit over it. An edit whose URLs the editor would have refused (a record planted
 * in storage: Firefox lets content scripts write it) is ignored, so it cannot quietly move the selected network's node.
 */
function withEdit(network: Network, edit: BuiltInEdit | undefined, devnetBuild: boolean): Network {
  if (!edit || !allowedRpcUrls(edit.rpcUrls) || (edit.bundlerUrl && !isAllowedBundlerUrl(edit.bundlerUrl, devnetBuild))) return network;
  const { blockExplorerUrl: _explorer, bundlerUrl: _bundler, ...rest } = network;
  return {
    ...rest,
    rpcUrls: edit.rpcUrls,
    eip7702: edit.eip7702,
    ...(edit.blockExplorerUrl ? { blockExplorerUrl: edit.blockExplorerUrl } : {}),
    ...(edit.bundlerUrl ? { bundlerUrl: edit.bundlerUrl } : {}),
    edited: true,
  };
}

/**
 * An added network as the editor would have saved it: never built in (that would switch without asking), and without
 * a bundler the build refuses (a record planted in storage).
 */
function asAdded(network: Network, devnetBuild: boolean): Network {
  const { bundlerUrl, publicBundlerUrl: _release, usdcPaymaster: _paymaster, ...rest } = network;
  // Nothing is known of its contracts, block time, public bundler or USDC paymaster: the release's facts are for its own networks.
  return { ...rest, builtIn: false, entryPointV08: false, fastBlocks: false, ...(bundlerUrl && isAllowedBundlerUrl(bundlerUrl, devnetBuild) ? { bundlerUrl } : {}) };
}

const allowedRpcUrls = (urls: unknown): urls is string[] => Array.isArray(urls) && urls.length > 0 && urls.every((u) => typeof u === 'string' && isAllowedRpcUrl(u));

/**
 * A stored selection, edit or added network naming a chain the release does not build in (the local devnet, in the
 * production build) is no built-in network: the selection falls back to the release's first network.
 */
export function createNetworks(local: TypedStorage<NetworksSlice>, { builtIn, devnetBuild }: NetworkRelease): Networks {
  const configuredAll = async (): Promise<Network[]> => {
    const [added, edits] = await Promise.all([local.get('addedNetworks'), local.get('builtInEdits')]);
    const builtInNow = builtIn.map((n) => withEdit(n, edits[chainKey(n.chainId)], devnetBuild));
    return [...builtInNow, ...added.filter(isAddedNetwork).map((n) => asAdded(n, devnetBuild))];
  };
  /** The one network of `chainId`, as configuredAll would list it first: most requests need only the selected one. */
  const configuredOne = async (chainId: Hex): Promise<Network | undefined> => {
    const release = builtIn.find((n) => sameChain(n.chainId, chainId));
    if (release) return withEdit(release, (await local.get('builtInEdits'))[chainKey(release.chainId)], devnetBuild);
    const added = (await local.get('addedNetworks')).filter(isAddedNetwork).find((n) => sameChain(n.chainId, chainId));
    return added && asAdded(added, devnetBuild);
  };
  /** What detection and the nodes' refusals found, to lay over a configured network. */
  const findings = async (): Promise<(network: Network) => Network> => {
    const [without7702, facts] = await Promise.all([local.get('chainsWithoutEip7702'), local.get('networkFacts')]);
    // A type-4 transaction the node refused outweighs a probe.
    return (n) => {
      const detected = withDetected(n, storedFacts(facts, n.chainId));
      return without7702.filter(isChainId).some((c) => sameChain(c, n.chainId)) ? { ...detected, eip7702: false } : detected;
    };
  };
  const all = async (): Promise<Network[]> => {
    const [configured, withFindings] = await Promise.all([configuredAll(), findings()]);
    return configured.map(withFindings);
  };
  const find = async (chainId: Hex): Promise<Network | undefined> => {
    const [configured, withFindings] = await Promise.all([configuredOne(chainId), findings()]);
    return configured && withFindings(configured);
  };
  const isBuiltIn = (chainId: Hex): boolean => builtIn.some((n) => sameChain(n.chainId, chainId));
  const builtInOnly = (chainId: Hex): void => {
    if (!isBuiltIn(chainId)) throw new Error(`${chainId} is not a built-in network`);
  };
  // The user chose anew for this chain (maybe another node): an earlier refusal of type-4 no longer decides.
  const forgetRefusal = (chainId: Hex) => local.update('chainsWithoutEip7702', (chains) => chains.filter((c) => isChainId(c) && !sameChain(c, chainId)));

  return {
    all,
    find,
    configured: configuredOne,
    isBuiltIn,
    async selected() {
      const chainId = await local.get('selectedChainId');
      return (isChainId(chainId) ? await find(chainId) : undefined) ?? (await all())[0];
    },
    async select(chainId) {
      const network = await find(chainId);
      if (!network) throw new Error(`Unknown network ${chainId}`);
      await local.set('selectedChainId', network.chainId);
      return network;
    },
    async markWithoutEip7702(chainId) {
      await local.update('chainsWithoutEip7702', (chains) => (chains.some((c) => isChainId(c) && sameChain(c, chainId)) ? chains : [...chains.filter(isChainId), chainId]));
    },
    async sendsSync(chainId) {
      const [network, without, facts] = await Promise.all([find(chainId), local.get('nodesWithoutSyncSend'), local.get('networkFacts')]);
      // On a slow chain the page's wallet_sendCalls answer would wait for the node's whole timeout.
      if (network === undefined || !hasFastBlocks(network) || without.includes(endpointsKey(network))) return false;
      const detected = storedFacts(facts, chainId);
      return !(detected && endpointsKey(detected) === endpointsKey(network) && detected.syncSend === false);
    },
    async markWithoutSyncSend(chainId) {
      const network = await find(chainId);
      if (network) await local.update('nodesWithoutSyncSend', (keys) => (keys.includes(endpointsKey(network)) ? keys : [...keys, endpointsKey(network)]));
    },
    async remove(chainId) {
      await local.update('addedNetworks', (added) => added.filter((n) => isAddedNetwork(n) && !sameChain(n.chainId, chainId)));
    },
    async add(network) {
      await local.update('addedNetworks', (added) => [...added.filter((n) => isAddedNetwork(n) && !sameChain(n.chainId, network.chainId)), network]);
    },
    async editBuiltIn(chainId, edit) {
      builtInOnly(chainId);
      const { rpcUrls, eip7702, blockExplorerUrl, bundlerUrl } = edit;
      const stored: BuiltInEdit = { rpcUrls, eip7702, ...(blockExplorerUrl ? { blockExplorerUrl } : {}), ...(bundlerUrl ? { bundlerUrl } : {}) };
      await local.update('builtInEdits', (edits) => ({ ...edits, [chainKey(chainId)]: stored }));
      await forgetRefusal(chainId);
    },
    async restoreBuiltIn(chainId) {
      builtInOnly(chainId);
      await local.update('builtInEdits', (edits) => Object.fromEntries(Object.entries(edits).filter(([key]) => key !== chainKey(chainId))));
      await forgetRefusal(chainId);
    },
  };
}
