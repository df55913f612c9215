/** The collectibles watch lists, one per account and chain, in local storage (as the tokens' lists). */
import type { WatchedCollectible } from '../../shared/collectibles';
import { isObject } from '../../shared/isObject';
import type { Hex } from '../../shared/params';
import type { TypedStorage } from '../storage/typedStorage';
import { watchLists, type WatchLists } from '../storage/watchLists';

export interface CollectiblesSlice {
  /** By "chainId account" (watchListKey). */
  watchedCollectibles: Record<string, WatchedCollectible[]>;
}

export const COLLECTIBLES_DEFAULTS: CollectiblesSlice = { watchedCollectibles: {} };

/** One entry per contract (without case) and token id. */
export type CollectibleStore = WatchLists<WatchedCollectible, [address: Hex, tokenId: string]>;

export const createCollectibleStore = (local: TypedStorage<CollectiblesSlice>): CollectibleStore =>
  watchLists(
    local,
    'watchedCollectibles',
    (c, address, tokenId) => c.address.toLowerCase() === address.toLowerCase() && c.tokenId === tokenId,
    (c) => [c.address, c.tokenId],
    (value): value is WatchedCollectible => isObject(value) && typeof value.address === 'string' && typeof value.tokenId === 'string',
  );
