// @vitest-environment happy-dom
/** The accounts list: a Ledger account carries the device badge; Add a Ledger account opens the add-account page in a tab. */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { WalletState } from '../../../shared/walletState';
import { mountPoint } from '../../testing/mount';

const { call, tabs } = vi.hoisted(() => ({ call: vi.fn(async (): Promise<unknown> => null), tabs: { create: vi.fn(async () => undefined) } }));
vi.mock('../../api/background', () => ({ call }));
vi.mock('webextension-polyfill', () => ({ default: { tabs, runtime: { getURL: (path: string) => `chrome-extension://wallet/${path}` } } }));
const { Accounts } = await import('./Accounts');

const PHRASE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const LEDGER = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const state = { accounts: [{ address: PHRASE, name: 'Account 1' }, { address: LEDGER, name: 'Cold', ledger: true }], selectedAccount: PHRASE } as unknown as WalletState;
const selecting = (address: string) => ({ ...state, selectedAccount: address }) as WalletState;
const button = (container: HTMLElement, name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name);
const typeInto = (input: HTMLInputElement, value: string) => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

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

  it('offers Remove for a Ledger account and removes it with the password', async () => {
    await render(<Accounts state={selecting(LEDGER)} />);
    await act(async () => button(container, 'Remove account')!.click());
    const form = container.querySelector('form[aria-label="Remove account"]')!;
    expect(form.querySelector('p')?.textContent).toBe('Remove Cold from this wallet? Sites connected to it lose it. You can add it again from your Ledger.');
    const remove = [...form.querySelectorAll('button')].find((b) => b.textContent === 'Remove')!;
    expect(remove.disabled).toBe(true);
    await act(async () => typeInto(form.querySelector('input[type="password"]')!, 'correct horse battery'));
    await act(async () => remove.click());
    expect(call).toHaveBeenCalledWith('removeAccount', { address: LEDGER, password: 'correct horse battery' });
  });

  it("shows the wallet's refusal (a wrong password) and keeps the form", async () => {
    call.mockRejectedValueOnce(new Error('Incorrect password'));
    await render(<Accounts state={selecting(LEDGER)} />);
    await act(async () => button(container, 'Remove account')!.click());
    const form = container.querySelector('form[aria-label="Remove account"]')!;
    await act(async () => typeInto(form.querySelector('input[type="password"]')!, 'wrong horse battery'));
    await act(async () => [...form.querySelectorAll('button')].find((b) => b.textContent === 'Remove')!.click());
    expect(form.querySelector('[role="alert"]')?.textContent).toBe('Incorrect password');
  });

  it("offers no Remove for one of the phrase's accounts", async () => {
    await render(<Accounts state={state} />);
    expect(button(container, 'Remove account')).toBeUndefined();
  });

  it('offers no Remove for the last account', async () => {
    const alone = { accounts: [{ address: LEDGER, name: 'Cold', ledger: true }], selectedAccount: LEDGER } as unknown as WalletState;
    await render(<Accounts state={alone} />);
    expect(button(container, 'Remove account')).toBeUndefined();
  });
});
