/** The watch lists, one per account and chain, in local storage. */
import type { Hex } from '../../shared/params';
import type { WatchedToken } from '../../shared/tokens';
import type { TypedStorage } from '../storage/typedStorage';

export interface TokensSlice {
  /** By "chainId account" (watchListKey). */
  watchedTokens: Record<string, WatchedToken[]>;
}
export const TOKENS_DEFAULTS: TokensSlice = { watchedTokens: {} };

/** Chain ids are compared as numbers and addresses without case, so "0x7A69" and "0x7a69" share one list. */
export const watchListKey = (account: Hex, chainId: Hex): string => `0x${BigInt(chainId).toString(16)} ${account.toLowerCase()}`;

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

export interface TokenStore {
  list(account: Hex, chainId: Hex): Promise<WatchedToken[]>;
  find(account: Hex, chainId: Hex, address: Hex): Promise<WatchedToken | undefined>;
  /** Appends the token; false when the list already holds its address (the stored entry is kept). */
  add(account: Hex, chainId: Hex, token: WatchedToken): Promise<boolean>;
  remove(account: Hex, chainId: Hex, address: Hex): Promise<void>;
}

export function createTokenStore(local: TypedStorage<TokensSlice>): TokenStore {
  const list = async (account: Hex, chainId: Hex) => (await local.get('watchedTokens'))[watchListKey(account, chainId)] ?? [];
  return {
    list,
    find: async (account, chainId, address) => (await list(account, chainId)).find((t) => same(t.address, address)),
    async add(account, chainId, token) {
      const key = watchListKey(account, chainId);
      let added = false;
      await local.update('watchedTokens', (all) => {
        const current = all[key] ?? [];
        if (current.some((t) => same(t.address, token.address))) return all;
        added = true;
        return { ...all, [key]: [...current, token] };
      });
      return added;
    },
    async remove(account, chainId, address) {
      const key = watchListKey(account, chainId);
      await local.update('watchedTokens', (all) => {
        const kept = (all[key] ?? []).filter((t) => !same(t.address, address));
        const { [key]: _removed, ...rest } = all;
        return kept.length > 0 ? { ...rest, [key]: kept } : rest;
      });
    },
  };
}
