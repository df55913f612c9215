/** The paymaster's fields as Circle Paymaster v0.8 reads them: encodePacked(uint8 0, address token, uint256 permitAmount, bytes signature). */
import { solidityPacked } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { USDC_PAYMASTER_GAS, usdcPaymasterData, usdcPaymasterFields } from './paymasterData';

const TOKEN: Hex = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const PAYMASTER: Hex = '0x0578cFB241215b77442a541325d6A4E6dFE700Ec';
const SIGNATURE: Hex = `0x${'ab'.repeat(64)}1b`;

describe("the paymaster's data", () => {
  it('is mode 0, the token, the permit amount as 32 bytes and the signature, packed', () => {
    const data = usdcPaymasterData({ token: TOKEN, permitAmount: 4_282_740n, permitSignature: SIGNATURE });
    expect(data).toBe(solidityPacked(['uint8', 'address', 'uint256', 'bytes'], [0, TOKEN, 4_282_740n, SIGNATURE]));
    expect(data.slice(0, 4)).toBe('0x00');
    expect((data.length - 2) / 2).toBe(1 + 20 + 32 + 65);
  });
});

describe("the paymaster's fields of the userOp", () => {
  const fields = (additionalGasCharge: bigint) =>
    usdcPaymasterFields({ paymaster: PAYMASTER, token: TOKEN, permitAmount: 1n, permitSignature: SIGNATURE }, additionalGasCharge);

  it('name the paymaster, its data, and gas limits as quantities', () => {
    expect(fields(30_000n)).toEqual({
      paymaster: PAYMASTER,
      paymasterData: usdcPaymasterData({ token: TOKEN, permitAmount: 1n, permitSignature: SIGNATURE }),
      paymasterVerificationGasLimit: `0x${USDC_PAYMASTER_GAS.verification.toString(16)}`,
      paymasterPostOpGasLimit: `0x${USDC_PAYMASTER_GAS.postOp.toString(16)}`,
    });
  });

  it("give the postOp at least the paymaster's extra gas charge, which it requires", () => {
    const large = USDC_PAYMASTER_GAS.postOp + 1n;
    expect(BigInt(fields(large).paymasterPostOpGasLimit)).toBe(large);
  });
});
