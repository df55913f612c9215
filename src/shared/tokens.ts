/** An ERC-20 token as the wallet knows it. Symbol and decimals are the contract's own, never what a dapp said. */
import type { Hex } from './params';

export interface Token {
  /** Checksummed. */
  address: Hex;
  symbol: string;
  name?: string;
  decimals: number;
  /** An https: or data: URL the wallet's pages show as an <img>; the background never fetches it. */
  image?: string;
}

/** A well-known token's real contract on a chain, whose symbol another contract uses. */
export interface ImitatedToken {
  symbol: string;
  address: Hex;
}

/** A token on an account's watch list. */
export interface WatchedToken extends Token {
  addedAt: number;
}

/** A token with the account's balance in its smallest unit, as decimal text (null: the node could not tell). */
export interface TokenBalance extends Token {
  balance: string | null;
  /** A well-known token's real contract on this chain, when this one uses its symbol (a look-alike). */
  imitates?: ImitatedToken;
}

/**
 * What an account's assets are worth in US cents, from the chain's Chainlink feeds (src/shared/priceFeeds.ts): null
 * where there is no feed or its answer was refused (stale, not positive), never a guess.
 */
export interface AssetValues {
  native: number | null;
  /** By token address, as the watch list has it. */
  tokens: Record<Hex, number | null>;
  /** The sum of the values there are. */
  total: number;
  /** Assets held (or whose balance the node could not tell) that have no value: the total leaves them out. */
  unpriced: number;
}
