/**
 * Chainlink USD price feeds (AggregatorV3Interface proxies) the wallet reads through the user's own node to show what
 * an amount is worth. Only feeds whose address a published source names are listed: an asset without one shows no
 * value rather than a guess. `heartbeat`: the longest the feed goes without an update, in seconds.
 */
import type { Hex } from './params';

declare const __DEVNET_BUILD__: boolean;

export interface PriceFeed {
  address: Hex;
  heartbeat: number;
}

/** Per chain: the native currency's feed, and each token's by its address (lower case). */
export interface ChainFeeds {
  native?: PriceFeed;
  tokens: Record<string, PriceFeed>;
}

// Chainlink's own feed list for Ethereum: smartcontractkit/documentation, public/files/json/feeds-mainnet.json at
// 211224bb5baf2fd712ea61b8a46987c11cbfff9b (the standard proxies, "ens" eth-usd, usdc-usd, usdt-usd, dai-usd,
// link-usd; not the SVR ones), heartbeats from the same entries. Token contracts as in protection/knownTokens.ts.
const ETH_USD_ETHEREUM: PriceFeed = { address: '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419', heartbeat: 3600 };
const ETHEREUM: ChainFeeds = {
  native: ETH_USD_ETHEREUM,
  tokens: {
    '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2': ETH_USD_ETHEREUM, // WETH
    '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': { address: '0x8fFfFfd4AfB6115b954Bd326cbe7B4BA576818f6', heartbeat: 82800 }, // USDC
    '0xdac17f958d2ee523a2206206994597c13d831ec7': { address: '0x3E7d1eAB13ad0104d2750B8863b489D65364e32D', heartbeat: 86400 }, // USDT
    '0x6b175474e89094c44da98b954eedeac495271d0f': { address: '0xAed0c38402a5d19df6E4c03F4E2DceD6e29c1ee9', heartbeat: 3600 }, // DAI
    '0x514910771af9ca656af840dff83e8264ecf986ca': { address: '0x2c1d072e956AFFC0D435Cb7AC38EF18d24d9127c', heartbeat: 3600 }, // LINK
  },
};

// Base: the feeds Aave v3 on Base launched with for WETH and USDbC (bgd-labs/aave-address-book, src/ts/AaveV3Base.ts
// at 005ad2e852d0daf3e8471ff301dd2c37f3b8e1cc, ASSETS.WETH.ORACLE and ASSETS.USDbC.ORACLE: Chainlink's ETH / USD and
// USDC / USD proxies). That file gives no heartbeat: a day, the longest any of these feeds has.
const ETH_USD_BASE: PriceFeed = { address: '0x71041dddad3595F9CEd3DcCFBe3D1F4b0a16Bb70', heartbeat: 86400 };
const USDC_USD_BASE: PriceFeed = { address: '0x7e860098F58bBFC8648a4311b374B1D669a2bc6B', heartbeat: 86400 };
const BASE: ChainFeeds = {
  native: ETH_USD_BASE,
  tokens: {
    '0x4200000000000000000000000000000000000006': ETH_USD_BASE, // WETH
    '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913': USDC_USD_BASE, // USDC
    '0xd9aaec86b65d86f6a7b5b1b0c42ffa531710b6ca': USDC_USD_BASE, // USDbC
  },
};

/**
 * The devnet's feeds (contracts/TestPriceFeed.sol at devnet/constants.ts DEVNET_PRICE_FEEDS, checked there): ETH, the
 * test token TST and USDC. A week's heartbeat, since a feed is set once when the devnet starts.
 */
const DEVNET_HEARTBEAT = 7 * 86400;
export const DEVNET_FEEDS: ChainFeeds = {
  native: { address: '0x5080Cad0BF029C7B23AC37C4971849BE9f2Be6b2', heartbeat: DEVNET_HEARTBEAT },
  tokens: {
    '0x10078bee6813c04572224b652228177c0f7bf2cf': { address: '0x2b3e651E49A365337d894f9Fbd3c3fc7a55C0ef2', heartbeat: DEVNET_HEARTBEAT }, // TST
    '0xec159159b771e8431b7e0f2dffe534465e3321c9': { address: '0x5EDc096780898B1F4Bf6bc5b358d348b9c444091', heartbeat: DEVNET_HEARTBEAT }, // USDC
  },
};

/** By chain id as a number, so "0x7A69" and "0x7a69" find the same feeds. */
const FEEDS = new Map<bigint, ChainFeeds>([
  [1n, ETHEREUM],
  [8453n, BASE],
  ...(__DEVNET_BUILD__ ? [[31337n, DEVNET_FEEDS] as const] : []),
]);

/** The USD feed of the chain's native currency (no `token`) or of a token, if one is listed. */
export function priceFeedOf(chainId: Hex, token?: Hex): PriceFeed | undefined {
  const feeds = FEEDS.get(BigInt(chainId));
  return token === undefined ? feeds?.native : feeds?.tokens[token.toLowerCase()];
}
