import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import type { TokenBalance } from '../../shared/tokens';
import type { ChainNode } from '../networks/rpcClient';
import type { FeedRead, Prices } from './prices';
import type { WatchListDeps } from '../tokens/watchList';
import { accountValues, assetValues } from './values';

// The devnet's feeds (src/shared/priceFeeds.ts): ETH, TST and USDC have one; TOKEN has none.
const TST = '0x10078beE6813c04572224b652228177C0f7BF2CF' as Hex;
const USDC = '0xec159159B771e8431B7E0f2dfFe534465e3321c9' as Hex;
const OTHER = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Hex;
const ETH_FEED = '0x5080Cad0BF029C7B23AC37C4971849BE9f2Be6b2';
const TST_FEED = '0x2b3e651E49A365337d894f9Fbd3c3fc7a55C0ef2';

/** The feeds are faked: the node is only handed through. */
const NODE = (async () => undefined) as ChainNode;
const token = (address: Hex, balance: string | null, decimals = 18): TokenBalance => ({ address, symbol: 'X', decimals, balance });

function prices(answers: Record<string, FeedRead>): Prices & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async read(_node, _chainId, feed) {
      asked.push(feed.address);
      return answers[feed.address] ?? { ok: false, reason: 'stale' };
    },
  };
}

describe('what the assets are worth', () => {
  it('values each priced asset in cents and sums them', async () => {
    const feeds = prices({
      [ETH_FEED]: { ok: true, answer: 3000_00000000n, decimals: 8 },
      [TST_FEED]: { ok: true, answer: 2_00000000n, decimals: 8 },
    });
    const values = await assetValues(feeds, NODE, '0x7a69', { balance: 1_500000000000000000n, decimals: 18 }, [token(TST, '2500000000000000000')]);
    expect(values).toEqual({ native: 450000, tokens: { [TST]: 500 }, total: 450500, unpriced: 0 });
  });

  it('shows no value for an asset without a feed or with a refused answer, and counts those held as unpriced', async () => {
    const feeds = prices({ [ETH_FEED]: { ok: true, answer: 3000_00000000n, decimals: 8 } });
    const values = await assetValues(feeds, NODE, '0x7a69', { balance: 10n ** 18n, decimals: 18 }, [
      token(TST, '1000'), // its feed answered stale
      token(OTHER, '5'), // no feed at all
      token(USDC, '0', 6), // no balance: worth $0 at any price, no feed read
    ]);
    expect(values).toEqual({ native: 300000, tokens: { [TST]: null, [OTHER]: null, [USDC]: 0 }, total: 300000, unpriced: 2 });
    expect(feeds.asked).not.toContain(undefined);
  });

  it('counts a balance the node could not tell as unpriced, and prices nothing on a chain without feeds', async () => {
    const none = await assetValues(prices({}), NODE, '0x38', { balance: 10n ** 18n, decimals: 18 }, [token(OTHER, null)]);
    expect(none).toEqual({ native: null, tokens: { [OTHER]: null }, total: 0, unpriced: 2 });
  });

  it('shows no value for a token whose listed decimals are not its contract’s (a watch list planted in storage.local): 1 USDC is not $1,000,000', async () => {
    const feeds = prices({ '0x5EDc096780898B1F4Bf6bc5b358d348b9c444091': { ok: true, answer: 1_00000000n, decimals: 8 } });
    const planted = await assetValues(feeds, NODE, '0x7a69', { balance: 0n, decimals: 18 }, [token(USDC, '1000000', 0)]);
    expect(planted).toEqual({ native: 0, tokens: { [USDC]: null }, total: 0, unpriced: 1 });
    const listed = await assetValues(feeds, NODE, '0x7a69', { balance: 0n, decimals: 18 }, [token(USDC, '1000000', 6)]);
    expect(listed.tokens[USDC]).toBe(100);
  });

  it('counts a token the watch list names twice (planted: its address in two cases) once in the total', async () => {
    const feeds = prices({ [TST_FEED]: { ok: true, answer: 2_00000000n, decimals: 8 } });
    const lower = TST.toLowerCase() as Hex;
    const values = await assetValues(feeds, NODE, '0x7a69', { balance: 0n, decimals: 18 }, [token(TST, '1000000000000000000'), token(lower, '1000000000000000000')]);
    expect(values).toEqual({ native: 0, tokens: { [TST]: 200, [lower]: null }, total: 200, unpriced: 0 });
  });

  it('a zero balance is worth $0.00 where there is a feed, without reading it (Home says so rather than leaving its room empty); none where there is no feed', async () => {
    const feeds = prices({});
    expect(await assetValues(feeds, NODE, '0x7a69', { balance: 0n, decimals: 18 }, [token(TST, '0')])).toEqual({ native: 0, tokens: { [TST]: 0 }, total: 0, unpriced: 0 });
    expect(feeds.asked).toEqual([]);
    expect(await assetValues(feeds, NODE, '0x38', { balance: 0n, decimals: 18 }, [token(OTHER, '0')])).toEqual({ native: null, tokens: { [OTHER]: null }, total: 0, unpriced: 0 });
  });

  it('refuses a value too large to be a price of anything (a node that lies)', async () => {
    const feeds = prices({ [ETH_FEED]: { ok: true, answer: 2n ** 254n, decimals: 0 } });
    expect((await assetValues(feeds, NODE, '0x7a69', { balance: 10n ** 18n, decimals: 18 }, [])).native).toBeNull();
  });
});

describe("an account's values, read through its node", () => {
  it('keeps going when the node answers eth_getBalance with something that is not an amount: the balance is unknown, nothing thrown', async () => {
    const node = (async (method: string) => (method === 'eth_getBalance' ? 'lots' : undefined)) as ChainNode;
    const deps = {
      tokens: { list: async () => [] },
      accounts: { list: async () => [] },
      networks: { find: async () => ({ chainId: '0x2', nativeCurrency: { decimals: 18 } }) },
      nodeFor: async () => node,
    } as unknown as WatchListDeps;
    await expect(accountValues(deps, OTHER, '0x2')).resolves.toEqual({ native: null, tokens: {}, total: 0, unpriced: 1 });
  });
});
