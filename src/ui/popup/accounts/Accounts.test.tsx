// @vitest-environment happy-dom
/** The accounts list: a Ledger account carries the device badge; Add a Ledger account opens the add-account page in a tab. */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { WalletState } from '../../../shared/pages';
import { mountPoint } from '../../testing/mount';

const { call, tabs } = vi.hoisted(() => ({ call: vi.fn(async (): Promise<unknown> => null), tabs: { create: vi.fn(async () => undefined) } }));
vi.mock('../../api/background', () => ({ call }));
vi.mock('webextension-polyfill', () => ({ default: { tabs, runtime: { getURL: (path: string) => `chrome-extension://wallet/${path}` } } }));
const { Accounts } = await import('./Accounts');

const PHRASE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const LEDGER = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const state = { accounts: [{ address: PHRASE, name: 'Account 1' }, { address: LEDGER, name: 'Cold', ledger: true }], selectedAccount: PHRASE } as unknown as WalletState;

describe('Accounts', () => {
  const { container, render } = mountPoint();

  it('shows the Ledger badge on the Ledger account only, and opens the add-account page in a tab', async () => {
    await render(<Accounts state={state} />);
    const rows = [...container.querySelectorAll('[aria-label="Accounts"] .account-row')];
    expect(rows.map((r) => Boolean(r.querySelector('[aria-label="Ledger account"]')))).toEqual([false, true]);
    const add = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Add a Ledger account')!;
    await act(async () => add.click());
    expect(tabs.create).toHaveBeenCalledWith({ url: 'chrome-extension://wallet/popup.html?page=addLedger' });
  });
});
