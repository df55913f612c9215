/**
 * ERC-4337 v0.8 UserOperations in the JSON form bundlers and ERC-7677 services take, and the EntryPoint's hash of
 * them (EntryPoint.getUserOpHash: EIP-712 over the packed fields). Shared by the wallet, which signs that hash, and the
 * paymaster service, which packs the same fields for its own hash.
 */
import { TypedDataEncoder, concat, toBeHex, zeroPadValue, type TypedDataField } from 'ethers';
import { ENTRY_POINT_V08 } from './contracts';
import type { Hex } from './params';

export interface RpcEip7702Auth {
  address: Hex;
  chainId: Hex;
  nonce: Hex;
  r: Hex;
  s: Hex;
  yParity: Hex;
}

export interface RpcUserOperation {
  sender: Hex;
  nonce: Hex;
  factory?: Hex;
  factoryData?: Hex;
  callData: Hex;
  callGasLimit: Hex;
  verificationGasLimit: Hex;
  preVerificationGas: Hex;
  maxFeePerGas: Hex;
  maxPriorityFeePerGas: Hex;
  paymaster?: Hex;
  paymasterVerificationGasLimit?: Hex;
  paymasterPostOpGasLimit?: Hex;
  paymasterData?: Hex;
  signature: Hex;
  eip7702Auth?: RpcEip7702Auth;
}

/** The four fields an ERC-7677 service answers with. */
export interface PaymasterFields {
  paymaster: Hex;
  paymasterData: Hex;
  paymasterVerificationGasLimit: Hex;
  paymasterPostOpGasLimit: Hex;
}

/** ERC-4337 v0.8: factory "0x7702" marks an EIP-7702 sender whose delegation the bundler's transaction carries. */
export const EIP7702_FACTORY: Hex = '0x7702';
/** The same marker as the EntryPoint compares it, right-padded to 20 bytes (some bundlers send this form). */
export const EIP7702_FACTORY_PADDED: Hex = '0x7702000000000000000000000000000000000000';

export const isEip7702Factory = (factory: string | undefined): boolean =>
  factory !== undefined && [EIP7702_FACTORY, EIP7702_FACTORY_PADDED].includes(factory.toLowerCase() as Hex);

/**
 * A well-formed 65-byte signature that recovers to an address nobody holds, without reverting: stub signatures
 * (Simple7702Account's, the verifying paymaster's) let gas estimation run the same code as the real signature.
 */
export const STUB_SIGNATURE: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c';

/** Two uint128 in one bytes32, high ‖ low, as in accountGasLimits, gasFees and paymasterAndData[20:52]. */
export const packUints = (high: bigint, low: bigint): Hex => concat([zeroPadValue(toBeHex(high), 16), zeroPadValue(toBeHex(low), 16)]) as Hex;

/** The initCode the EntryPoint hashes: for an EIP-7702 sender, its delegate's address (then factoryData) instead of the marker. */
export function hashedInitCode(factory: string | undefined, factoryData: string, delegate: string | undefined): Hex {
  if (factory === undefined) return '0x';
  if (!isEip7702Factory(factory)) return concat([factory, factoryData]) as Hex;
  if (!delegate) throw new Error('an EIP-7702 userOp needs its delegate to be hashed');
  return concat([delegate, factoryData]) as Hex;
}

const PACKED_USER_OPERATION: Record<string, TypedDataField[]> = {
  PackedUserOperation: [
    { name: 'sender', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'initCode', type: 'bytes' },
    { name: 'callData', type: 'bytes' },
    { name: 'accountGasLimits', type: 'bytes32' },
    { name: 'preVerificationGas', type: 'uint256' },
    { name: 'gasFees', type: 'bytes32' },
    { name: 'paymasterAndData', type: 'bytes' },
  ],
};

/** EntryPoint v0.8's userOp hash; an EIP-7702 sender's delegate comes from its eip7702Auth, or is given. */
export function userOperationHash(op: RpcUserOperation, chainId: Hex, delegate = op.eip7702Auth?.address, entryPoint: string = ENTRY_POINT_V08): Hex {
  const paymasterAndData = op.paymaster
    ? concat([op.paymaster, packUints(BigInt(op.paymasterVerificationGasLimit ?? 0), BigInt(op.paymasterPostOpGasLimit ?? 0)), op.paymasterData ?? '0x'])
    : '0x';
  const domain = { name: 'ERC4337', version: '1', chainId: BigInt(chainId), verifyingContract: entryPoint };
  return TypedDataEncoder.hash(domain, PACKED_USER_OPERATION, {
    sender: op.sender,
    nonce: BigInt(op.nonce),
    initCode: hashedInitCode(op.factory, op.factoryData ?? '0x', delegate),
    callData: op.callData,
    accountGasLimits: packUints(BigInt(op.verificationGasLimit), BigInt(op.callGasLimit)),
    preVerificationGas: BigInt(op.preVerificationGas),
    gasFees: packUints(BigInt(op.maxPriorityFeePerGas), BigInt(op.maxFeePerGas)),
    paymasterAndData,
  }) as Hex;
}
