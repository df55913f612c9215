/** Primitive validators for RPC params: each returns the typed value or throws -32602 naming the field. */
import { getAddress } from 'ethers';
import { invalidParams } from './errors';

export type Hex = `0x${string}`;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;
const QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/;
const DATA = /^0x([0-9a-fA-F]{2})*$/;
export const BLOCK_TAGS = ['latest', 'pending', 'safe', 'finalized', 'earliest'] as const;
export type BlockTag = (typeof BLOCK_TAGS)[number];

const describe = (value: unknown): string => (typeof value === 'string' ? `"${value.slice(0, 80)}"` : JSON.stringify(value) ?? String(value));

export function positional(params: unknown, method: string, min: number, max = min): unknown[] {
  if (params === undefined && min === 0) return [];
  if (!Array.isArray(params)) throw invalidParams(`${method} expects params as an array`);
  if (params.length < min || params.length > max) {
    const expected = min === max ? `${min}` : `${min} to ${max}`;
    throw invalidParams(`${method} expects ${expected} params, got ${params.length}`);
  }
  return params;
}

export function address(value: unknown, field: string): Hex {
  if (typeof value !== 'string' || !ADDRESS.test(value)) {
    throw invalidParams(`${field} must be a 20-byte hex address (0x + 40 hex digits), got ${describe(value)}`);
  }
  return value as Hex;
}

/**
 * An address that funds may go to: a mixed-case address must carry a valid EIP-55 checksum, since
 * a wrong one usually means a typo (all-lower or all-upper case carries none and is accepted).
 */
export function recipient(value: unknown, field: string): Hex {
  const hex = address(value, field);
  const digits = hex.slice(2);
  if (digits !== digits.toLowerCase() && digits !== digits.toUpperCase()) {
    try {
      getAddress(hex);
    } catch {
      throw invalidParams(`${field} ${hex} has an invalid EIP-55 checksum`);
    }
  }
  return hex;
}

export function hash32(value: unknown, field: string): Hex {
  if (typeof value !== 'string' || !HASH.test(value)) {
    throw invalidParams(`${field} must be a 32-byte hex string (0x + 64 hex digits), got ${describe(value)}`);
  }
  return value as Hex;
}

export function quantity(value: unknown, field: string): Hex {
  if (typeof value !== 'string' || !QUANTITY.test(value)) {
    throw invalidParams(`${field} must be a hex number without leading zeros (e.g. 0x1a), got ${describe(value)}`);
  }
  return value as Hex;
}

/** 0x and 1 to 64 hex digits, leading zeros allowed: a word of at most 32 bytes (an id, a slot, a number a node answered). */
export const isHexWord = (value: unknown): value is Hex => typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value);

/** 0x and exactly 64 hex digits: a hash, a log topic. */
export const isHash = (value: unknown): value is Hex => typeof value === 'string' && HASH.test(value);

const LENIENT_QUANTITY = /^0x[0-9a-fA-F]+$/;
const MAX_UINT256 = 2n ** 256n - 1n;

/** A uint256 given as hex. Leading zeros (0x01), which older libraries send, are accepted. */
export function uint256(value: unknown, field: string): bigint {
  if (typeof value !== 'string' || !LENIENT_QUANTITY.test(value)) throw invalidParams(`${field} must be a hex number (e.g. 0x1a), got ${describe(value)}`);
  const number = BigInt(value);
  if (number > MAX_UINT256) throw invalidParams(`${field} ${value} is above 2^256 - 1`);
  return number;
}

/** A transaction nonce: a uint256 that also fits a JavaScript number exactly (2^53 - 1, as nodes take it). */
export function nonce(value: unknown, field: string): number {
  const number = uint256(value, field);
  if (number > BigInt(Number.MAX_SAFE_INTEGER)) throw invalidParams(`${field} ${value as string} is above 2^53 - 1`);
  return Number(number);
}

export function data(value: unknown, field: string): Hex {
  if (typeof value !== 'string' || !DATA.test(value)) {
    throw invalidParams(`${field} must be hex bytes (0x followed by an even number of hex digits), got ${describe(value)}`);
  }
  return value as Hex;
}

export function block(value: unknown, field: string): Hex | BlockTag {
  if (typeof value === 'string' && (BLOCK_TAGS as readonly string[]).includes(value)) return value as BlockTag;
  if (typeof value === 'string' && QUANTITY.test(value)) return value as Hex;
  throw invalidParams(`${field} must be a hex block number or one of ${BLOCK_TAGS.join('|')}, got ${describe(value)}`);
}

export function boolean(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw invalidParams(`${field} must be a boolean, got ${describe(value)}`);
  return value;
}

export function object(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidParams(`${field} must be an object, got ${describe(value)}`);
  }
  return value as Record<string, unknown>;
}
