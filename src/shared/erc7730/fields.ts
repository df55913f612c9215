/** A format's fields as a flat list: nested `fields` joined into full paths, `$ref`s replaced by their definitions. */
import { reach, rootOf } from './paths';
import type { Descriptor, FieldSpec, FormatSpec } from './types';

/** A field to show, its path from the data's root (or a container path), with its definition merged in. */
export interface LeafField extends FieldSpec {
  path: string;
  /** The path of the group over an array (`outputs.[]`) it belongs to: its fields are shown element by element. */
  group?: string;
}

const entries = (fields: FieldSpec[] | Record<string, FieldSpec>): FieldSpec[] =>
  Array.isArray(fields) ? fields : Object.entries(fields).map(([path, spec]) => ({ ...spec, path }));

function definition(descriptor: Descriptor, ref: string): FieldSpec {
  const { root, rest } = rootOf(ref);
  const found = root === 'descriptor' ? reach(descriptor, rest)[0]?.value : undefined;
  if (!found || typeof found !== 'object') throw new Error(`${descriptor.source}: $ref ${ref} names no definition`);
  return found as FieldSpec;
}

/** A nested field's path: relative to its parent's, unless it names its root (`#.`, `@.`, `$.`). */
function joined(prefix: string, path: string | undefined): string {
  if (path === undefined) return prefix;
  if (/^[#@$]\./.test(path)) return path.startsWith('#.') ? path.slice(2) : path;
  return prefix && path ? `${prefix}.${path}` : prefix || path;
}

/**
 * Inside a group, the paths a field's params name (`tokenPath`, `collectionPath`, a map's `keyPath`) are relative to
 * the group too, as the spec's PermitBatch example writes `"tokenPath": "token"` under `details.[]`.
 */
function groupParams(params: Record<string, unknown>, prefix: string): Record<string, unknown> {
  if (!prefix) return params;
  const join = (key: string, value: unknown): unknown => {
    if (typeof value === 'string' && key.endsWith('Path')) return joined(prefix, value);
    if (value && typeof value === 'object' && !Array.isArray(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, join(k, v)]));
    return value;
  };
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, join(key, value)]));
}

export function flatten(descriptor: Descriptor, fields: FormatSpec['fields'], prefix = '', group?: string): LeafField[] {
  if (!fields) return [];
  return entries(fields).flatMap((spec): LeafField[] => {
    const path = joined(prefix, spec.path);
    if (spec.fields) return flatten(descriptor, spec.fields, path, group ?? (path.includes('[') ? path : undefined));
    const base = spec.$ref ? definition(descriptor, spec.$ref) : {};
    return [{ ...base, ...spec, params: groupParams({ ...base.params, ...spec.params }, prefix), path, ...(group ? { group } : {}) }];
  });
}
