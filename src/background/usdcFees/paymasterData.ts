/**
 * The userOp's paymaster fields for a fee in USDC: `paymasterData = encodePacked(uint8 mode = 0, address token,
 * uint256 permitAmount, bytes permitSignature)`, the layout Circle Paymaster v0.8 reads (docs/usdcFees.md).
 */
import type { PaymasterFields } from '../../shared/erc4337';
import type { Hex } from '../../shared/params';

/** Mode 0: the fee is paid under the EIP-2612 permit that follows. */
const PERMIT_MODE = '00';

/**
 * Gas for the paymaster's two calls: validation reads the oracle, runs the permit (an ERC-1271 check through the
 * account's delegate) and pulls the prefund; postOp refunds and emits. Both with room over what the devnet's uses.
 */
export const USDC_PAYMASTER_GAS = { verification: 250_000n, postOp: 60_000n } as const;

/**
 * What that validation is expected to use, for the fee's "≈" figure (the limit above only bounds it): about 60,000
 * gas on the devnet for a first permit (devnet/usdcPaymasterBundler.test.ts checks the figure against the fee taken).
 */
export const USDC_PAYMASTER_EXPECTED_VERIFICATION_GAS = 60_000n;

export interface UsdcPermitPayment {
  token: Hex;
  permitAmount: bigint;
  permitSignature: Hex;
}

const word = (value: bigint): string => value.toString(16).padStart(64, '0');

export const usdcPaymasterData = ({ token, permitAmount, permitSignature }: UsdcPermitPayment): Hex =>
  `0x${PERMIT_MODE}${token.slice(2).toLowerCase()}${word(permitAmount)}${permitSignature.slice(2)}`;

/** The four fields, the postOp's gas at least the paymaster's `additionalGasCharge()` (it refuses less). */
export function usdcPaymasterFields(payment: UsdcPermitPayment & { paymaster: Hex }, additionalGasCharge: bigint): PaymasterFields {
  const postOp = additionalGasCharge > USDC_PAYMASTER_GAS.postOp ? additionalGasCharge : USDC_PAYMASTER_GAS.postOp;
  return {
    paymaster: payment.paymaster,
    paymasterData: usdcPaymasterData(payment),
    paymasterVerificationGasLimit: `0x${USDC_PAYMASTER_GAS.verification.toString(16)}`,
    paymasterPostOpGasLimit: `0x${postOp.toString(16)}`,
  };
}
