/** Values as descriptors see them: typed data carries numbers as numbers, decimal or hex strings; calls as bigints. */
import { getAddress } from 'ethers';
import { cleanText } from '../displayText';
import type { Hex } from '../params';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** Raw strings are shown whole up to this length (a descriptor's raw field may be a long text). */
const MAX_RAW_TEXT = 512;
/**
 * A file's own text (intent, label, enum word, owner: the registry's and the user's are shown as written, ERC-7730 has
 * no languages) sits where the wallet's sentences do: one line, without what reorders or hides text, and at most this
 * long, above the longest the shipped files write.
 */
export const FILE_TEXT_CHARS = 120;

export function toBigInt(value: unknown): bigint | undefined {
  try {
    if (typeof value === 'bigint') return value;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
    if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|-?\d+)$/.test(value)) return BigInt(value);
  } catch {
    return undefined;
  }
  return undefined;
}

/** An address, checksummed; one written with a wrong checksum is read too (`wrongChecksum` says so), never thrown on. */
export const toAddress = (value: unknown): Hex | undefined => (typeof value === 'string' && ADDRESS.test(value) ? (getAddress(value.toLowerCase()) as Hex) : undefined);

/** Mixed case that is not the address's EIP-55 checksum: a typo, or letters changed on purpose. */
export const wrongChecksum = (value: unknown): boolean =>
  typeof value === 'string' && ADDRESS.test(value) && /[a-f]/.test(value.slice(2)) && /[A-F]/.test(value.slice(2)) && getAddress(value.toLowerCase()) !== value;

/** A value as it is: numbers in decimal, addresses checksummed, text cleaned of what could hide or reorder it. */
export function rawText(value: unknown): string {
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return toAddress(value) ?? cleanText(value, MAX_RAW_TEXT);
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'nothing';
}

/** Every primitive under `value` with its concrete path: what a message or call holds. */
export function leaves(value: unknown, path = ''): { path: string; value: unknown }[] {
  if (value !== null && typeof value === 'object') {
    const children = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    return children.flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
  }
  return [{ path, value }];
}

/** Same value in a descriptor's constraint and in the message: numbers by value, addresses by their bytes. */
export function sameValue(a: unknown, b: unknown): boolean {
  const [x, y] = [toBigInt(a), toBigInt(b)];
  if (x !== undefined && y !== undefined) return x === y;
  if (typeof a === 'string' && typeof b === 'string') return ADDRESS.test(a) && ADDRESS.test(b) ? a.toLowerCase() === b.toLowerCase() : a === b;
  return a === b;
}
