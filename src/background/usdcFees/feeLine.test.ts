/** The fee line: what the screen says of a fee in USDC, never less than what can be taken; its words read as its English. */
import { describe, expect, it } from 'vitest';
import { english } from '../../shared/fees.fixture';
import { usdcAmountUp, usdcFeeLine, usdcFeePaidLine } from './feeLine';

describe('the fee line', () => {
  it('says the expected fee and the most that can be taken', () => {
    expect(english(usdcFeeLine({ expected: 420_000n, maximum: 600_000n }))).toBe('Network fee: ≈ 0.42 USDC (at most 0.60 USDC)');
  });

  it('rounds both up to the cent, so a fraction of a cent is never hidden', () => {
    expect(english(usdcFeeLine({ expected: 653_400n, maximum: 4_282_740n }))).toBe('Network fee: ≈ 0.66 USDC (at most 4.29 USDC)');
    expect(usdcAmountUp(420_001n)).toBe('0.43');
    expect(usdcAmountUp(1_234_567_891n)).toBe('1234.57');
    expect(usdcAmountUp(2_000_000n)).toBe('2.00');
  });

  it('shows a fee below a cent to two significant digits, rounded up, not as 0.00 or 0.01', () => {
    expect(usdcAmountUp(3_100n)).toBe('0.0031');
    expect(usdcAmountUp(3_101n)).toBe('0.0032');
    expect(usdcAmountUp(9_999n)).toBe('0.01');
    expect(usdcAmountUp(1n)).toBe('0.000001');
    expect(usdcAmountUp(0n)).toBe('0.00');
  });

  it('says the fee a landed op paid, rounded up as well', () => {
    expect(english(usdcFeePaidLine(305_001n))).toBe('Network fee: 0.31 USDC');
  });

  it('gives its figures as decimals the screen writes in the browser\'s language, every digit kept (the worker\'s English groups none, as ERC-7730\'s reference formats)', () => {
    const line = usdcFeeLine({ expected: 1_234_567_891n, maximum: 2_000_000_000n });
    expect(line.words).toEqual({ key: 'fees_usdcLine', values: { expected: { decimal: '1234.57' }, maximum: { decimal: '2000.00' } } });
    expect(english(line)).toBe('Network fee: ≈ 1234.57 USDC (at most 2000.00 USDC)');
    expect(usdcFeePaidLine(3_100n).words).toEqual({ key: 'fees_usdcPaid', values: { amount: { decimal: '0.0031' } } });
  });
});
