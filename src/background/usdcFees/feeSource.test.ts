/** Who pays the network fee of a userOp: the site's paymaster, else ETH when it covers, else USDC through the paymaster; or why neither. */
import { describe, expect, it } from 'vitest';
import { chooseFeeSource, type FeeOptions } from './feeSource';

const ETH = 10n ** 18n;
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
    expect(chooseFeeSource(options({ usdc: { available: false, reason: 'No USDC paymaster on this network' } }))).toEqual({ source: 'eth', choices: ['eth'] });
  });

  it('is USDC when ETH does not cover, the cap counted on top of the USDC the calls send', () => {
    const noEth = { maximum: ETH / 1_000n, balance: 0n, spent: 0n, symbol: 'ETH' };
    expect(chooseFeeSource(options({ eth: noEth }))).toEqual({ source: 'usdc', choices: ['usdc'] });
    const sendsAll = { available: true as const, balance: 10_500_000n, spent: 10_000_000n, quote: { expected: 420_000n, maximum: 600_000n } };
    expect(chooseFeeSource(options({ eth: noEth, usdc: sendsAll }))).toMatchObject({ source: 'none' });
  });

  it('is none when neither works, and says why for each', () => {
    const noEth = { maximum: ETH / 1_000n, balance: ETH / 10_000n, spent: 0n, symbol: 'ETH' };
    expect(chooseFeeSource(options({ eth: noEth, usdc: { available: false, reason: 'No USDC paymaster on this network' } }))).toEqual({
      source: 'none', reasons: ['Not enough ETH: the fee can take up to 0.001 ETH and the account holds 0.0001 ETH', 'No USDC paymaster on this network'],
    });
    const poor = { available: true as const, balance: 100_000n, spent: 0n, quote: { expected: 420_000n, maximum: 600_000n } };
    expect(chooseFeeSource(options({ eth: noEth, usdc: poor }))).toEqual({
      source: 'none', reasons: ['Not enough ETH: the fee can take up to 0.001 ETH and the account holds 0.0001 ETH', 'Not enough USDC: the fee can take up to 0.60 USDC and the account holds 0.10 USDC'],
    });
  });

  it('counts the ETH the calls send with the fee', () => {
    expect(chooseFeeSource(options({ eth: { maximum: ETH / 1_000n, balance: ETH, spent: ETH, symbol: 'ETH' }, usdc: { available: false, reason: 'No USDC paymaster on this network' } }))).toMatchObject({ source: 'none' });
  });
});
