// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../shared/approvals';
import type { ConnectDetails } from '../../shared/approvals/connect';
import type { WalletState } from '../../shared/walletState';
import { siweMessage, type SiweFields } from '../../shared/siwe';
import { mountPoint } from '../testing/mount';

vi.mock('../api/background', () => ({ call: vi.fn(() => new Promise(() => undefined)) }));
const { Connect } = await import('./Connect');

const ACCOUNT_1 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ACCOUNT_2 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const FIELDS: SiweFields = { domain: 'dapp.example', uri: 'https://dapp.example', version: '1', chainId: '1', nonce: '12345678', issuedAt: '2026-11-23T16:00:00.000Z' };
const STATE = {
  accounts: [{ address: ACCOUNT_1, name: 'Account 1' }, { address: ACCOUNT_2, name: 'Account 2' }],
  selectedAccount: ACCOUNT_1,
} as unknown as WalletState;

const { container, render: mount, unmount } = mountPoint();
const render = (details: ConnectDetails, origin = 'https://dapp.example') =>
  mount(<Connect approval={{ id: 'a', origin, type: 'connect', details } as ApprovalView & { type: 'connect' }} state={STATE} />);
const messages = () => [...container.querySelectorAll('pre')].map((pre) => [pre.getAttribute('aria-label'), pre.textContent]);

describe('the connect screen with ERC-7846 sign-in', () => {
  it('shows the message each chosen account will sign, following the choice', async () => {
    await render({ signIn: { fields: FIELDS } });
    expect(container.querySelector('h1')?.textContent).toBe('Connect and sign in to https://dapp.example');
    expect(messages()).toEqual([['Sign-in message of Account 1', siweMessage(FIELDS, ACCOUNT_1)]]);
    expect(container.querySelector('[role="alert"]')).toBeNull();
    await act(async () => (container.querySelector('input[aria-label="Account 2"]') as HTMLInputElement).click());
    expect(messages()).toEqual([['Sign-in message of Account 1', siweMessage(FIELDS, ACCOUNT_1)], ['Sign-in message of Account 2', siweMessage(FIELDS, ACCOUNT_2)]]);
    await act(async () => (container.querySelector('input[aria-label="Account 1"]') as HTMLInputElement).click());
    await act(async () => (container.querySelector('input[aria-label="Account 2"]') as HTMLInputElement).click());
    expect(messages()).toEqual([]);
    expect([...container.querySelectorAll('button')].find((b) => b.textContent === 'Connect and sign in')?.disabled).toBe(true);
  });

  it('shows the domain warning, and no sign-in part for a plain connect', async () => {
    await render({ signIn: { fields: { ...FIELDS, domain: 'bank.example' } } });
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('This sign-in request is for bank.example, but it comes from https://dapp.example. Signing it could let https://dapp.example sign in as you on bank.example.');
    unmount();
    await render({});
    expect(container.querySelector('h1')?.textContent).toBe('Connect to https://dapp.example');
    expect(messages()).toEqual([]);
  });
});

describe('the connect screen of a site on plain http', () => {
  const warning = () => container.querySelector('[aria-label="Not secure site"]')?.textContent;

  it('says what an unencrypted connection means; not for https or a site on this machine', async () => {
    await render({}, 'http://dapp.example');
    expect(warning()).toBe("This site's connection is not encrypted: anyone on your network can change what it asks you to sign, and see the accounts you choose.");
    for (const origin of ['https://dapp.example', 'http://127.0.0.1:4173']) {
      unmount();
      await render({}, origin);
      expect(warning()).toBeUndefined();
    }
  });
});
