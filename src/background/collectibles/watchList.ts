/** The popup's collectibles: the list with what the account holds now, one item's metadata, and the ERC-7811 view. */
import type { CollectibleHolding, CollectibleMetadata } from '../../shared/collectibles';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { readMetadata } from './metadata';
import { readCollectionBalance, readHolding } from './read';
import type { CollectibleStore } from './store';

export interface CollectiblesDeps {
  collectibles: CollectibleStore;
  nodeFor(chainId: Hex): Promise<ChainNode>;
}

/** The account's collectibles on the chain, each with its holding at `pending` (null when the node could not tell). */
export async function collectiblesWithHoldings(deps: CollectiblesDeps, account: Hex, chainId: Hex): Promise<CollectibleHolding[]> {
  const list = await deps.collectibles.list(account, chainId);
  if (list.length === 0) return [];
  const node = await deps.nodeFor(chainId);
  return Promise.all(
    list.map(async ({ addedAt: _addedAt, ...collectible }): Promise<CollectibleHolding> => {
      const balance = await readHolding(node, collectible, account).then((b) => (b === undefined ? null : b.toString()), () => null);
      return { ...collectible, balance };
    }),
  );
}

/** One watched collectible's metadata, read on chain now; an item not on the list is an error. */
export async function collectibleMetadata(deps: CollectiblesDeps, account: Hex, chainId: Hex, address: Hex, tokenId: string): Promise<CollectibleMetadata> {
  const watched = await deps.collectibles.find(account, chainId, address, tokenId);
  if (!watched) throw new Error(`Token ${tokenId} of ${address} is not on this account's list`);
  return readMetadata(await deps.nodeFor(chainId), watched);
}

/** An ERC-7811 "erc721" asset: one per collection, with the account's balance of it and the watched token ids it holds. */
export interface CollectionAsset {
  address: Hex;
  balance: bigint;
  name?: string;
  symbol?: string;
  tokenIds: string[];
}

/** The account's watched ERC-721 collections on the chain; a collection whose contract does not answer is left out. */
export async function watchedCollections(deps: CollectiblesDeps, account: Hex, chainId: Hex): Promise<CollectionAsset[]> {
  const held = (await collectiblesWithHoldings(deps, account, chainId)).filter((c) => c.standard === 'ERC721');
  if (held.length === 0) return [];
  const node = await deps.nodeFor(chainId);
  const byAddress = new Map<Hex, CollectibleHolding[]>();
  for (const c of held) byAddress.set(c.address, [...(byAddress.get(c.address) ?? []), c]);
  const collections = await Promise.all(
    [...byAddress].map(async ([address, items]): Promise<CollectionAsset | undefined> => {
      const balance = await readCollectionBalance(node, address, account).catch(() => undefined);
      if (balance === undefined) return undefined;
      const { name, symbol } = items[0];
      const tokenIds = items.filter((c) => c.balance !== null && c.balance !== '0').map((c) => c.tokenId);
      return { address, balance, ...(name === undefined ? {} : { name }), ...(symbol === undefined ? {} : { symbol }), tokenIds };
    }),
  );
  return collections.filter((c): c is CollectionAsset => c !== undefined);
}
