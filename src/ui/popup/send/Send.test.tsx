// @vitest-environment happy-dom
/** The Send form's fee in USDC (issue 45) in the browser's language: the fee line, and why neither ETH nor USDC pays. */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_DEVNET } from '../../../shared/networks';
import type { WalletState } from '../../../shared/walletState';
import type { SendQuote, SendUsdcQuote } from '../../../shared/send';
import { mountPoint } from '../../testing/mount';
import { speak } from '../../testing/speak';

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const GWEI = { maxFeePerGas: '0x3b9aca00', maxPriorityFeePerGas: '0x1' } as const;
const usdc: { quote: SendUsdcQuote } = { quote: { offered: false, reason: '', words: { key: 'fees_noUsdcHeld' } } };
const quote = (): SendQuote => ({
  gasLimit: '0x5208', recipientIsContract: false, usdc: usdc.quote,
  fees: { low: GWEI, market: GWEI, aggressive: GWEI },
});
const call = vi.fn(async (method: string) => (method === 'getBalance' ? '0x0' : method === 'getTokens' ? [] : method === 'quoteSend' ? quote() : null));
vi.mock('../../api/background', () => ({ call }));
const { Send } = await import('./Send');

const state = { accounts: [{ address: FROM, name: 'Account 1' }], selectedAccount: FROM, networks: [LOCAL_DEVNET], selectedChainId: LOCAL_DEVNET.chainId } as unknown as WalletState;
const typeInto = (input: HTMLInputElement, value: string) => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('the Send form in the browser\'s language', () => {
  const { container, render } = mountPoint();
  afterEach(() => vi.restoreAllMocks());

  /** The form with an amount of the coin to a recipient typed, quoted. */
  async function typed(): Promise<void> {
    await render(<Send state={state} />);
    const [recipient, amount] = [...container.querySelectorAll('input')];
    await act(async () => typeInto(recipient, TO));
    await act(async () => typeInto(amount, '0'));
  }

  it('says the fee line in USDC with its figures as the language writes them', async () => {
    speak('es');
    usdc.quote = {
      offered: true, token: LOCAL_DEVNET.usdcPaymaster!.token, balance: '0x5f5e100', maximum: '0x927c0', atMost: '0.60', line: 'Network fee: ≈ 0.42 USDC (at most 0.60 USDC)',
      words: { key: 'fees_usdcLine', values: { expected: { decimal: '0.42' }, maximum: { decimal: '0.60' } } },
    };
    await typed();
    expect(container.querySelector('[aria-label="Tarifa de red"]')?.textContent).toBe('Tarifa de red: ≈ 0,42 USDC (como máximo 0,60 USDC), pagada en USDC: el ETH que tienes no la cubre');
  });

  it('says why USDC cannot pay when neither can', async () => {
    speak('es');
    usdc.quote = { offered: false, reason: 'Not enough USDC: the account holds none', words: { key: 'fees_noUsdcHeld' } };
    await typed();
    const reasons = [...container.querySelectorAll('[aria-label="Comprobaciones de la tarifa"] p')].map((p) => p.textContent);
    expect(reasons).toEqual([expect.stringMatching(/^No hay suficiente ETH para la tarifa de red/), 'No hay suficiente USDC: la cuenta no tiene USDC']);
  });
});
