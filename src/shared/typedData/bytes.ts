/**
 * Bytes as @metamask/eth-sig-util reads values (through @metamask/utils and @metamask/abi-utils), so the wallet's own
 * hashing (eip712.ts, legacy.ts) accepts, refuses and encodes exactly what dapps' verifiers do: odd-length hex is
 * left-padded, "0x" is empty bytes, strings are UTF-8 with lone surrogates replaced. Every failure throws.
 */
import { keccak256 as keccakHex } from 'ethers';

export type Bytes = Uint8Array;

const STRICT_HEX = /^0x[0-9a-f]+$/i;
const HEX = /^(?:0x)?[0-9a-f]+$/i;
const utf8 = new TextEncoder();

export function fail(message: string): never {
  throw new Error(message);
}

export const isStrictHex = (value: unknown): value is string => typeof value === 'string' && STRICT_HEX.test(value);

export function hexToBytes(value: string): Bytes {
  if (value.toLowerCase() === '0x') return new Uint8Array();
  if (!HEX.test(value)) fail(`expected a hex string, got ${JSON.stringify(value)}`);
  const digits = value.replace(/^0x/i, '');
  const even = digits.length % 2 === 0 ? digits : `0${digits}`;
  const bytes = new Uint8Array(even.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(even.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export function stringToBytes(value: unknown): Bytes {
  if (typeof value !== 'string') fail(`expected a string, got ${typeof value}`);
  return utf8.encode(value);
}

/** @metamask/utils' createBytes: bytes already, "0x" (any case) or 0x-prefixed hex; anything else is refused. */
export function createBytes(value: unknown): Bytes {
  if (value instanceof Uint8Array) return value;
  if (typeof value === 'string' && value.toLowerCase() === '0x') return new Uint8Array();
  if (isStrictHex(value)) return hexToBytes(value);
  return fail(`expected bytes as 0x-prefixed hex, got ${JSON.stringify(value)}`);
}

export function numberToBytes(value: unknown): Bytes {
  if (typeof value !== 'number' || value < 0 || !Number.isSafeInteger(value)) fail(`expected a non-negative safe integer, got ${String(value)}`);
  return hexToBytes(value.toString(16));
}

export function bigIntToBytes(value: bigint): Bytes {
  if (value < 0n) fail(`expected a non-negative number, got ${value}`);
  return hexToBytes(value.toString(16));
}

/** Two's complement in `length` bytes, with @metamask/utils' own test of whether it fits (kept as it is). */
export function signedBigIntToBytes(value: bigint, length: number): Bytes {
  const mask = value >> 31n;
  if (((~value & mask) + (value & ~mask)) >> BigInt(length * 8 - 1)) fail(`${value} does not fit in ${length} bytes`);
  const bytes = new Uint8Array(length);
  let rest = value;
  for (let i = length - 1; i >= 0; i--) {
    bytes[i] = Number(BigInt.asUintN(8, rest));
    rest >>= 8n;
  }
  return bytes;
}

export function padStart(bytes: Bytes, length = 32): Bytes {
  if (bytes.length >= length) return bytes;
  const padded = new Uint8Array(length);
  padded.set(bytes, length - bytes.length);
  return padded;
}

export function padEnd(bytes: Bytes, length = 32): Bytes {
  if (bytes.length >= length) return bytes;
  const padded = new Uint8Array(length);
  padded.set(bytes);
  return padded;
}

export function concatBytes(parts: Bytes[]): Bytes {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export const keccak = (bytes: Bytes): Bytes => hexToBytes(keccakHex(bytes));

/** @metamask/utils' createBigInt: a number or a string, as `BigInt()` reads it ("" is 0, " 0x1f " is 31). */
export function createBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if ((typeof value === 'number' && !Number.isNaN(value)) || typeof value === 'string') return BigInt(value);
  return fail(`expected a number-like value, got ${JSON.stringify(value)}`);
}

const NUMBER_TYPE = /^u?int(?<length>[0-9]*)?$/;

/** The bit width of int/uint types: `int` is 256, otherwise 8 to 256 in steps of 8 (`int08` reads as 8). */
export function numberLength(type: string): number {
  if (type === 'int' || type === 'uint') return 256;
  const digits = NUMBER_TYPE.exec(type)?.groups?.length;
  if (!digits) fail(`invalid number type ${JSON.stringify(type)}`);
  const length = parseInt(digits, 10);
  if (length < 8 || length > 256 || length % 8 !== 0) fail(`invalid number length in ${JSON.stringify(type)}`);
  return length;
}

export const isNumberType = (type: string) => NUMBER_TYPE.test(type);

/** abi-utils' number encoder: range-checked for the type, 32 bytes or (packed) the type's width. */
export function encodeNumber(type: string, value: unknown, packed: boolean): Bytes {
  const number = createBigInt(value);
  const length = numberLength(type);
  const signed = !type.startsWith('u');
  const max = 2n ** BigInt(length - (signed ? 1 : 0)) - 1n;
  if (number > max || (signed && number < -(max + 1n))) fail(`number ${number} is out of range for type ${type}`);
  const width = packed ? length / 8 : 32;
  if (signed) return packed ? signedBigIntToBytes(number, width) : padStart(signedBigIntToBytes(number, 32));
  return padStart(bigIntToBytes(number), width);
}
