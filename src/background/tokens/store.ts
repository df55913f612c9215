/** The token watch lists, one per account and chain, in local storage. */
import { isObject } from '../../shared/isObject';
import type { Hex } from '../../shared/params';
import type { WatchedToken } from '../../shared/tokens';
import type { TypedStorage } from '../storage/typedStorage';
import { watchLists, type WatchLists } from '../storage/watchLists';

export interface TokensSlice {
  /** By "chainId account" (watchListKey). */
  watchedTokens: Record<string, WatchedToken[]>;
}
export const TOKENS_DEFAULTS: TokensSlice = { watchedTokens: {} };

/** One entry per contract address, without case. */
export type TokenStore = WatchLists<WatchedToken, [address: Hex]>;

export const createTokenStore = (local: TypedStorage<TokensSlice>): TokenStore =>
  watchLists(
    local,
    'watchedTokens',
    (token, address) => token.address.toLowerCase() === address.toLowerCase(),
    (token) => [token.address],
    (value): value is WatchedToken => isObject(value) && typeof value.address === 'string' && typeof value.symbol === 'string' && typeof value.decimals === 'number',
  );
