/**
 * ERC-7730 paths: `#.` (or no root) the message or call arguments, `@.` the container (`@.to`, `@.value`, `@.from`,
 * `@.chainId`), `$.` the descriptor itself. `[]` walks every element of an array, `[n]` one (negative from the end),
 * `[a:b]` a slice. A path resolves to every concrete value it reaches, each with its concrete path ("details.0.amount").
 */
import type { Descriptor, RenderContext } from './types';

export interface Reached {
  path: string;
  value: unknown;
}

type Step = { key: string } | { from?: number; to?: number; one?: true };

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
        out.push({ from: slice[1] === '' ? undefined : Number(slice[1]), to: slice[2] === '' ? undefined : Number(slice[2]) });
      }
    }
  }
  return out;
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
      if (!Array.isArray(value)) continue;
      const at0 = (i: number | undefined, fallback: number) => (i === undefined ? fallback : i < 0 ? value.length + i : i);
      const start = at0(step.from, 0);
      const end = step.one ? start + 1 : at0(step.to, value.length);
      for (let i = Math.max(0, start); i < Math.min(end, value.length); i++) next.push({ path: join(i), value: value[i] });
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
