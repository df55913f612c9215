/**
 * For the tests of the userOp hash (here and the paymaster's): the EntryPoint's hash through ethers' EIP-712 encoder,
 * the slow and obvious way, and random userOps of every shape.
 */
import { TypedDataEncoder, getAddress, hexlify, randomBytes, toBeHex, zeroPadValue } from 'ethers';
import { EIP7702_FACTORY, EIP7702_FACTORY_PADDED, type RpcUserOperation } from './erc4337';
import type { Hex } from './params';

/** The reference: EntryPoint v0.8's getUserOpHash as its Solidity reads, through ethers' EIP-712 encoder. */
export function referenceHash(op: RpcUserOperation, chainId: Hex, entryPoint: string, delegate?: string): string {
  const word16 = (value: bigint) => zeroPadValue(toBeHex(value), 16).slice(2);
  const sentInitCode = op.factory ? `${zeroPadValue(op.factory, op.factory === EIP7702_FACTORY ? 2 : 20)}${(op.factoryData ?? '0x').slice(2)}` : '0x';
  // EntryPoint: initCode whose first 20 bytes (zero-padded) are the 0x7702 marker is hashed with the delegate in their place.
  const isEip7702 = sentInitCode !== '0x' && sentInitCode.slice(2, 42).toLowerCase().padEnd(40, '0') === '7702'.padEnd(40, '0');
  const initCode = isEip7702 ? `${delegate}${sentInitCode.slice(42)}` : sentInitCode;
  const paymasterAndData = op.paymaster
    ? `${op.paymaster}${word16(BigInt(op.paymasterVerificationGasLimit!))}${word16(BigInt(op.paymasterPostOpGasLimit!))}${(op.paymasterData ?? '0x').slice(2)}`
    : '0x';
  return TypedDataEncoder.hash(
    { name: 'ERC4337', version: '1', chainId: BigInt(chainId), verifyingContract: entryPoint },
    {
      PackedUserOperation: [
        { name: 'sender', type: 'address' }, { name: 'nonce', type: 'uint256' }, { name: 'initCode', type: 'bytes' },
        { name: 'callData', type: 'bytes' }, { name: 'accountGasLimits', type: 'bytes32' }, { name: 'preVerificationGas', type: 'uint256' },
        { name: 'gasFees', type: 'bytes32' }, { name: 'paymasterAndData', type: 'bytes' },
      ],
    },
    {
      sender: op.sender, nonce: BigInt(op.nonce), initCode, callData: op.callData,
      accountGasLimits: `0x${word16(BigInt(op.verificationGasLimit))}${word16(BigInt(op.callGasLimit))}`,
      preVerificationGas: BigInt(op.preVerificationGas),
      gasFees: `0x${word16(BigInt(op.maxPriorityFeePerGas))}${word16(BigInt(op.maxFeePerGas))}`,
      paymasterAndData,
    },
  );
}

const bytes = (max: number) => hexlify(randomBytes(Math.floor(Math.random() * (max + 1)))) as Hex;
export const randomAddress = () => getAddress(hexlify(randomBytes(20))) as Hex;
/** Any width up to `bits`, with zero and the maximum as likely as the rest. */
export function quantity(bits: number): Hex {
  const pick = Math.random();
  if (pick < 0.1) return '0x0';
  if (pick < 0.2) return toBeHex((1n << BigInt(bits)) - 1n) as Hex;
  return toBeHex(BigInt(hexlify(randomBytes(Math.ceil((Math.random() * bits) / 8) || 1)))) as Hex;
}

export type Shape = 'plain' | 'factory' | '7702' | '7702 padded';

export function randomOp(shape: Shape, withPaymaster: boolean): RpcUserOperation {
  const factory = { plain: undefined, factory: randomAddress(), '7702': EIP7702_FACTORY, '7702 padded': EIP7702_FACTORY_PADDED }[shape];
  return {
    sender: Math.random() < 0.5 ? randomAddress() : (randomAddress().toLowerCase() as Hex),
    nonce: quantity(256),
    ...(factory ? { factory, factoryData: shape === '7702' ? '0x' : bytes(200) } : {}),
    callData: bytes(600),
    callGasLimit: quantity(128),
    verificationGasLimit: quantity(128),
    preVerificationGas: quantity(256),
    maxFeePerGas: quantity(128),
    maxPriorityFeePerGas: quantity(128),
    ...(withPaymaster
      ? { paymaster: randomAddress(), paymasterVerificationGasLimit: quantity(128), paymasterPostOpGasLimit: quantity(128), paymasterData: bytes(120) }
      : {}),
    signature: bytes(65),
  };
}
