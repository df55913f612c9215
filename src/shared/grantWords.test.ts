import { describe, expect, it } from 'vitest';
import { grantWords, periodWords, tokenAmount } from './grantWords';
import { isUnlimited } from './units';
import { parseExecutionPermissionRequests } from './schemas/executionPermissions';

const NOW = Date.UTC(2026, 10, 29, 12) / 1000;
const USDC = { symbol: 'USDC', decimals: 6 };
const ETH = { symbol: 'ETH', decimals: 18 };
const TOKEN = '0x10078beE6813c04572224b652228177C0f7BF2CF';

const words = (type: string, data: Record<string, unknown>, rules: unknown[] = [], token = USDC) => {
  const [{ permission, rules: parsed }] = parseExecutionPermissionRequests([{ chainId: '0x1', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', rules, permission: { type, isAdjustmentAllowed: true, data } }], NOW);
  return grantWords(permission, parsed, token, NOW, { timeZone: 'Europe/Berlin' });
};

describe('grant words', () => {
  it('says a periodic grant as the issue’s example: up to 10 USDC per day, until Fri 4 Dec', () => {
    expect(words('erc20-token-periodic', { tokenAddress: TOKEN, periodAmount: '0x989680', periodDuration: 86_400 }, [{ type: 'expiry', data: { timestamp: Date.UTC(2026, 11, 4, 17) / 1000 } }]))
      .toEqual({ amount: 'Up to 10 USDC per day', end: 'until Fri 4 Dec 2026, 18:00' });
  });

  it('says a period that is no named unit in the largest unit that divides it', () => {
    expect([3600, 86_400 * 3, 5400, 90, 604_800, 2_592_000].map((seconds) => periodWords(seconds))).toEqual(['hour', '3 days', '90 minutes', '90 seconds', 'week', '30 days']);
    expect(words('native-token-periodic', { periodAmount: '0xde0b6b3a7640000', periodDuration: 86_400 * 3 }, [], ETH).amount).toBe('Up to 1 ETH every 3 days');
  });

  it('says a stream’s rate, its amount at once, its cap or that it has none, and a start still to come', () => {
    expect(words('erc20-token-stream', { tokenAddress: TOKEN, amountPerSecond: '0x1', initialAmount: '0xf4240', maxAmount: '0x3b9aca00', startTime: NOW + 86_400 })).toEqual({
      amount: '1 USDC at once, then 0.000001 USDC more every second (0.0864 USDC a day), at most 1,000 USDC in all',
      start: 'from Mon 30 Nov 2026, 13:00',
      end: 'with no end date',
    });
    expect(words('native-token-stream', { amountPerSecond: '0x5af3107a4000' }, [], ETH).amount).toBe('0.0001 ETH more every second (8.64 ETH a day), with no cap');
  });

  it('says an allowance as a total', () => {
    expect(words('erc20-token-allowance', { tokenAddress: TOKEN, allowanceAmount: '0x2faf080' }).amount).toBe('Up to 50 USDC in all');
    expect(tokenAmount(1_234_567_890_000n, USDC)).toBe('1,234,567.89 USDC');
  });

  // The danger and the words follow one definition of unlimited (isUnlimited): a cap of 2^255 is no cap.
  it('says a stream whose cap is too large to be a limit has no cap', () => {
    expect(words('native-token-stream', { amountPerSecond: '0x5af3107a4000', maxAmount: `0x8${'0'.repeat(63)}` }, [], ETH).amount).toBe('0.0001 ETH more every second (8.64 ETH a day), with no cap');
    expect([2n ** 255n - 1n, 2n ** 255n, 2n ** 256n - 2n].map((amount) => isUnlimited(amount))).toEqual([false, true, true]);
  });
});

