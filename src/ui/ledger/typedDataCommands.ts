/**
 * EIP-712 in full, as the Ethereum app takes it (doc/ethapp.adoc "EIP712 SEND STRUCT DEFINITION" 0x1A and "EIP712 SEND
 * STRUCT IMPLEMENTATION" 0x1C, then SIGN ETH EIP 712 0x0C with P2 1): every type's fields, then the domain's values,
 * then the message's, so the app hashes and shows the message itself. No filters (0x1E) are sent: they are Ledger-signed
 * and come from Ledger's servers. The order and encodings are hw-app-eth 7.9.0's, checked against its exchanges.
 */
import type { TypedDataField } from 'ethers';
import { hexBytes } from './commands';
import { pathBytes } from './paths';

export interface Apdu {
  ins: number;
  p1: number;
  p2: number;
  data: Uint8Array;
}

export interface FullTypedData {
  domain: Record<string, unknown>;
  types: Record<string, TypedDataField[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

const TYPE_KEYS = { custom: 0, int: 1, uint: 2, address: 3, bool: 4, string: 5, fixedBytes: 6, bytes: 7 } as const;
type Kind = keyof typeof TYPE_KEYS;

interface FieldType {
  kind: Kind;
  /** Bytes: an intN's N/8, a bytesN's N; absent for the others. */
  size?: number;
  /** The struct's name for a custom type. */
  struct?: string;
  /** Array levels, outermost first: a fixed length, or null for a dynamic one. */
  arrays: (number | null)[];
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const concat = (...parts: (Uint8Array | number[])[]): Uint8Array => Uint8Array.from(parts.flatMap((part) => [...part]));

function fieldType(type: string): FieldType {
  const [, base, levels = ''] = /^([^[\]]+)((?:\[\d*\])*)$/.exec(type) ?? [];
  if (!base) throw new Error(`not an EIP-712 type: ${type}`);
  const arrays = [...levels.matchAll(/\[(\d*)\]/g)].map(([, n]) => (n ? Number(n) : null));
  const integer = /^(u?int)(\d*)$/.exec(base);
  if (integer) return { kind: integer[1] as 'int' | 'uint', size: Number(integer[2] || 256) / 8, arrays };
  const fixed = /^bytes(\d+)$/.exec(base);
  if (fixed) return { kind: 'fixedBytes', size: Number(fixed[1]), arrays };
  if (base === 'bytes' || base === 'address' || base === 'bool' || base === 'string') return { kind: base, arrays };
  return { kind: 'custom', struct: base, arrays };
}

/** A field's definition: TypeDesc (array bit, size bit, type), the struct's name, the size, the array levels, the key. */
function definition(field: TypedDataField): Uint8Array {
  const t = fieldType(field.type);
  const desc = (t.arrays.length ? 0x80 : 0) | (t.size === undefined ? 0 : 0x40) | TYPE_KEYS[t.kind];
  const struct = t.struct === undefined ? [] : [t.struct.length, ...utf8(t.struct)];
  const size = t.size === undefined ? [] : [t.size];
  const arrays = t.arrays.length ? [t.arrays.length, ...t.arrays.flatMap((n) => (n === null ? [0] : [1, n]))] : [];
  return concat([desc], struct, size, arrays, [field.name.length], utf8(field.name));
}

/** A value as the app takes it: integers in as few big-endian bytes as hold them (two's complement for a negative intN). */
function encoded(t: FieldType, value: unknown): Uint8Array {
  switch (t.kind) {
    case 'int':
    case 'uint':
    case 'bool': {
      let n = typeof value === 'boolean' ? BigInt(value) : BigInt(value as string | number | bigint);
      if (n < 0n) n += 1n << BigInt(8 * (t.size ?? 32));
      const hex = n.toString(16);
      return hexBytes(`0x${hex.length % 2 ? `0${hex}` : hex}`);
    }
    case 'address':
      return hexBytes(String(value)).subarray(0, 20);
    case 'string':
      return utf8(String(value));
    case 'fixedBytes':
      return hexBytes(String(value)).subarray(0, t.size);
    default:
      return hexBytes(String(value));
  }
}

/** A value's commands: its 2-byte length and bytes, in 255-byte pieces, P1 1 on all but the last. */
function valueApdus(bytes: Uint8Array): Apdu[] {
  const data = concat([bytes.length >> 8, bytes.length & 0xff], bytes);
  const apdus: Apdu[] = [];
  for (let at = 0; at < data.length; at += 255) apdus.push({ ins: 0x1c, p1: at + 255 < data.length ? 0x01 : 0x00, p2: 0xff, data: data.subarray(at, at + 255) });
  return apdus;
}

function implementation(types: Record<string, TypedDataField[]>, t: FieldType, value: unknown): Apdu[] {
  const [level, ...inner] = t.arrays;
  if (level !== undefined) {
    const items = value as unknown[];
    return [{ ins: 0x1c, p1: 0x00, p2: 0x0f, data: Uint8Array.of(items.length) }, ...items.flatMap((item) => implementation(types, { ...t, arrays: inner }, item))];
  }
  if (t.kind === 'custom') {
    const fields = types[t.struct ?? ''];
    if (!fields) throw new Error(`no type ${t.struct}`);
    return fields.flatMap((field) => implementation(types, fieldType(field.type), (value as Record<string, unknown>)[field.name]));
  }
  return valueApdus(encoded(t, value));
}

/** Every command of one full EIP-712 signature, in order; `types` must hold EIP712Domain. */
export function typedDataApdus(path: string, data: FullTypedData): Apdu[] {
  const names = Object.keys(data.types).sort();
  const root = (name: string): Apdu => ({ ins: 0x1c, p1: 0x00, p2: 0x00, data: utf8(name) });
  return [
    ...names.flatMap((name) => [
      { ins: 0x1a, p1: 0x00, p2: 0x00, data: utf8(name) },
      ...data.types[name].map((field) => ({ ins: 0x1a, p1: 0x00, p2: 0xff, data: definition(field) })),
    ]),
    root('EIP712Domain'),
    ...implementation(data.types, fieldType('EIP712Domain'), data.domain),
    root(data.primaryType),
    ...implementation(data.types, fieldType(data.primaryType), data.message),
    { ins: 0x0c, p1: 0x00, p2: 0x01, data: pathBytes(path) },
  ];
}
