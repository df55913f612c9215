/** The wallet's networks (built-in plus user-added) and the selected one. */
import { BUILT_IN_NETWORKS, type Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { LocalStorage } from '../storage/schema';

export interface Networks {
  all(): Promise<Network[]>;
  find(chainId: Hex): Promise<Network | undefined>;
  selected(): Promise<Network>;
  select(chainId: Hex): Promise<Network>;
  add(network: Network): Promise<void>;
}

const sameChain = (a: string, b: string): boolean => BigInt(a) === BigInt(b);

export function createNetworks(local: LocalStorage): Networks {
  const all = async (): Promise<Network[]> => [...BUILT_IN_NETWORKS, ...(await local.get('addedNetworks'))];
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
    async add(network) {
      await local.update('addedNetworks', (added) => [...added.filter((n) => !sameChain(n.chainId, network.chainId)), network]);
    },
  };
}
