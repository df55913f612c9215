/**
 * The UserOperation of an ERC-7677 request (EntryPoint v0.7 / v0.8 unpacked JSON form), parsed once into typed values,
 * and the hash our VerifyingPaymaster checks the service's signature against (contracts/VerifyingPaymaster.sol getHash).
 */
import { getAddress, keccak256 } from 'ethers';
import { keccakWords } from '../src/shared/abiWords';
import {
  EIP7702_FACTORY, EIP7702_FACTORY_PADDED, hashedInitCode, isEip7702Factory, packPaymasterAndData, packUints, packedUserOperationHash,
} from '../src/shared/erc4337';
import * as params from '../src/shared/params';
import { invalidParams } from './rpc';

/** EIP-7702 authorization carried by a v0.8 userOp, as Alto and viem send it. */
export interface Eip7702Auth {
  /** The delegate (for Simple7702Account: 0xe6Cae83BdE06E4c305530e199D7217f42808555B). Alto also accepts `contractAddress`. */
  address: string;
  chainId: bigint;
  nonce: bigint;
  r: string;
  s: string;
  yParity: number;
}

export interface UserOperation {
  sender: string;
  nonce: bigint;
  /** Absent, an account factory, or the EIP-7702 marker "0x7702" (also accepted padded to 20 bytes). */
  factory?: string;
  factoryData: string;
  callData: string;
  callGasLimit: bigint;
  verificationGasLimit: bigint;
  preVerificationGas: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  /** What the client put there (a previous stub's values); the service answers with the values it signs. */
  paymasterVerificationGasLimit?: bigint;
  paymasterPostOpGasLimit?: bigint;
  eip7702Auth?: Eip7702Auth;
}

const UINT128_MAX = (1n << 128n) - 1n;

/**
 * `gas: 'optional'` for pm_getPaymasterStubData (the gas fields are unknown before estimation and default to 0);
 * `'required'` for pm_getPaymasterData, whose signature covers them.
 */
export function parseUserOperation(value: unknown, gas: 'optional' | 'required'): UserOperation {
  if (!isObject(value)) throw invalidParams('params[0] (userOp) must be a UserOperation object');
  if ('initCode' in value || 'paymasterAndData' in value) {
    throw invalidParams('userOp has initCode/paymasterAndData (EntryPoint v0.6 form); send the v0.7/v0.8 form with factory/factoryData');
  }
  const gasField = (name: string) => (gas === 'optional' && value[name] === undefined ? 0n : uint128(value, name));
  const op: UserOperation = {
    sender: address(value, 'sender'),
    nonce: quantity(value, 'nonce'),
    factory: optional(value, 'factory', (v, name) => factoryField(v[name])),
    factoryData: value.factoryData === undefined || value.factoryData === null ? '0x' : data(value, 'factoryData'),
    callData: data(value, 'callData'),
    callGasLimit: gasField('callGasLimit'),
    verificationGasLimit: gasField('verificationGasLimit'),
    preVerificationGas: gasField('preVerificationGas'),
    maxFeePerGas: gasField('maxFeePerGas'),
    maxPriorityFeePerGas: gasField('maxPriorityFeePerGas'),
    paymasterVerificationGasLimit: optional(value, 'paymasterVerificationGasLimit', uint128),
    paymasterPostOpGasLimit: optional(value, 'paymasterPostOpGasLimit', uint128),
    eip7702Auth: value.eip7702Auth === undefined || value.eip7702Auth === null ? undefined : parseAuth(value.eip7702Auth),
  };
  if (op.factory === EIP7702_FACTORY && op.factoryData !== '0x') {
    throw invalidParams(`userOp.factory "0x7702" with factoryData is ambiguous (bundlers pad the marker differently); send factory ${EIP7702_FACTORY_PADDED}`);
  }
  return op;
}

export const isEip7702 = (op: UserOperation): boolean => isEip7702Factory(op.factory);

/** The keccak of the op's byte fields, which each of a request's three hashes takes: computed once per request. */
export interface OpDigests {
  /** As the EntryPoint (and the paymaster) hash it: for an EIP-7702 sender, of its delegate instead of the marker. */
  initCodeHash: string;
  callDataHash: string;
}

export const opDigests = (op: UserOperation, delegate: string | undefined): OpDigests =>
  ({ initCodeHash: keccak256(hashedInitCode(op.factory, op.factoryData, delegate)), callDataHash: keccak256(op.callData) });

export interface PaymasterFields {
  paymaster: string;
  paymasterVerificationGasLimit: bigint;
  paymasterPostOpGasLimit: bigint;
}

/** VerifyingPaymaster.getHash: what the service signs, as an EIP-191 message, for this op, window and paymaster. */
export function paymasterHash(
  op: UserOperation,
  digests: OpDigests,
  fields: PaymasterFields,
  chainId: bigint,
  validUntil: number,
  validAfter: number,
): string {
  return keccakWords([
    op.sender,
    op.nonce,
    digests.initCodeHash,
    digests.callDataHash,
    packUints(op.verificationGasLimit, op.callGasLimit),
    packUints(fields.paymasterVerificationGasLimit, fields.paymasterPostOpGasLimit),
    op.preVerificationGas,
    packUints(op.maxPriorityFeePerGas, op.maxFeePerGas),
    chainId,
    fields.paymaster,
    BigInt(validUntil),
    BigInt(validAfter),
  ]);
}

/** The EntryPoint's hash of the op as it will be sent with this paymasterData: what the store records and the chain's logs name. */
export function userOpHash(op: UserOperation, digests: OpDigests, fields: PaymasterFields, paymasterData: string, chainId: bigint, entryPoint: string): string {
  return packedUserOperationHash({
    sender: op.sender,
    nonce: op.nonce,
    ...digests,
    accountGasLimits: packUints(op.verificationGasLimit, op.callGasLimit),
    preVerificationGas: op.preVerificationGas,
    gasFees: packUints(op.maxPriorityFeePerGas, op.maxFeePerGas),
    paymasterAndDataHash: keccak256(packPaymasterAndData(fields.paymaster, fields.paymasterVerificationGasLimit, fields.paymasterPostOpGasLimit, paymasterData)),
  }, chainId, entryPoint);
}

function parseAuth(value: unknown): Eip7702Auth {
  if (!isObject(value)) throw invalidParams('userOp.eip7702Auth must be an object {address, chainId, nonce, r, s, yParity}');
  const field = (name: string) => `eip7702Auth.${name}`;
  // Alto also accepts the delegate as `contractAddress`.
  const target = params.address(value.address ?? value.contractAddress, `userOp.${field('address')}`);
  const chainId = quantity(value, 'chainId', field('chainId'));
  const nonce = quantity(value, 'nonce', field('nonce'));
  const r = data(value, 'r', field('r'));
  const s = data(value, 's', field('s'));
  const yParity = quantity(value, 'yParity', field('yParity'));
  if (yParity > 1n) throw invalidParams(`userOp.${field('yParity')} must be 0x0 or 0x1`);
  return { address: getAddress(target), chainId, nonce, r, s, yParity: Number(yParity) };
}

function factoryField(value: unknown): string {
  if (value === EIP7702_FACTORY) return EIP7702_FACTORY;
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) throw invalidParams('userOp.factory must be a 20-byte hex address or "0x7702"');
  return value.toLowerCase() === EIP7702_FACTORY_PADDED ? EIP7702_FACTORY_PADDED : getAddress(value);
}

function address(value: Record<string, unknown>, name: string): string {
  return getAddress(params.address(value[name], `userOp.${name}`));
}

function quantity(value: Record<string, unknown>, name: string, label = name): bigint {
  return params.uint256(value[name], `userOp.${label}`);
}

function uint128(value: Record<string, unknown>, name: string): bigint {
  const result = quantity(value, name);
  if (result > UINT128_MAX) throw invalidParams(`userOp.${name} does not fit in 128 bits`);
  return result;
}

function data(value: Record<string, unknown>, name: string, label = name): string {
  return params.data(value[name], `userOp.${label}`).toLowerCase();
}

function optional<T>(value: Record<string, unknown>, name: string, parse: (value: Record<string, unknown>, name: string) => T): T | undefined {
  return value[name] === undefined || value[name] === null ? undefined : parse(value, name);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
