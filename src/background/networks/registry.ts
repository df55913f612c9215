/** The wallet's networks (built-in plus user-added) and the selected one. */
import { BUILT_IN_NETWORKS, defaultChainId, type Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { TypedStorage } from '../storage/typedStorage';

export interface NetworksSlice {
  addedNetworks: Network[];
  /** Chains whose node refused a type-4 transaction: atomic batches are unsupported there. */
  chainsWithoutEip7702: Hex[];
  selectedChainId: Hex;
}
/** Set by scripts/build.ts (and vitest.config.ts): true in the devnet build. */
declare const __DEVNET_BUILD__: boolean;

export const NETWORKS_DEFAULTS: NetworksSlice = { addedNetworks: [], chainsWithoutEip7702: [], selectedChainId: defaultChainId(__DEVNET_BUILD__) };

export interface Networks {
  all(): Promise<Network[]>;
  find(chainId: Hex): Promise<Network | undefined>;
  selected(): Promise<Network>;
  select(chainId: Hex): Promise<Network>;
  add(network: Network): Promise<void>;
  /** Removes a network the user added. */
  remove(chainId: Hex): Promise<void>;
  /** The node refused a type-4 transaction: from now on the network reports EIP-7702 as unsupported. */
  markWithoutEip7702(chainId: Hex): Promise<void>;
}

const sameChain = (a: string, b: string): boolean => BigInt(a) === BigInt(b);

export function createNetworks(local: TypedStorage<NetworksSlice>): Networks {
  const all = async (): Promise<Network[]> => {
    const [added, without7702] = await Promise.all([local.get('addedNetworks'), local.get('chainsWithoutEip7702')]);
    return [...BUILT_IN_NETWORKS, ...added].map((n) => (without7702.some((c) => sameChain(c, n.chainId)) ? { ...n, eip7702: false } : n));
  };
  const find = async (chainId: Hex): Promise<Network | undefined> => (await all()).find((n) => sameChain(n.chainId, chainId));

  return {
    all,
    find,
    async selected() {
      const chainId = await local.get('selectedChainId');
      return (await find(chainId)) ?? BUILT_IN_NETWORKS[0];
    },
    async select(chainId) {
      const network = await find(chainId);
      if (!network) throw new Error(`Unknown network ${chainId}`);
      await local.set('selectedChainId', network.chainId);
      return network;
    },
    async markWithoutEip7702(chainId) {
      await local.update('chainsWithoutEip7702', (chains) => (chains.some((c) => sameChain(c, chainId)) ? chains : [...chains, chainId]));
    },
    async remove(chainId) {
      await local.update('addedNetworks', (added) => added.filter((n) => !sameChain(n.chainId, chainId)));
    },
    async add(network) {
      await local.update('addedNetworks', (added) => [...added.filter((n) => !sameChain(n.chainId, network.chainId)), network]);
    },
  };
}
