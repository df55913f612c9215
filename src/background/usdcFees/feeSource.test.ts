/** Who pays the network fee of a userOp: the site's paymaster, else ETH when it covers, else USDC through the paymaster; or why neither. */
import { describe, expect, it } from 'vitest';
import type { FeeChoice, FeeOptions } from './feeSource';
import { chooseFeeSource } from './feeSource';
import { english } from '../../shared/fees.fixture';
import type { FeeSaying } from '../../shared/fees';

const ETH = 10n ** 18n;
const NO_PAYMASTER: FeeSaying = { message: 'No USDC paymaster on Test', words: { key: 'fees_noPaymaster', values: { network: 'Test' } } };
/** The reasons in English, each checked to read the same in words. */
const reasons = (choice: FeeChoice): string[] => (choice.source === 'none' ? choice.reasons.map(english) : []);
/** A fee of at most 0.001 ETH, or at most 0.60 USDC (expected 0.42). */
const options = (over: Partial<FeeOptions> = {}): FeeOptions => ({
  sponsored: false,
  eth: { maximum: ETH / 1_000n, balance: ETH, spent: 0n, symbol: 'ETH' },
  usdc: { available: true, balance: 100_000_000n, spent: 0n, quote: { expected: 420_000n, maximum: 600_000n } },
  ...over,
});

describe('the fee source', () => {
  it("is the site's paymaster when it sponsors, whatever the balances", () => {
    expect(chooseFeeSource(options({ sponsored: true, eth: { maximum: 1n, balance: 0n, spent: 0n, symbol: 'ETH' } }))).toEqual({ source: 'sponsored' });
  });

  it('is ETH when the balance covers what is sent and the fee, with USDC offered as the other choice when it works too', () => {
    expect(chooseFeeSource(options())).toEqual({ source: 'eth', choices: ['eth', 'usdc'] });
    expect(chooseFeeSource(options({ usdc: { available: false, reason: NO_PAYMASTER } }))).toEqual({ source: 'eth', choices: ['eth'] });
  });

  it('is USDC when ETH does not cover, the cap counted on top of the USDC the calls send', () => {
    const noEth = { maximum: ETH / 1_000n, balance: 0n, spent: 0n, symbol: 'ETH' };
    expect(chooseFeeSource(options({ eth: noEth }))).toEqual({ source: 'usdc', choices: ['usdc'] });
    const sendsAll = { available: true as const, balance: 10_500_000n, spent: 10_000_000n, quote: { expected: 420_000n, maximum: 600_000n } };
    expect(chooseFeeSource(options({ eth: noEth, usdc: sendsAll }))).toMatchObject({ source: 'none' });
  });

  it('is none when neither works, and says why for each', () => {
    const noEth = { maximum: ETH / 1_000n, balance: ETH / 10_000n, spent: 0n, symbol: 'ETH' };
    expect(reasons(chooseFeeSource(options({ eth: noEth, usdc: { available: false, reason: NO_PAYMASTER } })))).toEqual([
      'Not enough ETH: the fee can take up to 0.001 ETH and the account holds 0.0001 ETH', 'No USDC paymaster on Test',
    ]);
    const poor = { available: true as const, balance: 100_000n, spent: 0n, quote: { expected: 420_000n, maximum: 600_000n } };
    expect(reasons(chooseFeeSource(options({ eth: noEth, usdc: poor })))).toEqual([
      'Not enough ETH: the fee can take up to 0.001 ETH and the account holds 0.0001 ETH', 'Not enough USDC: the fee can take up to 0.60 USDC and the account holds 0.10 USDC',
    ]);
  });

  it('never says the account holds more USDC than it does: rounded up as the cap is, 0.591 read as the 0.60 it could not pay', () => {
    const noEth = { maximum: ETH / 1_000n, balance: 0n, spent: 0n, symbol: 'ETH' };
    const short = (balance: bigint) => ({ available: true as const, balance, spent: 0n, quote: { expected: 420_000n, maximum: 595_000n } });
    expect(reasons(chooseFeeSource(options({ eth: noEth, usdc: short(591_000n) })))[1]).toBe('Not enough USDC: the fee can take up to 0.60 USDC and the account holds 0.59 USDC');
    expect(reasons(chooseFeeSource(options({ eth: noEth, usdc: short(3_199n) })))[1]).toBe('Not enough USDC: the fee can take up to 0.60 USDC and the account holds 0.0031 USDC');
  });

  it('gives the figures of why as decimals the screen writes in the browser\'s language, the symbol as written', () => {
    const xdai = { maximum: ETH / 1_000n, balance: ETH / 10_000n, spent: ETH, symbol: 'xDAI' };
    const [coin] = (chooseFeeSource(options({ eth: xdai, usdc: { available: false, reason: NO_PAYMASTER } })) as { reasons: FeeSaying[] }).reasons;
    expect(coin.words).toEqual({ key: 'fees_notEnoughCoin', values: { maximum: { decimal: '0.001' }, held: { decimal: '0.0' }, symbol: 'xDAI' } });
    expect(english(coin)).toBe('Not enough xDAI: the fee can take up to 0.001 xDAI and the account holds 0.0 xDAI');
  });

  it('counts the ETH the calls send with the fee', () => {
    expect(chooseFeeSource(options({ eth: { maximum: ETH / 1_000n, balance: ETH, spent: ETH, symbol: 'ETH' }, usdc: { available: false, reason: NO_PAYMASTER } }))).toMatchObject({ source: 'none' });
  });
});
