/** Lists kept per account and chain under one storage key (the tokens' and the collectibles'): each item once, in the order added. */
import type { Hex } from '../../shared/params';
import type { TypedStorage } from './typedStorage';

/** Chain ids are compared as numbers and accounts without case, so "0x7A69" and "0x7a69" share one list. */
export const watchListKey = (account: Hex, chainId: Hex): string => `0x${BigInt(chainId).toString(16)} ${account.toLowerCase()}`;

/** `Id`: what names one item of a list (a token's address; a collectible's contract and token id). */
export interface WatchLists<T, Id extends unknown[]> {
  list(account: Hex, chainId: Hex): Promise<T[]>;
  find(account: Hex, chainId: Hex, ...id: Id): Promise<T | undefined>;
  /** Appends the item; false when the list already holds it (the stored entry is kept). */
  add(account: Hex, chainId: Hex, item: T): Promise<boolean>;
  remove(account: Hex, chainId: Hex, ...id: Id): Promise<void>;
}

/**
 * The lists stored under `storageKey`, by watchListKey; `is` tells whether an item is the one `id` names. `isItem`: an
 * item with the fields `is` and the readers take for granted. storage.local is writable by content scripts (Firefox): a
 * list of the right kind may hold a null, or a record of text where a list is kept, which made the account's list, its
 * adds and removes throw until the wallet was reset; such items are no items, dropped as the list is written.
 */
export function watchLists<K extends string, T, Id extends unknown[]>(
  local: TypedStorage<Record<K, Record<string, T[]>>>,
  storageKey: K,
  is: (item: T, ...id: Id) => boolean,
  idOf: (item: T) => Id,
  isItem: (value: unknown) => value is T,
): WatchLists<T, Id> {
  const itemsIn = (all: Record<string, T[]>, key: string): T[] => {
    const items: unknown = Object.hasOwn(all, key) ? all[key] : undefined;
    return Array.isArray(items) ? items.filter(isItem) : [];
  };
  const list = async (account: Hex, chainId: Hex) => itemsIn(await local.get(storageKey), watchListKey(account, chainId));
  return {
    list,
    find: async (account, chainId, ...id) => (await list(account, chainId)).find((item) => is(item, ...id)),
    async add(account, chainId, item) {
      const key = watchListKey(account, chainId);
      let added = false;
      await local.update(storageKey, (all) => {
        const current = itemsIn(all, key);
        if (current.some((other) => is(other, ...idOf(item)))) return all;
        added = true;
        return { ...all, [key]: [...current, item] };
      });
      return added;
    },
    async remove(account, chainId, ...id) {
      const key = watchListKey(account, chainId);
      await local.update(storageKey, (all) => {
        const kept = itemsIn(all, key).filter((item) => !is(item, ...id));
        const { [key]: _removed, ...rest } = all;
        return kept.length > 0 ? { ...rest, [key]: kept } : rest;
      });
    },
  };
}
