/**
 * Which chains have USD price feeds (priceFeeds.ts), in a few bytes: the worker's first script tells the popup from
 * this, so Home keeps the dollar lines' room from its first paint, while the feed table stays in the worker's later
 * script. priceFeeds.test.ts checks that the two agree.
 */
import type { Hex } from './params';

declare const __DEVNET_BUILD__: boolean;

/** `native`: the chain's currency has a feed (its tokens may too); `tokens`: only some of its tokens have. */
export type UsdFeeds = 'native' | 'tokens';

/** By chain id as a number. */
export const FEED_CHAINS: Readonly<Partial<Record<number, UsdFeeds>>> = {
  1: 'native', 10: 'native', 137: 'tokens', 8453: 'native', 42161: 'native', ...(__DEVNET_BUILD__ ? { 31337: 'native' } : {}),
};

/** Number reads "0x7A69" as "0x7a69" does; a chain id too long for it rounds to no listed one. */
export const usdFeedsOf = (chainId: Hex): UsdFeeds | undefined => FEED_CHAINS[Number(chainId)];
