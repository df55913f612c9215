/**
 * JSON text of what a page asks, written without the page's `toJSON`s. JSON.stringify in the page's world calls any
 * `toJSON` a library put on the built-in prototypes (Prototype.js turns every array into a string that way), which
 * would send the wallet params it cannot read; this writer ignores them. Dates and boxed primitives are written as
 * JSON writes them, and undefined is left out (null in arrays). A BigInt or a cycle throws, as JSON.stringify does,
 * and so does a function or a symbol, which JSON.stringify would silently leave out: the wallet must not act on params
 * other than those the page passed. The built-ins it uses are taken when the provider installs, before any script of
 * the page runs.
 */
const { stringify } = JSON;
const { isArray } = Array;
const { keys } = Object;
const { apply } = Reflect;
const { isFinite } = Number;
const { getTime, toISOString } = Date.prototype;
const [numberValue, stringValue, booleanValue] = [Number, String, Boolean].map((box) => box.prototype.valueOf);

/** The primitive a boxed Number, String or Boolean holds (JSON writes that), else undefined. */
function unboxed(value: object): unknown {
  if (value instanceof Number) return apply(numberValue, value, []);
  if (value instanceof String) return apply(stringValue, value, []);
  if (value instanceof Boolean) return apply(booleanValue, value, []);
  return undefined;
}

/** As Date's toJSON: null for an invalid date. Only a real Date has a time: a lookalike or a Proxy of one throws. */
const isoDate = (date: Date): string => (isFinite(apply(getTime, date, [])) ? stringify(apply(toISOString, date, [])) : 'null');

export function jsonText(value: unknown): string {
  return write(value, []) ?? 'null';
}

/** The value's JSON text, or undefined where JSON leaves it out. `path`: the objects being written, for cycles. */
function write(value: unknown, path: object[]): string | undefined {
  if (typeof value === 'bigint') throw new TypeError('a BigInt cannot be written as JSON');
  if (typeof value === 'function' || typeof value === 'symbol') throw new TypeError(`a ${typeof value} cannot be written as JSON`);
  // A primitive's own text: JSON.stringify looks up toJSON only on objects.
  if (value === null || typeof value !== 'object') return stringify(value) as string | undefined;
  if (path.includes(value)) throw new TypeError('a cyclic structure cannot be written as JSON');
  if (value instanceof Date) return isoDate(value);
  // A boxed primitive is written as its value (new String('0x1') as "0x1"), and a boxed BigInt throws, as in JSON.
  if (value instanceof BigInt) throw new TypeError('a BigInt cannot be written as JSON');
  const primitive = unboxed(value);
  if (primitive !== undefined) return stringify(primitive);
  path.push(value);
  let text: string;
  if (isArray(value)) {
    text = '[';
    const { length } = value;
    for (let i = 0; i < length; i++) text += `${i > 0 ? ',' : ''}${write(value[i], path) ?? 'null'}`;
    text += ']';
  } else {
    const record = value as Record<string, unknown>;
    let first = true;
    text = '{';
    for (const key of keys(record)) {
      const entry = write(record[key], path);
      if (entry === undefined) continue;
      text += `${first ? '' : ','}${stringify(key)}:${entry}`;
      first = false;
    }
    text += '}';
  }
  path.pop();
  return text;
}
