// @vitest-environment happy-dom
/** Receive: the selected account's address and its QR code, only ever the QR code of the account shown. */
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import type { WalletState } from '../../shared/walletState';
import { mountPoint } from '../testing/mount';

/** Each QR code drawn, by the address asked, resolved when the test says. */
const { drawn } = vi.hoisted(() => ({ drawn: new Map<string, (url: string) => void>() }));
vi.mock('qrcode', () => ({ toDataURL: (text: string) => new Promise<string>((resolve) => drawn.set(text, resolve)) }));
const { Receive } = await import('./Receive');

const FIRST = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Hex;
const SECOND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Hex;
const state = (selectedAccount: Hex) =>
  ({ selectedAccount, accounts: [{ address: FIRST }, { address: SECOND }], networks: [], selectedChainId: '0x7a69' }) as unknown as WalletState;

describe('Receive', () => {
  const { container, render } = mountPoint();
  let select: (account: Hex) => void = () => undefined;
  function Switching() {
    const [account, setAccount] = useState(FIRST);
    select = setAccount;
    return <Receive state={state(account)} />;
  }
  const qr = () => container.querySelector<HTMLImageElement>('.qr img');

  it('shows the newest account’s QR code when the one before it is drawn last (a quick switch)', async () => {
    await render(<Switching />);
    await act(async () => select(SECOND));
    await act(async () => drawn.get(SECOND)!('data:image/png;base64,second'));
    await act(async () => drawn.get(FIRST)!('data:image/png;base64,first'));
    expect(container.querySelector('[aria-label="Address"]')?.textContent).toBe(SECOND);
    expect(qr()?.getAttribute('src')).toBe('data:image/png;base64,second');
  });

  it('shows no QR code while the new account’s is drawn, not the one before it under the new address', async () => {
    await render(<Switching />);
    await act(async () => drawn.get(FIRST)!('data:image/png;base64,first'));
    expect(qr()?.getAttribute('src')).toBe('data:image/png;base64,first');
    await act(async () => select(SECOND));
    expect(qr()).toBeNull();
    await act(async () => drawn.get(SECOND)!('data:image/png;base64,second'));
    expect(qr()?.getAttribute('alt')).toContain(SECOND);
    expect(qr()?.getAttribute('src')).toBe('data:image/png;base64,second');
  });
});
