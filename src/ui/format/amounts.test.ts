import { afterEach, describe, expect, it, vi } from 'vitest';
import { speak } from '../testing/speak';
import { exactAmount, readableAmount } from './amounts';
import { usdText } from './usd';

afterEach(() => vi.restoreAllMocks());

describe('readableAmount', () => {
  it.each([
    [10n ** 18n, 18, '1'],
    [1_500_000_000_000_000_000n, 18, '1.5'],
    [146_289_486_724_920n, 18, '0.000146289'],
    [1_000_000_000n, 18, '< 0.000001'],
    [0n, 18, '0'],
    [1_234_567_891_000_000_000_000n, 18, '1,234.57'],
    [123_456_789n * 10n ** 18n, 18, '123,456,789'],
    [1_500_000n, 6, '1.5'],
    [-25n * 10n ** 17n, 18, '-2.5'],
  ])('%s with %s decimals reads %s', (units, decimals, text) => {
    expect(readableAmount(units, decimals)).toBe(text);
  });

  it('writes the number as the browser\'s language does, every digit of 18 decimals kept', () => {
    speak('pt_BR');
    expect(readableAmount(1_234_567_891_000_000_000_000n)).toBe('1.234,57');
    expect(readableAmount(123_456_789n * 10n ** 18n)).toBe('123.456.789');
    expect(readableAmount(146_289_486_724_920n)).toBe('0,000146289');
    expect(readableAmount(1_000_000_000n)).toBe('< 0,000001');
    expect(readableAmount(123_456_789_012_345_678n, 18, 18)).toBe('0,123456789012345678');
    expect(usdText(500_000)).toBe('US$\u00a05.000,00');
  });

  it('writes dollars in English as the e2e suite reads them', () => {
    expect(usdText(500_000)).toBe('$5,000.00');
  });

  it('keeps the exact value for hover text', () => {
    expect(exactAmount(146_289_486_724_920n)).toBe('0.00014628948672492');
    expect(exactAmount(10n ** 18n)).toBe('1');
  });
});
