/**
 * ERC-4337 v0.8 UserOperations in the JSON form bundlers and ERC-7677 services take, and the EntryPoint's hash of
 * them (EntryPoint.getUserOpHash: EIP-712 over the packed fields). Shared by the wallet, which signs that hash, and the
 * paymaster service, which packs the same fields for its own hash.
 */
import { keccak256 } from 'ethers';
import { keccakWords } from './abiWords';
import { ENTRY_POINT_V08 } from './contracts';
import { lazy } from './lazy';
import type { Hex } from './params';
import { textHash } from './utf8';

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

const UINT128_DIGITS = 32;

/** Two uint128 in one bytes32, high ‖ low, as in accountGasLimits, gasFees and paymasterAndData[20:52]. */
export function packUints(high: bigint, low: bigint): Hex {
  const digits = (value: bigint) => {
    const hex = value.toString(16);
    if (value < 0n || hex.length > UINT128_DIGITS) throw new Error(`${value} does not fit in a uint128`);
    return hex.padStart(UINT128_DIGITS, '0');
  };
  return `0x${digits(high)}${digits(low)}`;
}

/** The initCode the EntryPoint hashes: for an EIP-7702 sender, its delegate's address (then factoryData) instead of the marker. */
export function hashedInitCode(factory: string | undefined, factoryData: string, delegate: string | undefined): Hex {
  if (factory === undefined) return '0x';
  if (!isEip7702Factory(factory)) return `0x${factory.slice(2)}${factoryData.slice(2)}`;
  if (!delegate) throw new Error('an EIP-7702 userOp needs its delegate to be hashed');
  return `0x${delegate.slice(2)}${factoryData.slice(2)}`;
}

/** The v0.8 PackedUserOperation as its EIP-712 hash takes it (all but the signature): the byte fields by their keccak. */
export interface PackedUserOperationDigest {
  sender: string;
  nonce: bigint;
  initCodeHash: string;
  callDataHash: string;
  accountGasLimits: string;
  preVerificationGas: bigint;
  gasFees: string;
  paymasterAndDataHash: string;
}

// EntryPoint v0.8's EIP-712 types (UserOperationLib.PACKED_USEROP_TYPEHASH, and its EIP712 domain "ERC4337" version "1"),
// hashed on the first userOp hash rather than at the worker's start.
const entryPointTypeHashes = lazy(() => ({
  packedUserOperation: textHash(
    'PackedUserOperation(address sender,uint256 nonce,bytes initCode,bytes callData,bytes32 accountGasLimits,uint256 preVerificationGas,bytes32 gasFees,bytes paymasterAndData)',
  ),
  domain: textHash('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'),
  name: textHash('ERC4337'),
  version: textHash('1'),
}));

/** One separator per chain and EntryPoint: a service or a wallet knows a handful of them. */
const domainSeparators = new Map<string, string>();

function domainSeparator(chainId: bigint, entryPoint: string): string {
  const key = `${chainId}:${entryPoint.toLowerCase()}`;
  let separator = domainSeparators.get(key);
  if (!separator) {
    const { domain, name, version } = entryPointTypeHashes();
    separator = keccakWords([domain, name, version, chainId, address(entryPoint, 'entryPoint')]);
    domainSeparators.set(key, separator);
  }
  return separator;
}

/** A 0x-prefixed 20-byte address; the hash would silently take anything else. */
function address(value: string, name: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) throw new Error(`${name} must be a 20-byte hex address, got ${value}`);
  return value;
}

/** EntryPoint.getUserOpHash of packed fields: EIP-712 hashed directly: ethers' TypedDataEncoder spent most of a millisecond a call parsing the types again. */
export function packedUserOperationHash(op: PackedUserOperationDigest, chainId: bigint, entryPoint: string = ENTRY_POINT_V08): Hex {
  const structHash = keccakWords([
    entryPointTypeHashes().packedUserOperation,
    address(op.sender, 'sender'),
    op.nonce,
    op.initCodeHash,
    op.callDataHash,
    op.accountGasLimits,
    op.preVerificationGas,
    op.gasFees,
    op.paymasterAndDataHash,
  ]);
  return keccak256(`0x1901${domainSeparator(chainId, entryPoint).slice(2)}${structHash.slice(2)}`) as Hex;
}

/** paymasterAndData as the EntryPoint hashes it: paymaster ‖ its two gas limits ‖ paymasterData. */
export const packPaymasterAndData = (paymaster: string, verificationGasLimit: bigint, postOpGasLimit: bigint, paymasterData: string): Hex =>
  `0x${address(paymaster, 'paymaster').slice(2)}${packUints(verificationGasLimit, postOpGasLimit).slice(2)}${paymasterData.slice(2)}`;

/** EntryPoint v0.8's userOp hash; an EIP-7702 sender's delegate comes from its eip7702Auth, or is given. */
export function userOperationHash(op: RpcUserOperation, chainId: Hex, delegate = op.eip7702Auth?.address, entryPoint: string = ENTRY_POINT_V08): Hex {
  return packedUserOperationHash(packedDigest(op, delegate), BigInt(chainId), entryPoint);
}

/** The userOp's packed fields as an EIP-712 hash takes them; an EIP-7702 sender's initCode names `delegate`. */
export function packedDigest(op: RpcUserOperation, delegate: string | undefined): PackedUserOperationDigest {
  return {
    sender: op.sender,
    nonce: BigInt(op.nonce),
    initCodeHash: keccak256(hashedInitCode(op.factory, op.factoryData ?? '0x', delegate)),
    callDataHash: keccak256(op.callData),
    accountGasLimits: packUints(BigInt(op.verificationGasLimit), BigInt(op.callGasLimit)),
    preVerificationGas: BigInt(op.preVerificationGas),
    gasFees: packUints(BigInt(op.maxPriorityFeePerGas), BigInt(op.maxFeePerGas)),
    paymasterAndDataHash: keccak256(op.paymaster
      ? packPaymasterAndData(op.paymaster, BigInt(op.paymasterVerificationGasLimit ?? 0), BigInt(op.paymasterPostOpGasLimit ?? 0), op.paymasterData ?? '0x')
      : '0x'),
  };
}
