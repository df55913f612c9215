/**
 * An EntryPoint v0.8 userOp as the EIP-712 message a Ledger signs: its hash is the userOp hash
 * (`erc4337.ts` `userOperationHash`), so the signature is what Simple7702Account checks, and the device shows the
 * fields instead of signing a blind hash (the app signs none). Numbers as hex quantities: the worker keeps it in
 * session storage (JSON) and the window hands it to the device as it came.
 */
import { ENTRY_POINT_V08 } from './contracts';
import { hashedInitCode, packPaymasterAndData, packUints, type RpcUserOperation } from './erc4337';
import type { Hex } from './params';
import { withDomainType } from './typedData/domain';
import type { TypedMessage } from './typedData/types';

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

export function userOperationTypedData(op: RpcUserOperation, chainId: Hex, delegate = op.eip7702Auth?.address, entryPoint: string = ENTRY_POINT_V08): TypedMessage {
  const paymasterAndData = op.paymaster
    ? packPaymasterAndData(op.paymaster, BigInt(op.paymasterVerificationGasLimit ?? 0), BigInt(op.paymasterPostOpGasLimit ?? 0), op.paymasterData ?? '0x')
    : '0x';
  const domain = { name: 'ERC4337', version: '1', chainId, verifyingContract: entryPoint };
  return {
    domain,
    types: withDomainType({ PackedUserOperation: PACKED_USER_OPERATION }, domain),
    primaryType: 'PackedUserOperation',
    message: {
      sender: op.sender,
      nonce: op.nonce,
      initCode: hashedInitCode(op.factory, op.factoryData ?? '0x', delegate),
      callData: op.callData,
      accountGasLimits: packUints(BigInt(op.verificationGasLimit), BigInt(op.callGasLimit)),
      preVerificationGas: op.preVerificationGas,
      gasFees: packUints(BigInt(op.maxPriorityFeePerGas), BigInt(op.maxFeePerGas)),
      paymasterAndData,
    },
  };
}
