import { describe, expect, it } from 'vitest';
import { DEVNET_KNOWN_TOKENS } from '../../shared/knownTokens';
import { imitatedToken } from './knownTokens';

const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const FAKE = '0x1111111111111111111111111111111111111111';

describe('well-known tokens', () => {
  it('names the real contract when another one uses its symbol on that chain', () => {
    expect(imitatedToken('0x2105', { symbol: 'USDC', address: FAKE })).toEqual({ symbol: 'USDC', address: BASE_USDC });
    expect(imitatedToken('0x1', { symbol: 'usdt', address: FAKE })).toEqual({ symbol: 'USDT', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7' });
    expect(imitatedToken('0x2105', { symbol: ' WETH ', address: FAKE })).toEqual({ symbol: 'WETH', address: '0x4200000000000000000000000000000000000006' });
  });

  it('reads the symbol as the screens show it: hidden characters (zero-width, bidi, controls) do not make "USDC" another symbol', () => {
    for (const symbol of ['US\u200bDC', '\u202aUSDC\u202c', 'USDC\u0000', 'U\u00adSDC', '\ufeffUSDC']) {
      expect(imitatedToken('0x2105', { symbol, address: FAKE })).toEqual({ symbol: 'USDC', address: BASE_USDC });
    }
  });

  it('does not flag the real contract (any case), another symbol, or a chain without a table', () => {
    expect(imitatedToken('0x2105', { symbol: 'USDC', address: BASE_USDC.toLowerCase() as `0x${string}` })).toBeUndefined();
    expect(imitatedToken('0x2105', { symbol: 'USDCX', address: FAKE })).toBeUndefined();
    // Ethereum's USDC address is not Base's USDC.
    expect(imitatedToken('0x2105', { symbol: 'USDC', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' })).toEqual({ symbol: 'USDC', address: BASE_USDC });
    expect(imitatedToken('0xa', { symbol: 'USDC', address: FAKE })).toBeUndefined();
  });

  it('knows the devnet test token at its fixed address (devnet build)', () => {
    const tst = DEVNET_KNOWN_TOKENS.TST;
    expect(imitatedToken('0x7a69', { symbol: 'TST', address: tst })).toBeUndefined();
    expect(imitatedToken('0x7A69', { symbol: 'TST', address: FAKE })).toEqual({ symbol: 'TST', address: tst });
  });
});
