/**
 * What a grant's amounts are counted in. A node's `decimals()` is a claim: one that says USDC has 18 would make 1,000
 * USDC read as 0.000000001. For a token the wallet lists with its decimals (the price feeds' table,
 * src/shared/priceFeeds.ts, or for a well-known token without a feed knownDecimals.ts) the wallet's count is used, and
 * the node's, when it differs, kept for the screen to name.
 */
import type { TokenFacts } from '../../shared/grantWords';
import type { Hex } from '../../shared/params';
import { priceFeedOf, type TokenFeed } from '../../shared/priceFeeds';
import { knownDecimalsOf } from './knownDecimals';

export interface CountedFacts {
  facts: TokenFacts;
  /** The node's decimals, where they are not the table's. */
  claimedDecimals?: number;
}

/** `token` as read on `chainId` (no address: the network's currency). */
export function countedFacts(chainId: Hex, { symbol, decimals, address }: TokenFacts & { address?: Hex }): CountedFacts {
  const feed = address === undefined ? undefined : (priceFeedOf(chainId, address) as TokenFeed | undefined);
  const known = feed?.tokenDecimals ?? (address === undefined ? undefined : knownDecimalsOf(chainId, address)) ?? decimals;
  return { facts: { symbol, decimals: known }, ...(known === decimals ? {} : { claimedDecimals: decimals }) };
}
