/** The collectibles watch lists, one per account and chain, in local storage (as the tokens' lists). */
import type { WatchedCollectible } from '../../shared/collectibles';
import type { Hex } from '../../shared/params';
import type { TypedStorage } from '../storage/typedStorage';
import { watchListKey } from '../tokens/store';

export interface CollectiblesSlice {
  /** By "chainId account" (watchListKey). */
  watchedCollectibles: Record<string, WatchedCollectible[]>;
}

export const COLLECTIBLES_DEFAULTS: CollectiblesSlice = { watchedCollectibles: {} };

/** One entry per contract (without case) and token id. */
const same = (c: { address: string; tokenId: string }, address: string, tokenId: string): boolean =>
  c.address.toLowerCase() === address.toLowerCase() && c.tokenId === tokenId;

export interface CollectibleStore {
  list(account: Hex, chainId: Hex): Promise<WatchedCollectible[]>;
  find(account: Hex, chainId: Hex, address: Hex, tokenId: string): Promise<WatchedCollectible | undefined>;
  /** Appends it; false when the list already holds that contract and id (the stored entry is kept). */
  add(account: Hex, chainId: Hex, collectible: WatchedCollectible): Promise<boolean>;
  remove(account: Hex, chainId: Hex, address: Hex, tokenId: string): Promise<void>;
}

export function createCollectibleStore(local: TypedStorage<CollectiblesSlice>): CollectibleStore {
  const list = async (account: Hex, chainId: Hex) => (await local.get('watchedCollectibles'))[watchListKey(account, chainId)] ?? [];
  return {
    list,
    find: async (account, chainId, address, tokenId) => (await list(account, chainId)).find((c) => same(c, address, tokenId)),
    async add(account, chainId, collectible) {
      const key = watchListKey(account, chainId);
      let added = false;
      await local.update('watchedCollectibles', (all) => {
        const current = all[key] ?? [];
        if (current.some((c) => same(c, collectible.address, collectible.tokenId))) return all;
        added = true;
        return { ...all, [key]: [...current, collectible] };
      });
      return added;
    },
    async remove(account, chainId, address, tokenId) {
      const key = watchListKey(account, chainId);
      await local.update('watchedCollectibles', (all) => {
        const kept = (all[key] ?? []).filter((c) => !same(c, address, tokenId));
        const { [key]: _removed, ...rest } = all;
        return kept.length > 0 ? { ...rest, [key]: kept } : rest;
      });
    },
  };
}
