/**
 * The fee in USDC, priced as a token paymaster with Circle Paymaster v0.8's behaviour prices it (docs/usdcFees.md):
 * `(gas cost in wei) × price / 1e18`, rounded up, plus `feeSpread` basis points of that, rounded up; the cost counts
 * `additionalGasCharge` more gas at the op's fee per gas (the postOp's transfer, which the EntryPoint does not meter).
 */

/** What the paymaster says of itself (./terms.ts): token units per 1e18 wei, basis points, gas. */
export interface PaymasterTerms {
  price: bigint;
  feeSpread: bigint;
  additionalGasCharge: bigint;
}

/** The userOp's gas limits and maxFeePerGas: what the EntryPoint's required prefund is made of. */
export interface UserOpGasLimits {
  verificationGasLimit: bigint;
  callGasLimit: bigint;
  preVerificationGas: bigint;
  paymasterVerificationGasLimit: bigint;
  paymasterPostOpGasLimit: bigint;
  maxFeePerGas: bigint;
}

/** What the op is expected to cost: the gas the estimate says it uses, at the fee per gas expected at inclusion. */
export interface ExpectedGas {
  gasUsed: bigint;
  feePerGas: bigint;
}

export interface UsdcFeeQuote {
  /** What the op is expected to take, in token units. */
  expected: bigint;
  /** The most it can take: the permit's amount, the user's hard cap. */
  maximum: bigint;
  terms: PaymasterTerms;
}

/**
 * Room for the price to rise between the quote and validation, which prices at the oracle's answer then: a permit
 * below the prefund fails validation, so the cap covers a price 3% higher (Chainlink's ETH / USD feeds move on a
 * 0.5% deviation). The user pays what the op costs at validation's price; the room only raises the cap.
 */
export const PRICE_ROOM_BPS = 300n;
const BASIS_POINTS = 10_000n;
const WEI_PER_ETHER = 10n ** 18n;

const ceilDiv = (a: bigint, b: bigint): bigint => (a === 0n ? 0n : (a - 1n) / b + 1n);

/** EntryPoint v0.8's required prefund (`_getRequiredPrefund`): every gas limit, the paymaster's too, at maxFeePerGas. */
export const requiredPrefund = (gas: UserOpGasLimits): bigint =>
  (gas.verificationGasLimit + gas.callGasLimit + gas.preVerificationGas + gas.paymasterVerificationGasLimit + gas.paymasterPostOpGasLimit) * gas.maxFeePerGas;

/** `wei` in token units at `price`, as the paymaster charges it: the total and, within it, the spread. */
export function tokenCost(wei: bigint, price: bigint, feeSpread: bigint): { total: bigint; spread: bigint } {
  const base = ceilDiv(wei * price, WEI_PER_ETHER);
  const spread = ceilDiv(base * feeSpread, BASIS_POINTS);
  return { total: base + spread, spread };
}

/** The expected fee at today's price, and the cap: the paymaster's prefund for these limits at a price PRICE_ROOM_BPS higher. */
export function usdcFeeQuote(terms: PaymasterTerms, limits: UserOpGasLimits, expected: ExpectedGas): UsdcFeeQuote {
  const { price, feeSpread, additionalGasCharge } = terms;
  const expectedWei = (expected.gasUsed + additionalGasCharge) * expected.feePerGas;
  const maximumWei = requiredPrefund(limits) + additionalGasCharge * limits.maxFeePerGas;
  const risenPrice = ceilDiv(price * (BASIS_POINTS + PRICE_ROOM_BPS), BASIS_POINTS);
  return {
    expected: tokenCost(expectedWei, price, feeSpread).total,
    maximum: tokenCost(maximumWei, risenPrice, feeSpread).total,
    terms,
  };
}
