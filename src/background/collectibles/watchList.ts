/** The popup's collectibles: the list with what the account holds now, one item's metadata, and the ERC-7811 view. */
import type { CollectibleHolding, CollectibleMetadata } from '../../shared/collectibles';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { readMetadata } from './metadata';
import { readHolding } from './read';
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
