/** What a field format reads: the value with its field, and the field's params (constants, `$.` references, maps, paths). */
import type { Hex } from '../params';
import type { LeafField } from './fields';
import { companion, reach, rootOf } from './paths';
import type { ClearField, Descriptor, RenderContext, RenderFacts } from './types';
import { rawText, sameValue, toAddress, toBigInt } from './values';
import { formatUnits } from '../units';
import type { Noted } from './valueWords';

export type Formatted = Omit<ClearField, 'path' | 'label'>;

export interface FormatInput {
  field: LeafField;
  value: unknown;
  path: string;
  label: string;
  data: unknown;
  descriptor: Descriptor;
  context: RenderContext;
  facts: RenderFacts;
}

/** "1.5" rather than "1.5000", "2" rather than "2.0". */
export const units = (value: bigint, decimals: number): string => {
  const text = formatUnits(value, decimals);
  return text.endsWith('.0') ? text.slice(0, -2) : text;
};

/** A param as written, or (a map reference) the map's value for the key its `keyPath` reads; undefined when none matches. */
function written(input: FormatInput, name: string): unknown {
  const value = input.field.params?.[name];
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const { map, keyPath } = value as { map?: unknown; keyPath?: unknown };
  if (typeof map !== 'string' || typeof keyPath !== 'string') return value;
  const values = (reach(input.descriptor, rootOf(map).rest)[0]?.value as { values?: Record<string, unknown> } | undefined)?.values ?? {};
  const key = companion(keyPath, input.path, input.data, input.descriptor, input.context);
  return Object.entries(values).find(([k]) => sameValue(k, key))?.[1];
}

/** A param that may be a constant or a `$.` reference to one. */
export function param(input: FormatInput, name: string): unknown {
  const value = written(input, name);
  if (typeof value === 'string' && value.startsWith('$.')) return reach(input.descriptor, rootOf(value).rest)[0]?.value;
  return value;
}

/** The value a path param (`tokenPath`, `collectionPath`) points at, by the array indices of the value shown. */
export function pointed(input: FormatInput, name: string): unknown {
  const where = written(input, name);
  return typeof where === 'string' ? companion(where, input.path, input.data, input.descriptor, input.context) : undefined;
}

/**
 * The address a token, collection or callee param names: an address, or an integer below 2^160, which the ABI
 * encodes with the same bytes (1inch's `Address` type is a uint256; flags in its high bits need a `[-20:]` slice).
 */
export function addressParam(value: unknown): Hex | undefined {
  // Calls decode integers as bigints; typed data carries them as numbers or decimal text.
  const number = typeof value === 'bigint' || typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? toBigInt(value) : undefined;
  return toAddress(value) ?? (number !== undefined && number >= 0n && number < 1n << 160n ? toAddress(`0x${number.toString(16).padStart(40, '0')}`) : undefined);
}

/** The value as it is, with what the format could not do with it (valueWords.ts). */
export function raw({ value }: FormatInput, noted?: Noted): Formatted {
  const address = toAddress(value);
  return { text: address ? '' : rawText(value), ...(address ? { address } : {}), ...noted };
}

/** A list param (one string or several), each a constant or a `$.` reference. */
export function listed(input: FormatInput, name: string): string[] {
  const value = param(input, name);
  return (Array.isArray(value) ? value : [value]).map((a) => (typeof a === 'string' && a.startsWith('$.') ? reach(input.descriptor, rootOf(a).rest)[0]?.value : a)).filter((a): a is string => typeof a === 'string');
}
