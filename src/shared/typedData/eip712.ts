/**
 * EIP-712 hashing as @metamask/eth-sig-util's TypedDataUtils.eip712Hash does it (V3 and V4), the digest dapps verify
 * with recoverTypedSignature; written here so the background does not carry eth-sig-util and the Buffer, ethereumjs
 * and @metamask/utils code it brings. Its quirks are kept on purpose, each where eth-sig-util has it: V3 skips
 * undefined fields and has no arrays; V4 hashes a missing struct as zero; numbers may be decimal or hex strings;
 * `intN` is range-checked against ±(2^N − 1) and `bytesN` against 32 bytes; a non-hex address string is read as
 * ethereumjs-abi's `new BN(address, 10)`. Where eth-sig-util would hash something no dapp sends (a tuple type, an
 * object posing as a Uint8Array) this refuses it instead. Differential tests: eip712.test.ts.
 */
import {
  bigIntToBytes, concatBytes, createBytes, encodeNumber, fail, hexToBytes, isNumberType, isStrictHex, keccak,
  numberLength, numberToBytes, padEnd, padStart, signedBigIntToBytes, stringToBytes, type Bytes,
} from './bytes';
import type { TypedMessage } from './types';

type Eip712Version = 'V3' | 'V4';
type Types = Record<string, unknown>;
type Field = { name: string; type: string };

const ZERO_WORD = new Uint8Array(32);

/** `value[name]` as JavaScript reads it: a property of a string or a number is read too, null and undefined throw. */
const member = (value: unknown, name: string): unknown => (value as Record<string, unknown>)[name];

/** The struct names a type reaches, itself included; array suffixes are stripped. */
function findTypeDependencies(type: string, types: Types, found = new Set<string>()): Set<string> {
  const [name] = /^\w*/.exec(type) as RegExpExecArray;
  if (found.has(name) || types[name] === undefined) return found;
  found.add(name);
  for (const field of types[name] as Field[]) findTypeDependencies(field.type, types, found);
  return found;
}

/** `Mail(Person from,Person to,string contents)Person(string name,address wallet)`: the type, then what it reaches, sorted. */
export function encodeType(primaryType: string, types: Types): string {
  const reached = findTypeDependencies(primaryType, types);
  reached.delete(primaryType);
  return [primaryType, ...[...reached].sort()]
    .map((name) => {
      const fields = types[name] as Field[] | undefined;
      if (!fields) fail(`No type definition specified: ${name}`);
      return `${name}(${fields.map(({ name: field, type }) => `${type} ${field}`).join(',')})`;
    })
    .join('');
}

const hashType = (primaryType: string, types: Types) => keccak(stringToBytes(encodeType(primaryType, types)));

/** ethereumjs-abi read a non-hex address string as `new BN(address, 10)`, letters counting as digits past 9. */
function decimalishAddress(address: string): Bytes {
  let value = 0n;
  for (let i = 0; i < address.length; i++) {
    const digit = BigInt(address.charCodeAt(i) - 48);
    value = value * 10n + (digit >= 49n ? digit - 39n : digit >= 17n ? digit - 7n : digit);
  }
  return padStart(bigIntToBytes(value), 20).subarray(0, 20);
}

function addressWord(value: unknown): Bytes {
  let bytes: Bytes;
  if (typeof value === 'number') bytes = numberToBytes(value);
  else if (isStrictHex(value)) bytes = hexToBytes(value);
  else if (typeof value === 'string') bytes = decimalishAddress(value);
  else return fail(`expected an address, got ${JSON.stringify(value)}`);
  if (bytes.length > 20) fail(`address ${JSON.stringify(value)} is longer than 20 bytes`);
  return padStart(bytes);
}

function dynamicBytesWord(value: unknown): Bytes {
  if (typeof value === 'number') return keccak(numberToBytes(value));
  if (isStrictHex(value) || value === '0x') return keccak(hexToBytes(value));
  if (typeof value === 'string') return keccak(stringToBytes(value));
  return fail(`expected bytes as hex or text, got ${JSON.stringify(value)}`);
}

/** bytes1…bytes32 (any `bytes…` name): always one right-padded word, up to 32 bytes whatever N says. */
function fixedBytesWord(value: unknown): Bytes {
  let bytes: Bytes;
  if (typeof value === 'number') bytes = value < 0 ? ZERO_WORD : bigIntToBytes(BigInt(value));
  else bytes = isStrictHex(value) ? hexToBytes(value) : createBytes(value);
  if (bytes.length > 32) fail(`expected at most 32 bytes, got ${bytes.length}`);
  return padEnd(bytes);
}

/** intN: ±(2^N − 1) for backwards compatibility, then encoded as an int256 or uint256 word. */
function intWord(type: string, value: unknown): Bytes {
  if (value === null) fail(`expected a number for ${type}, got null`);
  const number = BigInt(value as string);
  const max = 2n ** BigInt(numberLength(type)) - 1n;
  if (number < -max || number > max) fail(`number ${number} is out of range for type ${type}`);
  // Below -2^255 the int256 encoding refuses it (signedBigIntToBytes).
  return number < 0n ? signedBigIntToBytes(number, 32) : padStart(bigIntToBytes(number));
}

function encodeField(types: Types, name: string, type: string, value: unknown, version: Eip712Version): Bytes {
  if (types[type] !== undefined) return version === 'V4' && value == null ? ZERO_WORD : keccak(encodeData(type, value, types, version));
  if (type === 'function') fail('Unsupported or invalid type: "function"');
  if (value === undefined) fail(`missing value for field ${name} of type ${type}`);
  if (type === 'address') return addressWord(value);
  if (type === 'bool') return padStart(new Uint8Array([value ? 1 : 0]));
  if (type === 'bytes') return dynamicBytesWord(value);
  if (type.startsWith('bytes') && !type.includes('[')) return fixedBytesWord(value);
  if (type.startsWith('int') && !type.includes('[')) return intWord(type, value);
  if (type === 'string') return keccak(typeof value === 'number' ? numberToBytes(value) : stringToBytes(value ?? ''));
  if (type.endsWith(']')) {
    if (version === 'V3') fail('Arrays are unimplemented in encodeData; use V4 extension');
    if (!Array.isArray(value)) fail(`expected an array for ${type}, got ${JSON.stringify(value)}`);
    const itemType = type.slice(0, type.lastIndexOf('['));
    return keccak(concatBytes(value.map((item) => encodeField(types, name, itemType, item, version))));
  }
  if (isNumberType(type)) return encodeNumber(type, value, false);
  return fail(`The type "${type}" is not supported`);
}

function encodeData(primaryType: string, data: unknown, types: Types, version: Eip712Version): Bytes {
  const words = [hashType(primaryType, types)];
  for (const field of types[primaryType] as Field[]) {
    const value = member(data, field.name);
    if (version === 'V3' && value === undefined) continue;
    words.push(encodeField(types, field.name, field.type, value, version));
  }
  return concatBytes(words);
}

export const hashStruct = (primaryType: string, data: unknown, types: Types, version: Eip712Version): Bytes =>
  keccak(encodeData(primaryType, data, types, version));

/** keccak256(0x1901 ‖ domain separator ‖ hashStruct(message)); with primaryType EIP712Domain, the domain alone. */
export function eip712Hash(data: TypedMessage, version: Eip712Version): Bytes {
  if (!data.types || !data.primaryType) fail('typed data needs types and a primaryType');
  // Object.assign as eth-sig-util does: a "__proto__" type behaves there as it does here.
  const types: Types = Object.assign({ EIP712Domain: [] }, data.types);
  const domain = hashStruct('EIP712Domain', data.domain || undefined, { EIP712Domain: types.EIP712Domain }, version);
  const parts = [new Uint8Array([0x19, 0x01]), domain];
  if (data.primaryType !== 'EIP712Domain') parts.push(hashStruct(data.primaryType, data.message || undefined, types, version));
  return keccak(concatBytes(parts));
}
