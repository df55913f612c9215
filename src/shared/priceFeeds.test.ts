import { getAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
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
});
