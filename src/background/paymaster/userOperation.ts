/**
 * ERC-4337 v0.8 UserOperations of an EIP-7702 account delegated to Simple7702Account: the JSON form
 * bundlers and ERC-7677 services take, and the EIP-712 hash the account's key signs
 * (EntryPoint.getUserOpHash). Mirrors devnet/paymaster/clientExample.ts, the project's reference.
 */
import { TypedDataEncoder, concat, toBeHex, toQuantity, zeroPadValue, type HDNodeWallet, type TypedDataField } from 'ethers';
import { ENTRY_POINT_V08, SIMPLE_7702_ACCOUNT } from '../../shared/contracts';
import type { Hex } from '../../shared/params';

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

export interface PaymasterFields {
  paymaster: Hex;
  paymasterData: Hex;
  paymasterVerificationGasLimit: Hex;
  paymasterPostOpGasLimit: Hex;
}

/** ERC-4337 v0.8: factory "0x7702" marks an EIP-7702 sender whose delegation the bundler's transaction carries. */
export const EIP7702_FACTORY: Hex = '0x7702';

/** Simple7702Account's stub signature: recovers without reverting, so estimation runs the real validation path. */
export const DUMMY_SIGNATURE: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c';

/** For estimation before the user approved: the shape of an authorization, signed by nobody. */
export const dummyAuthorization = (chainId: Hex, nonce: number): RpcEip7702Auth => ({
  address: SIMPLE_7702_ACCOUNT, chainId, nonce: toQuantity(nonce) as Hex, r: `0x${'11'.repeat(32)}`, s: `0x${'22'.repeat(32)}`, yParity: '0x0',
});

export async function signedAuthorization(wallet: HDNodeWallet, chainId: Hex, nonce: number): Promise<RpcEip7702Auth> {
  const { signature } = await wallet.authorize({ address: SIMPLE_7702_ACCOUNT, chainId: BigInt(chainId), nonce });
  return { address: SIMPLE_7702_ACCOUNT, chainId, nonce: toQuantity(nonce) as Hex, r: signature.r as Hex, s: signature.s as Hex, yParity: toQuantity(signature.yParity) as Hex };
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

const uint128 = (quantity: string): string => zeroPadValue(toBeHex(BigInt(quantity)), 16);

/** EntryPoint v0.8's hash: EIP-712 over the packed fields; an EIP-7702 sender's initCode is its delegate's address. */
export function userOperationHash(op: RpcUserOperation, chainId: Hex): Hex {
  const initCode = op.factory === EIP7702_FACTORY
    ? concat([op.eip7702Auth?.address ?? SIMPLE_7702_ACCOUNT, op.factoryData ?? '0x'])
    : op.factory ? concat([op.factory, op.factoryData ?? '0x']) : '0x';
  const paymasterAndData = op.paymaster
    ? concat([op.paymaster, uint128(op.paymasterVerificationGasLimit ?? '0x0'), uint128(op.paymasterPostOpGasLimit ?? '0x0'), op.paymasterData ?? '0x'])
    : '0x';
  const domain = { name: 'ERC4337', version: '1', chainId: BigInt(chainId), verifyingContract: ENTRY_POINT_V08 };
  return TypedDataEncoder.hash(domain, PACKED_USER_OPERATION, {
    sender: op.sender,
    nonce: BigInt(op.nonce),
    initCode,
    callData: op.callData,
    accountGasLimits: concat([uint128(op.verificationGasLimit), uint128(op.callGasLimit)]),
    preVerificationGas: BigInt(op.preVerificationGas),
    gasFees: concat([uint128(op.maxPriorityFeePerGas), uint128(op.maxFeePerGas)]),
    paymasterAndData,
  }) as Hex;
}

/** Simple7702Account checks ECDSA.recover(userOpHash, signature) == itself: a raw signature of the hash, no prefix. */
export function signUserOperation(op: RpcUserOperation, chainId: Hex, wallet: HDNodeWallet): RpcUserOperation {
  return { ...op, signature: wallet.signingKey.sign(userOperationHash(op, chainId)).serialized as Hex };
}
