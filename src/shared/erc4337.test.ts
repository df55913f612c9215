import { toBeHex } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ENTRY_POINT_V08 } from './contracts';
import { packUints, userOperationHash } from './erc4337';
import { quantity, randomAddress, randomOp, referenceHash, type Shape } from './erc4337.reference';
import type { Hex } from './params';

describe('EntryPoint v0.8 userOp hash, computed directly', () => {
  const shapes: Shape[] = ['plain', 'factory', '7702', '7702 padded'];

  for (const shape of shapes) {
    for (const withPaymaster of [false, true]) {
      it(`equals the EIP-712 encoder's hash over 100 random userOps (initCode: ${shape}, paymasterAndData: ${withPaymaster ? 'set' : 'empty'})`, () => {
        for (let i = 0; i < 100; i++) {
          const op = randomOp(shape, withPaymaster);
          const chainId = quantity(64);
          const entryPoint = i % 2 ? ENTRY_POINT_V08 : randomAddress();
          const delegate = shape.startsWith('7702') ? randomAddress() : undefined;
          expect(userOperationHash(op, chainId, delegate, entryPoint), JSON.stringify({ op, chainId, entryPoint, delegate })).toBe(referenceHash(op, chainId, entryPoint, delegate));
        }
      });
    }
  }

  it('differs by chain and by EntryPoint (one domain separator each)', () => {
    const op = randomOp('plain', true);
    const hashes = new Set([
      userOperationHash(op, '0x1'), userOperationHash(op, '0x7a69'), userOperationHash(op, '0x1', undefined, randomAddress()), userOperationHash(op, '0x1'),
    ]);
    expect(hashes.size).toBe(3);
  });

  it('refuses an EIP-7702 userOp without its delegate, a malformed sender and gas beyond 128 bits', () => {
    expect(() => userOperationHash({ ...randomOp('7702', false), eip7702Auth: undefined }, '0x1')).toThrow(/delegate/);
    expect(() => userOperationHash({ ...randomOp('plain', false), sender: '0x1234' }, '0x1')).toThrow(/sender must be a 20-byte hex address/);
    expect(() => userOperationHash({ ...randomOp('plain', false), callGasLimit: toBeHex(1n << 128n) as Hex }, '0x1')).toThrow(/does not fit in a uint128/);
    expect(() => packUints(-1n, 0n)).toThrow(/does not fit in a uint128/);
  });
});
