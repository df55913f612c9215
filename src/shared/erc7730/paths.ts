/**
 * ERC-7730 paths: `#.` (or no root) the message or call arguments, `@.` the container (`@.to`, `@.value`, `@.from`,
 * `@.chainId`), `$.` the descriptor itself. `[]` walks every element of an array, `[n]` one (negative from the end),
 * `[a:b]` a slice. On bytes or an integer (32 bytes, big-endian) a slice takes those bytes (`path.[0:20]`, a packed
 * route's first token; `srcToken.[-20:]`, the address in a uint256's low bytes). A path resolves to every concrete
 * value it reaches, each with its concrete path ("details.0.amount").
 */
import type { Descriptor, RenderContext } from './types';
import { toBigInt } from './values';

export interface Reached {
  path: string;
  value: unknown;
}

/** A field name, or an array selector: every element (`[]`), one index (`one`), or a slice (`slice`, also of bytes). */
type Step = { key: string } | { from?: number; to?: number; one?: true; slice?: true };

function steps(path: string): Step[] {
  const out: Step[] = [];
  for (const part of path.split('.').filter(Boolean)) {
    // "details[]" and "details.[]" are the same walk.
    const match = /^([^[]*)((?:\[[^\]]*\])*)$/.exec(part);
    if (!match) throw new Error(`path ${path}: "${part}" is not a field name or an array index`);
    if (match[1]) out.push({ key: match[1] });
    for (const [, inner] of match[2].matchAll(/\[([^\]]*)\]/g)) {
      if (inner === '') out.push({});
      else if (/^-?\d+$/.test(inner)) out.push({ from: Number(inner), one: true });
      else {
        const slice = /^(-?\d*):(-?\d*)$/.exec(inner);
        if (!slice) throw new Error(`path ${path}: [${inner}] is not an index or a slice`);
        out.push({ from: slice[1] === '' ? undefined : Number(slice[1]), to: slice[2] === '' ? undefined : Number(slice[2]), slice: true });
      }
    }
  }
  return out;
}

/** Where a slice or an index starts and ends in a list of `length`, negative indices counted from the end. */
function bounds(length: number, step: { from?: number; to?: number; one?: true }): [number, number] {
  const at = (i: number | undefined, fallback: number) => (i === undefined ? fallback : i < 0 ? length + i : i);
  const start = at(step.from, 0);
  const end = step.one ? start + 1 : at(step.to, length);
  return [Math.max(0, start), Math.min(end, length)];
}

const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;

/** Bytes `from` to `to` of a bytes value (hex) or of an integer's 32 bytes; undefined for anything else. */
function byteSlice(value: unknown, from: number | undefined, to: number | undefined): string | undefined {
  let hex: string | undefined;
  if (typeof value === 'string' && HEX_BYTES.test(value)) hex = value.slice(2);
  else if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'string') {
    const number = toBigInt(value);
    if (number !== undefined && number >= 0n && number < 1n << 256n) hex = number.toString(16).padStart(64, '0');
  }
  if (hex === undefined) return undefined;
  const [start, end] = bounds(hex.length / 2, { from, to });
  return `0x${end > start ? hex.slice(start * 2, end * 2) : ''}`;
}

/** Every value `path` (relative to `root`, already without its `#.`) reaches, in order. */
export function reach(root: unknown, path: string, prefix = ''): Reached[] {
  let reached: Reached[] = [{ path: prefix, value: root }];
  for (const step of steps(path)) {
    const next: Reached[] = [];
    for (const { path: at, value } of reached) {
      const join = (key: string | number) => (at ? `${at}.${key}` : String(key));
      if ('key' in step) {
        if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, step.key)) {
          next.push({ path: join(step.key), value: (value as Record<string, unknown>)[step.key] });
        }
        continue;
      }
      if (!Array.isArray(value)) {
        const sliced = step.slice ? byteSlice(value, step.from, step.to) : undefined;
        if (sliced !== undefined) next.push({ path: join(`[${step.from ?? ''}:${step.to ?? ''}]`), value: sliced });
        continue;
      }
      const [start, end] = bounds(value.length, step);
      for (let i = start; i < end; i++) next.push({ path: join(i), value: value[i] });
    }
    reached = next;
  }
  return reached;
}

/** Where a path starts: the data, the container, or the descriptor. */
export function rootOf(path: string): { root: 'data' | 'container' | 'descriptor'; rest: string } {
  if (path.startsWith('@.')) return { root: 'container', rest: path.slice(2) };
  if (path.startsWith('$.')) return { root: 'descriptor', rest: path.slice(2) };
  return { root: 'data', rest: path.startsWith('#.') ? path.slice(2) : path };
}

/** A container value (`@.to` …). */
export function containerValue(context: RenderContext, name: string): unknown {
  switch (name) {
    case 'to':
      return context.to;
    case 'value':
      return context.value ?? 0n;
    case 'from':
      return context.from;
    case 'chainId':
      return context.chainId;
    default:
      return undefined;
  }
}

/**
 * A path another field's params name (`tokenPath`, `collectionPath`): in the data it takes the array indices of the
 * value being shown, so `details.[].token` beside `details.0.amount` is `details.0.token`.
 */
export function companion(path: string, shown: string, data: unknown, descriptor: Descriptor, context: RenderContext): unknown {
  const { root, rest } = rootOf(path);
  if (root === 'container') return containerValue(context, rest);
  if (root === 'descriptor') return reach(descriptor, rest)[0]?.value;
  const indices = shown.split('.').filter((part) => /^\d+$/.test(part));
  let i = 0;
  const concrete = rest.replace(/\[\]/g, () => (i < indices.length ? `[${indices[i++]}]` : '[]'));
  return reach(data, concrete)[0]?.value;
}
