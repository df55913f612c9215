/** The fee in USDC as the wallet quotes it: the paymaster's formula, rounded as it rounds, the maximum with room for the price. */
import { describe, expect, it } from 'vitest';
import { PRICE_ROOM_BPS, requiredPrefund, tokenCost, usdcFeeQuote, type PaymasterTerms } from './quote';

/** $3,000 per ETH: 1e18 wei is 3,000 USDC (6 decimals); a 10% spread; 30,000 gas charged for the postOp. */
const TERMS: PaymasterTerms = { price: 3_000_000_000n, feeSpread: 1_000n, additionalGasCharge: 30_000n };
const GAS = {
  verificationGasLimit: 200_000n, callGasLimit: 100_000n, preVerificationGas: 50_000n,
  paymasterVerificationGasLimit: 200_000n, paymasterPostOpGasLimit: 50_000n, maxFeePerGas: 2_000_000_000n,
};

describe('the most an op can cost in ETH', () => {
  it("is EntryPoint v0.8's required prefund: every gas limit, the paymaster's included, at maxFeePerGas", () => {
    expect(requiredPrefund(GAS)).toBe(600_000n * 2_000_000_000n);
  });
});

describe('a cost in USDC', () => {
  it('rounds up as the paymaster does, the base and the spread each: one wei costs two units, not zero', () => {
    expect(tokenCost(1n, TERMS.price, TERMS.feeSpread)).toEqual({ total: 2n, spread: 1n });
    expect(tokenCost(10n ** 18n, TERMS.price, TERMS.feeSpread)).toEqual({ total: 3_300_000_000n, spread: 300_000_000n });
    expect(tokenCost(0n, TERMS.price, TERMS.feeSpread)).toEqual({ total: 0n, spread: 0n });
  });
});

describe('the quote', () => {
  const quote = usdcFeeQuote(TERMS, GAS, { gasUsed: 150_000n, feePerGas: 1_100_000_000n });

  it('expects the gas the op is estimated to use plus the extra charge, at the fee per gas expected, at the price now', () => {
    // (150,000 + 30,000) gas × 1.1 gwei = 1.98e14 wei = 0.594 USDC, plus 10%.
    expect(quote.expected).toBe(653_400n);
  });

  it("caps at the prefund the paymaster takes, (maxCost + extra charge × maxFeePerGas), priced with room for the price to rise", () => {
    // (600,000 + 30,000) gas × 2 gwei = 1.26e15 wei, at $3,000 × 1.03 = 3.8934 USDC, plus 10%.
    expect(PRICE_ROOM_BPS).toBe(300n);
    expect(quote.maximum).toBe(4_282_740n);
  });

  it('covers what the paymaster would take at any price up to the room, and not past it', () => {
    const wei = requiredPrefund(GAS) + TERMS.additionalGasCharge * GAS.maxFeePerGas;
    const risen = (bps: bigint) => tokenCost(wei, (TERMS.price * (10_000n + bps)) / 10_000n, TERMS.feeSpread).total;
    expect(risen(0n)).toBeLessThan(quote.maximum);
    expect(risen(PRICE_ROOM_BPS)).toBeLessThanOrEqual(quote.maximum);
    expect(risen(PRICE_ROOM_BPS + 1n)).toBeGreaterThan(quote.maximum);
  });

  it('keeps the terms it was priced with', () => {
    expect(quote.terms).toBe(TERMS);
  });
});
