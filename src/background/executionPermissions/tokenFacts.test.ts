import { describe, expect, it } from 'vitest';
import { KNOWN_TOKENS } from '../../shared/knownTokens';
import { countedFacts } from './tokenFacts';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

// A node that says USDC has 18 decimals makes 1,000 USDC read as 0.000000001 USDC; one that says 0, as 1,000,000,000.
describe('the decimals a grant is counted in', () => {
  it('are the wallet\'s for a well-known token, whatever the node says, and the node\'s kept to be named when they differ', () => {
    expect(countedFacts('0x1', { symbol: 'USDC', decimals: 18, address: USDC })).toEqual({ facts: { symbol: 'USDC', decimals: 6 }, claimedDecimals: 18 });
    expect(countedFacts('0x1', { symbol: 'USDC', decimals: 0, address: USDC.toLowerCase() as `0x${string}` })).toEqual({ facts: { symbol: 'USDC', decimals: 6 }, claimedDecimals: 0 });
    expect(countedFacts('0x1', { symbol: 'USDC', decimals: 6, address: USDC })).toEqual({ facts: { symbol: 'USDC', decimals: 6 } });
  });

  it('are the contract\'s for a token the wallet does not know, and the network\'s for its currency', () => {
    expect(countedFacts('0x1', { symbol: 'XYZ', decimals: 9, address: '0x10078beE6813c04572224b652228177C0f7BF2CF' })).toEqual({ facts: { symbol: 'XYZ', decimals: 9 } });
    expect(countedFacts('0x1', { symbol: 'ETH', decimals: 18 })).toEqual({ facts: { symbol: 'ETH', decimals: 18 } });
  });
});

// The tokens the imitation check knows (shared/knownTokens.ts) that have no price feed: WBTC counts 8 decimals,
// so a node that says 18 makes 1 WBTC a period read as 0.0000000001 WBTC.
describe('the decimals of a well-known token without a price feed', () => {
  it('are the wallet\'s too, and a node that disagrees is named', () => {
    const WBTC = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
    expect(countedFacts('0x1', { symbol: 'WBTC', decimals: 18, address: WBTC })).toEqual({ facts: { symbol: 'WBTC', decimals: 8 }, claimedDecimals: 18 });
    expect(countedFacts('0x1', { symbol: 'UNI', decimals: 6, address: '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984' })).toEqual({ facts: { symbol: 'UNI', decimals: 18 }, claimedDecimals: 6 });
    expect(countedFacts('0x2105', { symbol: 'USDT', decimals: 18, address: '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2' })).toEqual({ facts: { symbol: 'USDT', decimals: 6 }, claimedDecimals: 18 });
    expect(countedFacts('0x2105', { symbol: 'cbBTC', decimals: 8, address: '0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf' })).toEqual({ facts: { symbol: 'cbBTC', decimals: 8 } });
  });
});

describe('every token the imitation check knows', () => {
  it('has its decimals in the wallet (a price feed or knownDecimals.ts): none is counted as a node says', () => {
    const counted = [...KNOWN_TOKENS].flatMap(([chainId, table]) => Object.entries(table).map(([symbol, address]) =>
      [symbol, countedFacts(`0x${chainId.toString(16)}`, { symbol, decimals: 99, address }).facts.decimals] as const));
    expect(counted.filter(([, decimals]) => decimals === 99)).toEqual([]);
  });
});
