// @vitest-environment happy-dom
/**
 * The exact amount (on hover and focus) is what is signed: it must read as the same number as the amount beside it,
 * in the browser's language. In Portuguese or Spanish a point groups thousands: "1.234 ETH" there reads as 1234.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountPoint } from '../testing/mount';
import { speak } from '../testing/speak';
import { Amount } from './Amount';

const { container, render, unmount } = mountPoint();
afterEach(() => vi.restoreAllMocks());
const shown = () => container.querySelector('.amount')!;

describe('Amount', () => {
  it('shows the exact amount with the decimal mark of the browser\'s language, every digit kept, no grouping', async () => {
    speak('pt_BR');
    await render(<Amount units={1_234_000_000_000_000_000n} symbol="ETH" />);
    expect([shown().textContent, shown().getAttribute('title')]).toEqual(['1,234 ETH', '1,234 ETH']);
    unmount();
    await render(<Amount units={1_234_567_891_234_567_891_234n} symbol="ETH" />);
    expect([shown().textContent, shown().getAttribute('title')]).toEqual(['1.234,57 ETH', '1234,567891234567891234 ETH']);
    unmount();
    await render(<Amount units={1n} decimals={30} symbol="TKN" />);
    expect(shown().getAttribute('title')).toBe('0,000000000000000000000000000001 TKN');
  });

  it('keeps the English exact amount as it was', async () => {
    await render(<Amount units={-1_234_500_000_000_000_000_000n} symbol="ETH" signed />);
    expect([shown().textContent, shown().getAttribute('title')]).toEqual(['-1,234.5 ETH', '-1234.5 ETH']);
  });
});
