/**
 * The decimals of the well-known tokens the imitation check lists (shared/knownTokens.ts) that have no price
 * feed (../../shared/priceFeeds.ts carries the others'): a node's `decimals()` for them is a claim too. Apart from
 * knownTokens.ts, which the worker's first script carries: only a grant's screen reads these.
 */
import type { Hex } from '../../shared/params';

/** By chain id as a number, then by contract (lower case). */
const KNOWN_DECIMALS = new Map<bigint, Record<string, number>>([
  [1n, {
    '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599': 8, // WBTC
    '0xbe9895146f7af43049ca1c1ae358b0541ea49704': 18, // cbETH
    '0xcbb7c0000ab88b473b1f5afd9ef808440eed33bf': 8, // cbBTC
    '0xae7ab96520de3a18e5e111b5eaab095312d7fe84': 18, // stETH
    '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984': 18, // UNI
  }],
  [8453n, {
    '0xfde4c96c8593536e31f229ea8f37b2ada2699bb2': 6, // USDT
    '0x50c5725949a6f0c72e6c4a641f24049a917db0cb': 18, // DAI
    '0x2ae3f1ec7f1f5012cfeab0185bfc7aa3cf0dec22': 18, // cbETH
    '0xcbb7c0000ab88b473b1f5afd9ef808440eed33bf': 8, // cbBTC
  }],
]);

export const knownDecimalsOf = (chainId: Hex, token: Hex): number | undefined => KNOWN_DECIMALS.get(BigInt(chainId))?.[token.toLowerCase()];
