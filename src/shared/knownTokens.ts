/**
 * Well-known tokens per chain, with their real contracts (ERC-20s all): what protection/knownTokens.ts tells an
 * imitation by, and the tokens a paymaster's standing allowance is looked for on (background/allowances/paymasterAllowances.ts).
 */
import type { Hex } from './params';

declare const __DEVNET_BUILD__: boolean;

const ETHEREUM: Record<string, Hex> = {
  USDC: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  USDT: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  DAI: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
  WETH: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  WBTC: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599',
  cbETH: '0xBe9895146f7AF43049ca1c1AE358B0541Ea49704',
  cbBTC: '0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf',
  stETH: '0xae7ab96520DE3A18E5e111B5EaAb095312D7fE84',
  LINK: '0x514910771AF9Ca656af840dff83E8264EcF986CA',
  UNI: '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984',
};

const BASE: Record<string, Hex> = {
  USDC: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  USDbC: '0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA',
  USDT: '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2',
  DAI: '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb',
  WETH: '0x4200000000000000000000000000000000000006',
  cbETH: '0x2Ae3F1Ec7F1F5012CFEab0185bfc7aa3cf0DEc22',
  cbBTC: '0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf',
};

/** The devnet's test token and USDC at their fixed CREATE2 addresses (devnet/constants.ts), so the warning can be tested there. */
export const DEVNET_KNOWN_TOKENS: Record<string, Hex> = { TST: '0x10078beE6813c04572224b652228177C0f7BF2CF', USDC: '0xec159159B771e8431B7E0f2dfFe534465e3321c9' };

/** By chain id as a number, so "0x7A69" and "0x7a69" find the same table. */
export const KNOWN_TOKENS = new Map<bigint, Record<string, Hex>>([
  [1n, ETHEREUM],
  [8453n, BASE],
  ...(__DEVNET_BUILD__ ? [[31337n, DEVNET_KNOWN_TOKENS] as const] : []),
]);
