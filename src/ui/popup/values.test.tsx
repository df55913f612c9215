// @vitest-environment happy-dom
/**
 * Values in US dollars: the balance is shown as soon as it is read, its value when the prices come; an asset without a
 * feed shows none; the total says when it leaves assets out.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import type { UsdFeeds } from '../../shared/priceFeedChains';
import type { AssetValues, TokenBalance } from '../../shared/tokens';
import { mountPoint } from '../testing/mount';

const { call } = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../api/background', () => ({ call }));
vi.mock('webextension-polyfill', () => ({ default: { storage: { onChanged: { addListener: () => undefined, removeListener: () => undefined } } } }));
const { Balance } = await import('./Balance');
const { Tokens } = await import('./Tokens');
const { useAssetValues } = await import('./useAssetValues');

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Hex;
const TST = '0x10078beE6813c04572224b652228177C0f7BF2CF' as Hex;
const OTHER = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Hex;
const usd = (text: string) => text.replace(/\u00a0/g, ' ');

/** The node's answers: the balance at once, the values when `prices` settles. */
function answers(prices: Promise<AssetValues>, tokens: TokenBalance[] = []) {
  call.mockImplementation(async (method: string) => {
    if (method === 'getBalance') return '0xde0b6b3a7640000';
    if (method === 'getTokens') return tokens;
    if (method === 'getValues') return prices;
    throw new Error(`unexpected ${method}`);
  });
}

/** Home's balance and tokens on the devnet, whose currency has a feed, or on a chain whose feeds are `usdFeeds`. */
function Home({ usdFeeds = 'native' }: { usdFeeds?: UsdFeeds | null }) {
  const values = useAssetValues(ACCOUNT, '0x7a69');
  return (
    <>
      <Balance address={ACCOUNT} chainId="0x7a69" symbol="ETH" decimals={18} usdFeeds={usdFeeds ?? undefined} values={values} />
      <Tokens account={ACCOUNT} chainId="0x7a69" values={values} />
    </>
  );
}

describe('values in US dollars', () => {
  const { container, render } = mountPoint();
  const label = (name: string) => container.querySelector(`[aria-label="${name}"]`)?.textContent;

  it('shows the balance before the prices arrive, then its value and the total', async () => {
    let arrive: (values: AssetValues) => void = () => undefined;
    answers(new Promise((resolve) => (arrive = resolve)));
    await render(<Home />);
    await act(async () => undefined);
    expect([label('Balance'), label('Balance in US dollars'), label('Total in US dollars')]).toEqual(['1 ETH', undefined, undefined]);
    await act(async () => arrive({ native: 300000, tokens: {}, total: 300000, unpriced: 0 }));
    expect(usd(label('Balance in US dollars') ?? '')).toBe('≈ $3,000.00');
  });

  it('shows each token value, none for a token without a feed, and a total of the priced assets', async () => {
    const token = (address: Hex, symbol: string): TokenBalance => ({ address, symbol, decimals: 18, balance: '1000000000000000000' });
    answers(Promise.resolve({ native: 300000, tokens: { [TST]: 200, [OTHER]: null }, total: 300200, unpriced: 1 }), [token(TST, 'TST'), token(OTHER, 'OTH')]);
    await render(<Home />);
    await act(async () => undefined);
    expect([label('TST value'), label('OTH value'), label('Total in US dollars')].map((text) => text && usd(text))).toEqual([
      '≈ $2.00', undefined, 'Total ≈ $3,002.00 of priced assets',
    ]);
  });

  it('shows no value and no total on a chain without feeds', async () => {
    answers(Promise.resolve({ native: null, tokens: {}, total: 0, unpriced: 1 }));
    await render(<Home usdFeeds={null} />);
    await act(async () => undefined);
    expect([label('Balance'), label('Balance in US dollars'), label('Total in US dollars')]).toEqual(['1 ETH', undefined, undefined]);
  });

  describe('the dollar lines\' room, so that Send and Receive under them never move', () => {
    /** Each line under the balance, up to the next part: its text, or "room" for one kept empty, hidden from screen readers. */
    function lines(): string[] {
      const found: string[] = [];
      for (let line = container.querySelector('.balance')?.nextElementSibling; line?.tagName === 'P'; line = line.nextElementSibling) {
        found.push(line.getAttribute('aria-hidden') === 'true' && line.textContent?.trim() === '' ? 'room' : usd(line.textContent ?? ''));
      }
      return found;
    }

    it('is kept from the first paint where the currency has a feed: as many lines as the values then take', async () => {
      let arrive: (values: AssetValues) => void = () => undefined;
      answers(new Promise((resolve) => (arrive = resolve)));
      await render(<Home />);
      expect(lines()).toEqual(['room', 'room']);
      await act(async () => undefined);
      expect([label('Balance'), ...lines()]).toEqual(['1 ETH', 'room', 'room']);
      await act(async () => arrive({ native: 300000, tokens: {}, total: 300000, unpriced: 0 }));
      expect(lines()).toEqual(['≈ $3,000.00', 'Total ≈ $3,000.00']);
    });

    it('is kept while the balance itself is read', async () => {
      call.mockImplementation(() => new Promise(() => undefined));
      await render(<Home />);
      expect(lines()).toEqual(['room', 'room']);
    });

    it('stays, empty, when the prices leave nothing to show (no coins, a feed that failed)', async () => {
      answers(Promise.resolve({ native: null, tokens: {}, total: 0, unpriced: 0 }));
      await render(<Home />);
      await act(async () => undefined);
      expect(lines()).toEqual(['room', 'room']);
    });

    it('is one line, the total\'s, where only tokens have feeds', async () => {
      let arrive: (values: AssetValues) => void = () => undefined;
      answers(new Promise((resolve) => (arrive = resolve)));
      await render(<Home usdFeeds="tokens" />);
      await act(async () => undefined);
      expect(lines()).toEqual(['room']);
      await act(async () => arrive({ native: null, tokens: { [TST]: 200 }, total: 200, unpriced: 1 }));
      expect(lines()).toEqual(['Total ≈ $2.00 of priced assets']);
    });

    it('is not kept on a chain without feeds', async () => {
      answers(new Promise(() => undefined));
      await render(<Home usdFeeds={null} />);
      await act(async () => undefined);
      expect([label('Balance'), ...lines()]).toEqual(['1 ETH']);
    });
  });
});
