import { getUserOperationHash } from 'viem/account-abstraction';
import { describe, expect, it } from 'vitest';
import { ENTRY_POINT_V08, SIMPLE_7702_ACCOUNT } from '../../shared/contracts';
import { userOperationHash, type RpcUserOperation } from '../../shared/erc4337';
import { dummyAuthorization } from './userOperation';

const SENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const base: RpcUserOperation = {
  sender: SENDER,
  nonce: '0x0',
  callData: '0x34fcd5be0000000000000000000000000000000000000000000000000000000000000020',
  callGasLimit: '0x186a0',
  verificationGasLimit: '0x30d40',
  preVerificationGas: '0xc350',
  maxFeePerGas: '0x77359400',
  maxPriorityFeePerGas: '0x3b9aca00',
  paymaster: '0x33edC8964dFf8cb68084759c72e6b2757fE1a762',
  paymasterVerificationGasLimit: '0xc350',
  paymasterPostOpGasLimit: '0x0',
  paymasterData: '0x0000000000000000000000001234',
  signature: '0x',
};

/** viem's own v0.8 hash (EIP-712, as EntryPoint.getUserOpHash), the reference. */
function viemHash(op: RpcUserOperation): string {
  const auth = op.eip7702Auth;
  return getUserOperationHash({
    chainId: 31337,
    entryPointAddress: ENTRY_POINT_V08,
    entryPointVersion: '0.8',
    userOperation: {
      sender: op.sender, nonce: BigInt(op.nonce), callData: op.callData,
      callGasLimit: BigInt(op.callGasLimit), verificationGasLimit: BigInt(op.verificationGasLimit), preVerificationGas: BigInt(op.preVerificationGas),
      maxFeePerGas: BigInt(op.maxFeePerGas), maxPriorityFeePerGas: BigInt(op.maxPriorityFeePerGas),
      paymaster: op.paymaster, paymasterVerificationGasLimit: BigInt(op.paymasterVerificationGasLimit!), paymasterPostOpGasLimit: BigInt(op.paymasterPostOpGasLimit!),
      paymasterData: op.paymasterData, signature: op.signature,
      ...(op.factory ? { factory: op.factory, factoryData: op.factoryData } : {}),
      ...(auth ? { authorization: { address: auth.address, chainId: Number(auth.chainId), nonce: Number(auth.nonce), r: auth.r, s: auth.s, yParity: Number(auth.yParity) } } : {}),
    },
  });
}

describe('EntryPoint v0.8 userOp hash', () => {
  it('matches viem for an account already delegated', () => {
    expect(userOperationHash(base, '0x7a69')).toBe(viemHash(base));
  });

  it('matches viem for an account upgraded by the same userOp (factory 0x7702: the delegate is hashed)', () => {
    const upgrading: RpcUserOperation = { ...base, factory: '0x7702', factoryData: '0x', eip7702Auth: dummyAuthorization('0x7a69', 0) };
    expect(upgrading.eip7702Auth?.address).toBe(SIMPLE_7702_ACCOUNT);
    expect(userOperationHash(upgrading, '0x7a69')).toBe(viemHash(upgrading));
    expect(userOperationHash(upgrading, '0x7a69')).not.toBe(userOperationHash(base, '0x7a69'));
  });
});
