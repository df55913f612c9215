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

/**
 * A token's feed, with the token's own `decimals()`: a watch list names decimals too, and one planted in storage.local
 * could make 1 USDC read as a million; a value is shown only where the two agree.
 */
export interface TokenFeed extends PriceFeed {
  tokenDecimals: number;
}

/** USDC, USDT and their bridged forms have 6 decimals; WETH, DAI, LINK and the devnet's TST 18 (their contracts' decimals()). */
const sixDecimals = (feed: PriceFeed): TokenFeed => ({ ...feed, tokenDecimals: 6 });
const eighteenDecimals = (feed: PriceFeed): TokenFeed => ({ ...feed, tokenDecimals: 18 });

/** Per chain: the native currency's feed, and each token's by its address (lower case). */
export interface ChainFeeds {
  native?: PriceFeed;
  tokens: Record<string, TokenFeed>;
}

// Chainlink's own feed list for Ethereum: smartcontractkit/documentation, public/files/json/feeds-mainnet.json at
// 211224bb5baf2fd712ea61b8a46987c11cbfff9b (the standard proxies, "ens" eth-usd, usdc-usd, usdt-usd, dai-usd,
// link-usd; not the SVR ones), heartbeats from the same entries. Token contracts as in shared/knownTokens.ts.
const ETH_USD_ETHEREUM: PriceFeed = { address: '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419', heartbeat: 3600 };
const ETHEREUM: ChainFeeds = {
  native: ETH_USD_ETHEREUM,
  tokens: {
    '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2': eighteenDecimals(ETH_USD_ETHEREUM), // WETH
    '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': sixDecimals({ address: '0x8fFfFfd4AfB6115b954Bd326cbe7B4BA576818f6', heartbeat: 82800 }), // USDC
    '0xdac17f958d2ee523a2206206994597c13d831ec7': sixDecimals({ address: '0x3E7d1eAB13ad0104d2750B8863b489D65364e32D', heartbeat: 86400 }), // USDT
    '0x6b175474e89094c44da98b954eedeac495271d0f': eighteenDecimals({ address: '0xAed0c38402a5d19df6E4c03F4E2DceD6e29c1ee9', heartbeat: 3600 }), // DAI
    '0x514910771af9ca656af840dff83e8264ecf986ca': eighteenDecimals({ address: '0x2c1d072e956AFFC0D435Cb7AC38EF18d24d9127c', heartbeat: 3600 }), // LINK
  },
};

// Elsewhere, the feeds Aave v3 priced each asset with, in bgd-labs/aave-address-book's asset files (`ORACLE`: Chainlink's
// ASSET / USD proxies at these commits, before Aave's own adapters). Those files give no heartbeat: a day, the longest
// any of these feeds has. Only the assets the file names; Circle's native USDC is priced by the same USDC / USD feed
// as the bridged USDC the file names (as the Arbitrum file itself does, `USDCn`).
const dayFeed = (address: Hex): PriceFeed => ({ address, heartbeat: 86400 });

// src/ts/AaveV3Base.ts at 005ad2e852d0daf3e8471ff301dd2c37f3b8e1cc: WETH, USDbC.
const ETH_USD_BASE = dayFeed('0x71041dddad3595F9CEd3DcCFBe3D1F4b0a16Bb70');
const USDC_USD_BASE = dayFeed('0x7e860098F58bBFC8648a4311b374B1D669a2bc6B');
const BASE: ChainFeeds = {
  native: ETH_USD_BASE,
  tokens: {
    '0x4200000000000000000000000000000000000006': eighteenDecimals(ETH_USD_BASE), // WETH
    '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913': sixDecimals(USDC_USD_BASE), // USDC
    '0xd9aaec86b65d86f6a7b5b1b0c42ffa531710b6ca': sixDecimals(USDC_USD_BASE), // USDbC
  },
};

// src/ts/AaveV3OptimismAssets.ts at 2f0bcf4ad7e052e1cf11a7eb855bcaad5d6cf192: WETH, USDC (bridged), USDT, DAI, LINK.
const ETH_USD_OP = dayFeed('0x13e3Ee699D1909E989722E753853AE30b17e08c5');
const USDC_USD_OP = dayFeed('0x16a9FA2FDa030272Ce99B29CF780dFA30361E0f3');
const OP_MAINNET: ChainFeeds = {
  native: ETH_USD_OP,
  tokens: {
    '0x4200000000000000000000000000000000000006': eighteenDecimals(ETH_USD_OP), // WETH
    '0x7f5c764cbc14f9669b88837ca1490cca17c31607': sixDecimals(USDC_USD_OP), // USDC.e
    '0x0b2c639c533813f4aa9d7837caf62653d097ff85': sixDecimals(USDC_USD_OP), // USDC (networks.ts USDC_PAYMASTERS)
    '0x94b008aa00579c1307b0ef2c499ad98a8ce58e58': sixDecimals(dayFeed('0xECef79E109e997bCA29c1c0897ec9d7b03647F5E')), // USDT
    '0xda10009cbd5d07dd0cecc66161fc93d7c9000da1': eighteenDecimals(dayFeed('0x8dBa75e83DA73cc766A7e5a0ee71F656BAb470d6')), // DAI
    '0x350a791bfc2c21f9ed5d10980dad2e2638ffa7f6': eighteenDecimals(dayFeed('0xCc232dcFAAE6354cE191Bd574108c1aD03f86450')), // LINK
  },
};

// src/ts/AaveV3ArbitrumAssets.ts at 04ad14db888659da3be6a1383534953dbc51190a: WETH, USDC (bridged), USDCn, USDT, DAI, LINK.
const ETH_USD_ARBITRUM = dayFeed('0x639Fe6ab55C921f74e7fac1ee960C0B6293ba612');
const USDC_USD_ARBITRUM = dayFeed('0x50834F3163758fcC1Df9973b6e91f0F0F0434aD3');
const ARBITRUM_ONE: ChainFeeds = {
  native: ETH_USD_ARBITRUM,
  tokens: {
    '0x82af49447d8a07e3bd95bd0d56f35241523fbab1': eighteenDecimals(ETH_USD_ARBITRUM), // WETH
    '0xff970a61a04b1ca14834a43f5de4533ebddb5cc8': sixDecimals(USDC_USD_ARBITRUM), // USDC.e
    '0xaf88d065e77c8cc2239327c5edb3a432268e5831': sixDecimals(USDC_USD_ARBITRUM), // USDC
    '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9': sixDecimals(dayFeed('0x3f3f5dF88dC9F13eac63DF89EC16ef6e7E25DdE7')), // USDT
    '0xda10009cbd5d07dd0cecc66161fc93d7c9000da1': eighteenDecimals(dayFeed('0xc5C8E77B397E531B8EC06BFb0048328B30E9eCfB')), // DAI
    '0xf97f4df75117a78c1a5a0dbb814af92458539fb4': eighteenDecimals(dayFeed('0x86E53CF1B870786351Da77A57575e79CB55812CB')), // LINK
  },
};

// src/ts/AaveV3PolygonAssets.ts at 01395f7ea0ea2f9dc551803e3ee1ba4ade28c5cc: WETH, USDC (bridged), USDT, DAI, LINK. Not
// POL, the native currency: the file names a MATIC / USD feed, from before the currency was renamed.
const USDC_USD_POLYGON = dayFeed('0xfE4A8cc5b5B2366C1B58Bea3858e81843581b2F7');
const POLYGON: ChainFeeds = {
  tokens: {
    '0x7ceb23fd6bc0add59e62ac25578270cff1b9f619': eighteenDecimals(dayFeed('0xF9680D99D6C9589e2a93a78A04A279e509205945')), // WETH
    '0x2791bca1f2de4661ed88a30c99a7a9449aa84174': sixDecimals(USDC_USD_POLYGON), // USDC.e
    '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359': sixDecimals(USDC_USD_POLYGON), // USDC (networks.ts USDC_PAYMASTERS)
    '0xc2132d05d31c914a87c6611c10748aeb04b58e8f': sixDecimals(dayFeed('0x0A6513e40db6EB1b165753AD52E80663aeA50545')), // USDT
    '0x8f3cf7ad23cd3cadbd9735aff958023239c6a063': eighteenDecimals(dayFeed('0x4746DeC9e833A82EC7C2C1356372CcF2cfcD2F3D')), // DAI
    '0x53e0bca35ec356bd5dddfebbd1fc0fd03fabad39': eighteenDecimals(dayFeed('0xd9FFdb71EbE7496cC440152d43986Aae0AB76665')), // LINK
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
    '0x10078bee6813c04572224b652228177c0f7bf2cf': eighteenDecimals({ address: '0x2b3e651E49A365337d894f9Fbd3c3fc7a55C0ef2', heartbeat: DEVNET_HEARTBEAT }), // TST
    '0xec159159b771e8431b7e0f2dffe534465e3321c9': sixDecimals({ address: '0x5EDc096780898B1F4Bf6bc5b358d348b9c444091', heartbeat: DEVNET_HEARTBEAT }), // USDC
  },
};

/** By chain id as a number, so "0x7A69" and "0x7a69" find the same feeds. */
export const CHAIN_FEEDS: ReadonlyMap<bigint, ChainFeeds> = new Map<bigint, ChainFeeds>([
  [1n, ETHEREUM],
  [8453n, BASE],
  [10n, OP_MAINNET],
  [42161n, ARBITRUM_ONE],
  [137n, POLYGON],
  ...(__DEVNET_BUILD__ ? [[31337n, DEVNET_FEEDS] as const] : []),
]);

/** The USD feed of the chain's native currency (no `token`) or of a token, if one is listed. */
export function priceFeedOf(chainId: Hex, token?: Hex): PriceFeed | TokenFeed | undefined {
  const feeds = CHAIN_FEEDS.get(BigInt(chainId));
  return token === undefined ? feeds?.native : feeds?.tokens[token.toLowerCase()];
}
