/** A bound message or call in words: the intent, each described field formatted, every other value listed raw. */
import type { Bound } from './bind';
import { flatten } from './fields';
import { format } from './format';
import { containerValue, reach, rootOf } from './paths';
import type { ClearField, ClearSigned, RenderContext, RenderFacts } from './types';
import { leaves, rawText } from './values';

const intentText = (intent: string | Record<string, string> | undefined): string =>
  typeof intent === 'string' ? intent : intent ? Object.entries(intent).map(([k, v]) => `${k}: ${v}`).join(', ') : 'Sign';

/** Shown only when its value is not one of `ifNotIn` (ERC-7730 v2), never when "never". */
function visible(spec: unknown, value: unknown): boolean {
  if (spec === 'never') return false;
  if (spec && typeof spec === 'object' && Array.isArray((spec as { ifNotIn?: unknown[] }).ifNotIn)) {
    return !(spec as { ifNotIn: unknown[] }).ifNotIn.some((v) => rawText(v) === rawText(value));
  }
  return true;
}

export async function render(bound: Bound, context: RenderContext): Promise<{ clear: ClearSigned; facts: RenderFacts }> {
  const { descriptor, format: spec, data } = bound;
  const facts: RenderFacts = { amounts: [], addresses: [], dates: [], calls: [] };
  const covered = new Set<string>();
  const fields: ClearField[] = [];
  for (const field of flatten(descriptor, spec.fields)) {
    const { root, rest } = rootOf(field.path);
    const reached = root === 'container' ? [{ path: field.path, value: containerValue(context, rest) }] : root === 'data' ? reach(data, rest) : [];
    for (const [i, { path, value }] of reached.entries()) {
      covered.add(path);
      if (!visible(field.visible, value)) continue;
      const label = `${field.label ?? field.path}${reached.length > 1 ? ` ${i + 1}` : ''}`;
      fields.push({ path, label, ...(await format({ field, value, path, label, data, descriptor, context, facts })) });
    }
  }
  for (const excluded of spec.excluded ?? []) for (const { path } of reach(data, rootOf(excluded).rest)) covered.add(path);
  const isCovered = (path: string) => [...covered].some((c) => path === c || path.startsWith(`${c}.`));
  const uncovered = leaves(data).filter(({ path }) => !isCovered(path)).map(({ path, value }) => ({ path, text: rawText(value) }));
  const owner = descriptor.metadata?.owner;
  return { clear: { intent: intentText(spec.intent), ...(owner ? { owner } : {}), source: descriptor.source, ...(descriptor.reviewedBy ? { reviewedBy: descriptor.reviewedBy } : {}), fields, uncovered }, facts };
}
