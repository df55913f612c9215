import { describe, expect, it } from 'vitest';
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
