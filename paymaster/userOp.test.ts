import { hexlify, randomBytes, toQuantity } from 'ethers';
import { describe, expect, it } from 'vitest';
import { quantity, randomAddress, randomOp, referenceHash, type Shape } from '../src/shared/erc4337.reference';
import type { RpcUserOperation } from '../src/shared/erc4337';
import type { Hex } from '../src/shared/params';
import { PAYMASTER_POST_OP_GAS_LIMIT, PAYMASTER_VERIFICATION_GAS_LIMIT } from './methods';
import { opDigests, parseUserOperation, userOpHash } from './userOp';

describe('the userOp hash the service records', () => {
  const shapes: Shape[] = ['plain', 'factory', '7702', '7702 padded'];

  it("equals the EntryPoint's EIP-712 hash of the op sent with the service's paymaster fields, over 100 random userOps of each shape", () => {
    for (const shape of shapes) {
      for (let i = 0; i < 100; i++) {
        // The service takes every gas field as a uint128.
        const op = { ...randomOp(shape, false), preVerificationGas: quantity(128) };
        const fields = { paymaster: randomAddress(), paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS_LIMIT, paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS_LIMIT };
        const paymasterData = hexlify(randomBytes(77)) as Hex;
        const delegate = shape.startsWith('7702') ? randomAddress() : undefined;
        const entryPoint = randomAddress();
        const parsed = parseUserOperation(op, 'required');
        const sent: RpcUserOperation = {
          ...op, paymaster: fields.paymaster, paymasterData,
          paymasterVerificationGasLimit: toQuantity(fields.paymasterVerificationGasLimit) as Hex, paymasterPostOpGasLimit: toQuantity(fields.paymasterPostOpGasLimit) as Hex,
        };
        expect(userOpHash(parsed, opDigests(parsed, delegate), fields, paymasterData, 31337n, entryPoint), JSON.stringify({ op, delegate })).toBe(referenceHash(sent, '0x7a69', entryPoint, delegate));
      }
    }
  });
});
