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

const NETWORK_KEYS: readonly string[] = ['addedNetworks', 'chainsWithoutEip7702', 'selectedChainId'] satisfies (keyof NetworksSlice)[];

/**
 * `onChanged` hears every change of the storage `local` reads (storage.onChanged): the selected network, asked on
 * most requests, is kept in memory until one of the networks' keys changes.
 */
export function createNetworks(local: TypedStorage<NetworksSlice>, onChanged: (listener: (changes: Record<string, unknown>) => void) => void = () => undefined): Networks {
  let remembered: Promise<Network> | null = null;
  const forget = () => (remembered = null);
  onChanged((changes) => (NETWORK_KEYS.some((key) => key in changes) ? forget() : undefined));
  /** Drops what is remembered once storage has the change (a read that began before must not be kept either). */
  const changing = async <T>(write: Promise<T>): Promise<T> => {
    forget();
    try {
      return await write;
    } finally {
      forget();
    }
  };

  const all = async (): Promise<Network[]> => {
    const [added, without7702] = await Promise.all([local.get('addedNetworks'), local.get('chainsWithoutEip7702')]);
    return [...BUILT_IN_NETWORKS, ...added].map((n) => (without7702.some((c) => sameChain(c, n.chainId)) ? { ...n, eip7702: false } : n));
  };
  const find = async (chainId: Hex): Promise<Network | undefined> => (await all()).find((n) => sameChain(n.chainId, chainId));

  return {
    all,
    find,
    selected() {
      if (remembered) return remembered;
      const reading = (async () => (await find(await local.get('selectedChainId'))) ?? BUILT_IN_NETWORKS[0])();
      remembered = reading;
      // A change while it was read forgot it already; a failed read is not kept.
      reading.catch(() => (remembered === reading ? forget() : undefined));
      return reading;
    },
    async select(chainId) {
      const network = await find(chainId);
      if (!network) throw new Error(`Unknown network ${chainId}`);
      await changing(local.set('selectedChainId', network.chainId));
      return network;
    },
    async markWithoutEip7702(chainId) {
      await changing(local.update('chainsWithoutEip7702', (chains) => (chains.some((c) => sameChain(c, chainId)) ? chains : [...chains, chainId])));
    },
    async remove(chainId) {
      await changing(local.update('addedNetworks', (added) => added.filter((n) => !sameChain(n.chainId, chainId))));
    },
    async add(network) {
      await changing(local.update('addedNetworks', (added) => [...added.filter((n) => !sameChain(n.chainId, network.chainId)), network]));
    },
  };
}
