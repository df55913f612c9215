import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SendUsdcQuote } from '../../../shared/send';
import { speak } from '../../testing/speak';
import { feePayment } from './feePayment';

const USDC = '0x00000000000000000000000000000000000000cc';
const offered = (balance: bigint, maximum = 600_000n): SendUsdcQuote => ({
  offered: true, token: USDC, balance: `0x${balance.toString(16)}`, maximum: `0x${maximum.toString(16)}`, line: 'Network fee: ≈ 0.42 USDC (at most 0.60 USDC)',
  words: { key: 'fees_usdcLine', values: { expected: { decimal: '0.42' }, maximum: { decimal: '0.60' } } }, atMost: '0.60',
});
const NO_PAYMASTER: SendUsdcQuote = { offered: false, reason: 'No USDC paymaster on Test', words: { key: 'fees_noPaymaster', values: { network: 'Test' } } };
const eth = (coin: bigint, sent = 0n) => ({ coin, sent, fee: 1_000n, symbol: 'ETH' });

afterEach(() => vi.restoreAllMocks());

describe('who pays the Send\'s network fee', () => {
  it('ETH alone when USDC is not offered and the coin covers what is sent and the fee', () => {
    expect(feePayment(eth(2_000n, 1_000n), NO_PAYMASTER, 0n)).toEqual({ choices: ['eth'], reasons: [] });
  });

  it('USDC alone when the account has no ETH for the fee and its USDC covers what is sent and the cap', () => {
    expect(feePayment(eth(0n), offered(100_000_000n), 10_000_000n)).toEqual({ choices: ['usdc'], reasons: [] });
  });

  it('both, ETH first, when both work', () => {
    expect(feePayment(eth(5_000n), offered(1_000_000n), 0n)).toEqual({ choices: ['eth', 'usdc'], reasons: [] });
  });

  it('neither, and why for each: not enough ETH, not enough USDC once the send is counted', () => {
    expect(feePayment(eth(999n), offered(10_500_000n), 10_000_000n)).toEqual({
      choices: [],
      reasons: ['Not enough ETH for the network fee: it can take up to 0.000000000000001 ETH', 'Not enough USDC for the network fee: it can take up to 0.60 USDC on top of what is sent'],
    });
  });

  it('the fee in the browser\'s language\'s decimals: in Spanish 1.234 ETH is "1,234", since "1.234" reads as a thousand there', () => {
    speak('es');
    const { reasons } = feePayment({ coin: 0n, sent: 0n, fee: 1_234_000_000_000_000_000n, symbol: 'ETH' }, NO_PAYMASTER, 0n);
    expect(reasons[0]).toBe('No hay suficiente ETH para la tarifa de red: puede costar hasta 1,234 ETH');
  });

  it('neither, in the browser\'s language: why USDC is not offered, and the cap written as the language writes numbers', () => {
    speak('es');
    expect(feePayment(eth(0n), NO_PAYMASTER, 0n).reasons[1]).toBe('No hay un paymaster de USDC en Test');
    expect(feePayment(eth(0n), offered(100_000n), 0n).reasons[1]).toBe('No hay suficiente USDC para la tarifa de red: puede costar hasta 0,60 USDC además de lo enviado');
  });

  it("neither, a quote that failed before it was made (no words: the worker's later script did not load) said in the screen's own sentence, in the language", () => {
    const unloaded: SendUsdcQuote = { offered: false, reason: 'background-later.js failed to load' };
    expect(feePayment(eth(0n), unloaded, 0n).reasons[1]).toBe('No quote for a fee in USDC: the wallet could not load its code for it');
    speak('es');
    expect(feePayment(eth(0n), unloaded, 0n).reasons[1]).toBe('No hubo cotización de una tarifa en USDC: la billetera no pudo cargar su código');
  });

  it('neither, with the reason USDC is not offered', () => {
    expect(feePayment(eth(0n), NO_PAYMASTER, 0n)).toMatchObject({ reasons: [expect.any(String), 'No USDC paymaster on Test'] });
  });
});
