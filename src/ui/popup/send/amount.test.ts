import { afterEach, describe, expect, it, vi } from 'vitest';
import { speak } from '../../testing/speak';
import { maxSendable, parseAmount } from './amount';

afterEach(() => vi.restoreAllMocks());

describe('parseAmount', () => {
  it('reads decimal text into units', () => {
    expect(parseAmount(' 1.5 ', 18)).toEqual({ ok: true, units: 1_500_000_000_000_000_000n });
    expect(parseAmount('12', 6)).toEqual({ ok: true, units: 12_000_000n });
  });

  it('refuses more decimals than the coin has, zero and text that is not a number', () => {
    expect(parseAmount('0.1234567', 6)).toEqual({ ok: false, error: 'At most 6 decimals' });
    expect(parseAmount('0', 18)).toEqual({ ok: false, error: 'Enter an amount above 0' });
    expect(parseAmount('1e3', 18).ok).toBe(false);
    expect(parseAmount('-1', 18).ok).toBe(false);
  });

  it('reads the decimal mark of the browser\'s language, and refuses the other one rather than guess (1.000 is a thousand in Portuguese)', () => {
    speak('pt_BR');
    expect(parseAmount('1,5', 18)).toEqual({ ok: true, units: 1_500_000_000_000_000_000n });
    expect(parseAmount('1.000', 18)).toEqual({ ok: false, error: 'Insira um valor como 1,5' });
    expect(parseAmount('1,000.5', 18).ok).toBe(false);
  });
});

describe('maxSendable', () => {
  it('leaves the most the fee can cost, an L1 data fee included', () => {
    expect(maxSendable(1_000_000n, 21_000n * 10n + 5_000n)).toBe(785_000n);
  });

  it('is zero when the fee alone is more than the balance', () => {
    expect(maxSendable(100n, 21_000n * 10n)).toBe(0n);
  });
});
