/** An ERC-721 or ERC-1155 token (a collectible) as the wallet knows it: name and symbol are the contract's own. */
import type { Hex } from './params';

export const COLLECTIBLE_STANDARDS = ['ERC721', 'ERC1155'] as const;
export type CollectibleStandard = (typeof COLLECTIBLE_STANDARDS)[number];

/** How the screens name a standard. */
export const standardLabel = (standard: CollectibleStandard): string => (standard === 'ERC721' ? 'ERC-721' : 'ERC-1155');

export interface Collectible {
  standard: CollectibleStandard;
  /** The contract, checksummed. */
  address: Hex;
  /** Decimal, without leading zeros. */
  tokenId: string;
  /** The contract's name() and symbol(), when it has them. */
  name?: string;
  symbol?: string;
}

/** A collectible on an account's watch list. */
export interface WatchedCollectible extends Collectible {
  addedAt: number;
}

/** A watched collectible with how many the account holds at `pending` (ERC-721: "1" or "0"), null when the node could not tell. */
export interface CollectibleHolding extends Collectible {
  balance: string | null;
}

/**
 * A collectible's metadata as the wallet shows it, read only when the user opens it: the URI from tokenURI() / uri()
 * as text. A data: URI of JSON is decoded; nothing remote is ever fetched (it would tell the host the user's IP).
 */
export interface CollectibleMetadata {
  /** The URI the contract gave (ERC-1155's {id} filled in), cut for display; null when the contract gave none. */
  uri: string | null;
  /** From a data: URI's JSON. */
  json?: {
    name?: string;
    description?: string;
    /** A data:image/… URL, safe to show as an <img>. */
    image?: string;
    /** Any other image URL, shown as text only. */
    imageUri?: string;
  };
  /** Why the metadata could not be shown (a data: URI that is not JSON, say). */
  problem?: string;
}
