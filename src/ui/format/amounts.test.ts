import { describe, expect, it } from 'vitest';
import { exactAmount, readableAmount, relativeTime } from './amounts';

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

  it('keeps the exact value for hover text', () => {
    expect(exactAmount(146_289_486_724_920n)).toBe('0.00014628948672492');
    expect(exactAmount(10n ** 18n)).toBe('1');
  });
});

describe('relativeTime', () => {
  it('says how long ago', () => {
    const now = 1_000_000_000;
    expect(relativeTime(now - 10_000, now)).toBe('just now');
    expect(relativeTime(now - 120_000, now)).toBe('2 min ago');
    expect(relativeTime(now - 3 * 3_600_000, now)).toBe('3 h ago');
    expect(relativeTime(now - 5 * 86_400_000, now)).toBe('5 d ago');
  });
});
