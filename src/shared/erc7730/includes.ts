/**
 * ERC-7730 `includes`: a descriptor names another file (a relative path) whose keys it extends. The spec's merge
 * rules: the including file wins on conflicts; `fields` lists merge by `path` (same path: the including object's keys
 * over the included one's; new paths appended); `display.formats` merge per function or primary type. The same rules
 * as the registry's own `.github/scripts/resolve-erc7730-includes.js`, without reading files: the caller loads them.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Reads the file at `path` (as the including file wrote it, relative to `from`'s folder) and says where it is. */
export type LoadIncluded = (path: string, from: string) => { json: unknown; at: string };

function mergeFields(included: unknown[], including: unknown[]): unknown[] {
  const pathOf = (field: unknown) => (isObject(field) && typeof field.path === 'string' ? field.path : undefined);
  const merged = included.map((field) => {
    const path = pathOf(field);
    const over = path === undefined ? undefined : including.find((f) => pathOf(f) === path);
    return isObject(field) && isObject(over) ? { ...field, ...over } : field;
  });
  const known = new Set(included.map(pathOf).filter((p) => p !== undefined));
  return [...merged, ...including.filter((field) => { const path = pathOf(field); return path === undefined || !known.has(path); })];
}

function merge(included: unknown, including: unknown): unknown {
  if (!isObject(included) || !isObject(including)) return including === undefined ? included : including;
  const out: Json = { ...included };
  for (const [key, value] of Object.entries(including)) {
    const base = included[key];
    out[key] = key === 'fields' && Array.isArray(base) && Array.isArray(value) ? mergeFields(base, value) : isObject(base) && isObject(value) ? merge(base, value) : value;
  }
  return out;
}

/**
 * The descriptor with every `includes` merged in, down the chain. A loop, a missing file or an include that is not a
 * JSON object throws, naming the file: a registry that ships a broken include fails the build.
 */
export function resolveIncludes(json: unknown, at: string, load: LoadIncluded, seen: string[] = []): unknown {
  if (!isObject(json) || json.includes === undefined) return json;
  if (typeof json.includes !== 'string' || json.includes === '') throw new Error(`${at}: includes must be a relative path to a descriptor file`);
  const { includes, ...including } = json;
  const included = load(includes, at);
  if (seen.includes(included.at) || included.at === at) throw new Error(`${at}: includes loop through ${included.at}`);
  if (!isObject(included.json)) throw new Error(`${at}: the included ${included.at} is not a JSON object`);
  return merge(resolveIncludes(included.json, included.at, load, [...seen, at]), including);
}
