import { getAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from './params';
import { FEED_CHAINS, usdFeedsOf } from './priceFeedChains';
import { CHAIN_FEEDS, priceFeedOf } from './priceFeeds';

describe('the price feeds the release lists', () => {
  it('writes each feed as its checksummed address (a mistyped digit fails the checksum) and each token in lower case', () => {
    for (const feeds of CHAIN_FEEDS.values()) {
      for (const [token, feed] of Object.entries(feeds.tokens)) {
        expect(token).toBe(getAddress(token).toLowerCase());
        expect(feed.address).toBe(getAddress(feed.address));
      }
      if (feeds.native) expect(feeds.native.address).toBe(getAddress(feeds.native.address));
    }
  });

  it('finds a token whatever the case of its address or chain id, and nothing on a chain without feeds', () => {
    expect(priceFeedOf('0x1', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')?.address).toBe('0x8fFfFfd4AfB6115b954Bd326cbe7B4BA576818f6');
    expect(priceFeedOf('0x7A69')?.address).toBe(priceFeedOf('0x7a69')?.address);
    expect([priceFeedOf('0x38'), priceFeedOf('0x89'), priceFeedOf('0x1', '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599')]).toEqual([undefined, undefined, undefined]);
  });

  it('names each token’s decimals: 6 for USDC, USDT and their bridged forms, 18 for the others', () => {
    expect(priceFeedOf('0x1', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toMatchObject({ tokenDecimals: 6 });
    expect(priceFeedOf('0x89', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F')).toMatchObject({ tokenDecimals: 6 });
    expect(priceFeedOf('0xa4b1', '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1')).toMatchObject({ tokenDecimals: 18 });
    expect(priceFeedOf('0x1')).not.toHaveProperty('tokenDecimals');
  });

  it('agrees with the chains the worker\'s first script names as having feeds (priceFeedChains.ts), which tell Home to keep room for values', () => {
    expect(Object.keys(FEED_CHAINS).map(BigInt).sort()).toEqual([...CHAIN_FEEDS.keys()].sort());
    for (const [chainId, feeds] of CHAIN_FEEDS) expect(usdFeedsOf(`0x${chainId.toString(16)}` as Hex)).toBe(feeds.native ? 'native' : 'tokens');
    expect([usdFeedsOf('0x7A69'), usdFeedsOf('0x38'), usdFeedsOf(`0x${'f'.repeat(300)}`)]).toEqual(['native', undefined, undefined]);
  });
});
