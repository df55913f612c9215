/**
 * MetaMask's legacy eth_signTypedData (v1) hash, as @metamask/eth-sig-util's typedSignatureHash computes it:
 * keccak256(keccak256(packed "type name" strings) ‖ keccak256(values packed as ethereumjs-abi's solidityPack)).
 * Its normalisations are kept: address[] and intN[] items become 32-byte words, a number for uintN is taken as its
 * absolute value and for intN wraps to N bits, hex for addresses and bytesN is cut to length, a string given for an
 * array type is read character by character. Tuple and function[] types, which no v1 dapp sends, are refused.
 * Differential tests: legacy.test.ts.
 */
import {
  bigIntToBytes, concatBytes, createBytes, encodeNumber, fail, hexToBytes, isNumberType, isStrictHex, keccak, numberLength,
  numberToBytes, padEnd, padStart, signedBigIntToBytes, stringToBytes, type Bytes,
} from './bytes';
import type { LegacyTypedField } from './types';

const ARRAY = /^(?<type>.*)\[(?<length>\d*?)\]$/;
const FIXED_BYTES = /^bytes([0-9]{1,2})$/;

function arrayType(type: string): [inner: string, length: number | undefined] {
  const match = ARRAY.exec(type);
  if (!match?.groups?.type) fail(`invalid array type ${JSON.stringify(type)}`);
  return [match.groups.type, match.groups.length ? parseInt(match.groups.length, 10) : undefined];
}

function byteLength(type: string): number {
  const digits = FIXED_BYTES.exec(type)?.[1];
  const length = Number(digits);
  if (!digits || length < 1 || length > 32) fail(`invalid byte length in ${JSON.stringify(type)}`);
  return length;
}

/** eth-sig-util's parseNumber: ±(2^N − 1), the range ethereumjs-abi allowed. */
function parseNumber(type: string, value: unknown): bigint {
  if (value === null) fail('expected a number, got null');
  const number = BigInt(value as string);
  const max = 2n ** BigInt(numberLength(type)) - 1n;
  if (number < -max || number > max) fail(`number ${number} is out of range for type ${type}`);
  return number;
}

/** `value.map` as eth-sig-util calls it: only an array has one. */
function mapped(value: unknown, item: (value: unknown) => unknown): unknown[] {
  if (!Array.isArray(value)) fail(`expected an array, got ${JSON.stringify(value)}`);
  return value.map(item);
}

const addressWord = (value: unknown): unknown => {
  if (typeof value === 'number') return padStart(numberToBytes(value), 32);
  if (isStrictHex(value)) return padStart(hexToBytes(value).subarray(0, 32), 32);
  return value;
};

const intWord = (type: string) => (value: unknown): unknown => {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') return value;
  const number = parseNumber(type, value);
  if (number >= 0n) return padStart(bigIntToBytes(number), 32);
  return signedBigIntToBytes(BigInt.asIntN(numberLength(type), number), 32);
};

function normalizeValue(type: string, value: unknown): unknown {
  if (ARRAY.test(type) && Array.isArray(value)) {
    const [inner] = arrayType(type);
    return value.map((item) => normalizeValue(inner, item));
  }
  if (type === 'address' && isStrictHex(value)) return padStart(hexToBytes(value).subarray(0, 20), 20);
  if (type === 'bool') return Boolean(value);
  if (type.startsWith('bytes') && type !== 'bytes') {
    const length = byteLength(type);
    if (typeof value === 'number') return value < 0 ? new Uint8Array() : numberToBytes(value).subarray(0, length);
    if (isStrictHex(value)) return hexToBytes(value).subarray(0, length);
  }
  if (type.startsWith('uint') && typeof value === 'number') return Math.abs(value);
  if (type.startsWith('int') && typeof value === 'number') return BigInt.asIntN(numberLength(type), BigInt(value));
  return value;
}

/** address[] and intN[] are packed as bytes32[] (ethereumjs-abi's special cases); the rest normalised by type. */
function normalized({ type, value }: LegacyTypedField): { type: string; value: unknown } {
  if (type === 'address[]') return { type: 'bytes32[]', value: mapped(value, addressWord) };
  if (type.startsWith('int') && ARRAY.test(type)) {
    const [inner, length] = arrayType(type);
    return { type: `bytes32[${length ?? ''}]`, value: mapped(value, intWord(inner)) };
  }
  return { type, value: normalizeValue(type, value) };
}

/** A top-level `bytes` value, as ethereumjs-util's toBuffer took it: hex, else UTF-8, a list of byte values, a number. */
function legacyBytes(value: unknown): Bytes {
  if (typeof value === 'string') return /^0x[0-9A-Fa-f]*$/.test(value) ? hexToBytes(value) : stringToBytes(value);
  if (value === null || value === undefined) return new Uint8Array();
  if (Array.isArray(value)) return new Uint8Array(value as number[]);
  if (typeof value === 'number') return numberToBytes(value);
  return fail(`expected bytes, got ${JSON.stringify(value)}`);
}

const isDynamic = (type: string) => type === 'string' || type === 'bytes';

function getBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  return fail(`expected a boolean, got ${JSON.stringify(value)}`);
}

/** An array's items: each packed when they are strings or bytes (or bytesN), else one 32-byte word each. */
function encodeArray(type: string, value: unknown): Bytes {
  const [inner, fixedLength] = arrayType(type);
  if (ARRAY.test(inner)) fail('Cannot pack nested arrays');
  const { length } = value as { length: unknown };
  if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || length > 2 ** 32 - 1) {
    fail(`expected a list for ${type}, got ${JSON.stringify(value)}`);
  }
  const dynamic = isDynamic(atomOf(inner));
  if (!dynamic && fixedLength && fixedLength !== length) fail(`expected ${fixedLength} items for ${type}, got ${length}`);
  const packed = dynamic || FIXED_BYTES.test(inner);
  const items: Bytes[] = [];
  for (let i = 0; i < length; i++) items.push(encodeAtom(inner, (value as Record<number, unknown>)[i], packed));
  return concatBytes(items);
}

/** The type's encoder, as abi-utils picks its parser; tuple and function types are refused. */
function atomOf(type: string): 'address' | 'bool' | 'bytes' | 'string' | 'fixedBytes' | 'number' {
  if (type === 'address' || type === 'bool' || type === 'bytes' || type === 'string') return type;
  if (FIXED_BYTES.test(type)) return 'fixedBytes';
  if (isNumberType(type)) return 'number';
  return fail(`The type "${type}" is not supported`);
}

function encodeAtom(type: string, value: unknown, packed: boolean): Bytes {
  switch (atomOf(type)) {
    case 'address': {
      const bytes = createBytes(value);
      if (bytes.length > 20) fail(`address ${JSON.stringify(value)} is longer than 20 bytes`);
      return padStart(bytes, packed ? 20 : 32);
    }
    case 'bool':
      return packed ? new Uint8Array([getBoolean(value) ? 1 : 0]) : padStart(new Uint8Array([getBoolean(value) ? 1 : 0]));
    case 'bytes':
      return createBytes(value);
    case 'string':
      return stringToBytes(value);
    case 'fixedBytes': {
      const length = byteLength(type);
      const bytes = createBytes(value);
      if (bytes.length > length) fail(`expected at most ${length} bytes for ${type}, got ${bytes.length}`);
      return padEnd(bytes, packed ? length : 32);
    }
    case 'number':
      return encodeNumber(type, value, packed);
  }
}

const encodePacked = (type: string, value: unknown): Bytes => (ARRAY.test(type) ? encodeArray(type, value) : encodeAtom(type, value, true));

export function typedSignatureHash(fields: LegacyTypedField[]): Bytes {
  if (!Array.isArray(fields) || fields.length === 0) fail('Expect argument to be non-empty array');
  const values = fields.map(normalized).map(({ type, value }) => {
    if (type === 'function') fail('Unsupported or invalid type: "function"');
    return encodePacked(type, type === 'bytes' ? legacyBytes(value) : value);
  });
  const schema = fields.map(({ type, name }) => (name ? stringToBytes(`${type} ${name}`) : fail('Expect argument to be non-empty array')));
  return keccak(concatBytes([keccak(concatBytes(schema)), keccak(concatBytes(values))]));
}
