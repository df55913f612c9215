/**
 * An EntryPoint v0.8 userOp as the EIP-712 message the device signs: its hash is the userOp hash
 * (`shared/erc4337.ts` `packedUserOperationHash`), so the signature is what Simple7702Account checks, and the device
 * shows the fields instead of signing a blind hash (the app signs none).
 */
import { ENTRY_POINT_V08 } from '../../shared/contracts';
import { hashedInitCode, packPaymasterAndData, packUints, type RpcUserOperation } from '../../shared/erc4337';
import type { TypedDataMessage } from './eth';

const PACKED_USER_OPERATION = [
  { name: 'sender', type: 'address' },
  { name: 'nonce', type: 'uint256' },
  { name: 'initCode', type: 'bytes' },
  { name: 'callData', type: 'bytes' },
  { name: 'accountGasLimits', type: 'bytes32' },
  { name: 'preVerificationGas', type: 'uint256' },
  { name: 'gasFees', type: 'bytes32' },
  { name: 'paymasterAndData', type: 'bytes' },
];

export function userOperationTypedData(op: RpcUserOperation, chainId: bigint, delegate = op.eip7702Auth?.address, entryPoint: string = ENTRY_POINT_V08): TypedDataMessage {
  const paymasterAndData = op.paymaster
    ? packPaymasterAndData(op.paymaster, BigInt(op.paymasterVerificationGasLimit ?? 0), BigInt(op.paymasterPostOpGasLimit ?? 0), op.paymasterData ?? '0x')
    : '0x';
  return {
    domain: { name: 'ERC4337', version: '1', chainId, verifyingContract: entryPoint },
    types: { PackedUserOperation: PACKED_USER_OPERATION },
    primaryType: 'PackedUserOperation',
    message: {
      sender: op.sender,
      nonce: BigInt(op.nonce),
      initCode: hashedInitCode(op.factory, op.factoryData ?? '0x', delegate),
      callData: op.callData,
      accountGasLimits: packUints(BigInt(op.verificationGasLimit), BigInt(op.callGasLimit)),
      preVerificationGas: BigInt(op.preVerificationGas),
      gasFees: packUints(BigInt(op.maxPriorityFeePerGas), BigInt(op.maxFeePerGas)),
      paymasterAndData,
    },
  };
}
