// @vitest-environment happy-dom
/**
 * Home's token rows: icon, symbol, name, amount and (with a feed) value; Send, Details and Hide sit behind the row,
 * opened by a click on it or by its "⋯" button, none a primary button on the row.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import type { TokenBalance } from '../../shared/tokens';
import { useRoute } from '../stores/route';
import { mountPoint } from '../testing/mount';

const { call } = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../api/background', () => ({ call }));
vi.mock('webextension-polyfill', () => ({ default: { storage: { onChanged: { addListener: () => undefined, removeListener: () => undefined } } } }));
const { Tokens } = await import('./Tokens');

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Hex;
const TST = '0x10078beE6813c04572224b652228177C0f7BF2CF' as Hex;
const OTHER = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Hex;
const token = (address: Hex, symbol: string, name: string): TokenBalance => ({ address, symbol, name, decimals: 18, balance: '1500000000000000000' });

describe('token rows', () => {
  const { container, render } = mountPoint();
  const row = (symbol: string) => container.querySelector<HTMLElement>(`[aria-label="Token ${symbol}"]`);
  const buttons = (symbol: string) => [...row(symbol)!.querySelectorAll('button')].map((b) => b.getAttribute('aria-label') ?? b.textContent);
  const click = (element: Element | null) => act(async () => void (element as HTMLElement).click());
  let watched: TokenBalance[];

  beforeEach(() => {
    watched = [token(TST, 'TST', 'Test Token'), token(OTHER, 'TST', 'Another Test')];
    useRoute.setState({ screen: 'home' });
    call.mockReset().mockImplementation(async (method: string, params: { address: Hex }) => {
      if (method === 'getTokens') return watched;
      if (method === 'removeToken') return void (watched = watched.filter((t) => t.address !== params.address));
      throw new Error(`unexpected ${method}`);
    });
  });

  const show = async (explorerUrl?: string) => {
    watched = [token(TST, 'TST', 'Test Token')];
    await render(<Tokens account={ACCOUNT} chainId="0x7a69" values={{ native: null, tokens: { [TST]: 150 }, total: 150, unpriced: 0 }} {...(explorerUrl ? { explorerUrl } : {})} />);
    await act(async () => undefined);
  };

  it('shows the icon, symbol, name, amount and value, and only a small actions button', async () => {
    await show();
    expect(row('TST')!.querySelector('.token-initials')?.textContent).toBe('TST');
    expect(row('TST')!.textContent).toContain('Test Token');
    expect(container.querySelector('[aria-label="TST balance"]')?.textContent).toBe('1.5 TST');
    expect(container.querySelector('[aria-label="TST value"]')?.textContent?.replace(/\u00a0/g, ' ')).toBe('≈ $1.50');
    expect(buttons('TST')).toEqual(['Actions for TST']);
    expect(row('TST')!.querySelector('button:not(.icon)')).toBeNull();
  });

  it('opens the actions from the "⋯" button or a click on the row, with the address, its copy and explorer link', async () => {
    await show('https://etherscan.io');
    await click(row('TST')!.querySelector('[aria-label="Actions for TST"]'));
    expect(buttons('TST')).toEqual(['Actions for TST', 'Copy TST address', 'Send TST', 'Hide TST']);
    expect(row('TST')!.querySelector('[aria-label="TST contract"] [title]')?.getAttribute('title')).toBe(TST);
    expect(row('TST')!.querySelector('a')?.getAttribute('href')).toBe(`https://etherscan.io/token/${TST}`);
    await click(row('TST')!.querySelector('[aria-label="TST balance"]'));
    expect(buttons('TST')).toEqual(['Actions for TST']);
  });

  it('hides a token: its row leaves the list', async () => {
    await show();
    await click(row('TST')!.querySelector('[aria-label="TST balance"]'));
    expect(row('TST')!.querySelector('a')).toBeNull();
    await click(row('TST')!.querySelector('[aria-label="Hide TST"]'));
    expect(call).toHaveBeenCalledWith('removeToken', { account: ACCOUNT, chainId: '0x7a69', address: TST });
    expect(row('TST')).toBeNull();
    expect(container.textContent).toContain('No tokens yet');
  });

  it('sends this token: the Send screen opens with it picked', async () => {
    await show();
    await click(row('TST')!.querySelector('[aria-label="Actions for TST"]'));
    await click(row('TST')!.querySelector('[aria-label="Send TST"]'));
    expect([useRoute.getState().screen, useRoute.getState().sendToken]).toEqual(['send', TST]);
  });

  it('gives two tokens of one symbol different icons', async () => {
    await render(<Tokens account={ACCOUNT} chainId="0x7a69" values={null} />);
    await act(async () => undefined);
    const [one, two] = [...container.querySelectorAll<HTMLElement>('.token-initials')].map((icon) => icon.style.getPropertyValue('--hue'));
    expect(one).not.toBe(two);
  });
});
