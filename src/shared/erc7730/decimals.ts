/**
 * A descriptor's `decimals` (a `unit` field's param, `metadata.token.decimals`). ERC-7730's schema writes an integer;
 * the wallet reads one from 0 to MAX_DECIMALS, the bound it puts on a token's own decimals() (tokens/read.ts).
 * Anything else (negative, fractional, text, NaN, 10^5) would show a wrong amount or stop the review: the parser
 * refuses the file, naming where, and the formats show such a value raw (formatNumbers.ts, format.ts).
 */
import { MAX_DECIMALS } from '../schemas/watchAsset';
import { reach, rootOf } from './paths';
import { notDecimals } from './valueWords';
import { isObject } from '../isObject';

export const isDecimals = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_DECIMALS;

/** The note beside a value whose format's `decimals` is not one of those. */
export const NOT_DECIMALS = notDecimals(MAX_DECIMALS);

/** The value as the refusal quotes it: text quoted and cut short, the file's own words. */
const quoted = (value: unknown): string => {
  if (value === undefined) return 'nothing';
  if (typeof value !== 'string') return typeof value === 'object' && value !== null ? JSON.stringify(value).slice(0, 40) : String(value);
  return JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value);
};

const refusal = (where: string, value: unknown) => `${where} must be a whole number from 0 to ${MAX_DECIMALS} (ERC-7730 writes an integer), not ${quoted(value)}`;

/** What a `$.` reference names in the file; nothing for a path the engine could not walk either. */
function named(json: unknown, path: string): unknown {
  try {
    return reach(json, rootOf(path).rest)[0]?.value;
  } catch {
    return undefined;
  }
}

/** What is wrong with a written `decimals` param: a number, a `$.` reference to one, or a map whose every value is one. */
function paramWrong(json: unknown, value: unknown, where: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && value.startsWith('$.')) {
    const constant = named(json, value);
    return isDecimals(constant) ? undefined : refusal(`${where} (${value})`, constant);
  }
  if (isObject(value) && typeof value.map === 'string' && typeof value.keyPath === 'string') {
    const values = named(json, value.map);
    if (!isObject(values) || !isObject(values.values)) return refusal(`${where} (${value.map})`, undefined);
    const bad = Object.entries(values.values).find(([, v]) => !isDecimals(v));
    return bad && refusal(`${where} (${value.map} "${bad[0]}")`, bad[1]);
  }
  return isDecimals(value) ? undefined : refusal(where, value);
}

/** Each field of a format, nested ones by their joined path, as the engine flattens them (fields.ts). */
function fieldsWrong(json: unknown, fields: unknown, where: string, prefix = ''): string | undefined {
  const list = Array.isArray(fields) ? fields : isObject(fields) ? Object.entries(fields).map(([path, spec]) => (isObject(spec) ? { ...spec, path } : spec)) : [];
  for (const spec of list) {
    if (!isObject(spec)) continue;
    const path = typeof spec.path === 'string' ? (prefix ? `${prefix}.${spec.path}` : spec.path) : prefix;
    const wrong = spec.fields !== undefined ? fieldsWrong(json, spec.fields, where, path) : isObject(spec.params) ? paramWrong(json, spec.params.decimals, `${where} field "${path}": params.decimals`) : undefined;
    if (wrong) return wrong;
  }
  return undefined;
}

/** What is wrong with the `decimals` a descriptor file writes; undefined when each is one the wallet reads. */
export function decimalsWrong(json: Record<string, unknown>): string | undefined {
  const { metadata, display } = json;
  if (isObject(metadata) && isObject(metadata.token) && metadata.token.decimals !== undefined && !isDecimals(metadata.token.decimals)) {
    return refusal('metadata.token.decimals', metadata.token.decimals);
  }
  if (!isObject(display)) return undefined;
  for (const [name, spec] of Object.entries(isObject(display.definitions) ? display.definitions : {})) {
    const wrong = isObject(spec) && isObject(spec.params) ? paramWrong(json, spec.params.decimals, `display.definitions.${name}: params.decimals`) : undefined;
    if (wrong) return wrong;
  }
  for (const [key, format] of Object.entries(isObject(display.formats) ? display.formats : {})) {
    const wrong = isObject(format) ? fieldsWrong(json, format.fields, `display.formats["${key}"]`) : undefined;
    if (wrong) return wrong;
  }
  return undefined;
}
