/** A bound message or call in words: the intent, each described field formatted, every other value listed raw. */
import { cleanText } from '../displayText';
import type { Bound } from './bind';
import { flatten, type LeafField } from './fields';
import { format } from './format';
import { interpolate } from './interpolate';
import { isOwnDescriptor, ownInterpolatedWords, ownLabelWords, ownPhraseWords, type DescriptorKey } from './ownWords';
import { containerValue, reach, rootOf, type Reached } from './paths';
import type { ClearField, ClearSigned, Descriptor, RenderContext, RenderFacts } from './types';
import type { Words } from '../words';
import { FILE_TEXT_CHARS, leaves, rawText, sameValue } from './values';

/** A sentence is a file's text (values.ts FILE_TEXT_CHARS) with its fields' words in it. */
const SENTENCE_CHARS = 300;
const fileText = (text: string, max = FILE_TEXT_CHARS): string => cleanText(text, max);

const intentText = (intent: string | Record<string, string> | undefined): string =>
  fileText(typeof intent === 'string' ? intent : intent ? Object.entries(intent).map(([k, v]) => `${k}: ${v}`).join(', ') : 'Sign');

/** The wallet's word where a format gives no intent, whoever wrote the file. */
const SIGN: Words<DescriptorKey> = { key: 'descriptors_sign' };

/** Text compared as it is: its shown form drops invisible characters and merges spaces, which the contract does not. */
const oneOf = (list: unknown[], value: unknown): boolean => list.some((v) => sameValue(v, value) || (typeof value !== 'string' && rawText(v) === rawText(value)));

/**
 * Whether a value is shown: never when "never", unless one of `ifNotIn` (ERC-7730 v2); `mustMatch` hides a value
 * that is one of its list and shows one that is not, as a mismatch (a danger: the descriptor's assumption is broken).
 */
function visibility(spec: LeafField['visible'], value: unknown): 'shown' | 'hidden' | 'mismatch' {
  if (spec === 'never') return 'hidden';
  if (!spec || typeof spec !== 'object') return 'shown';
  if (Array.isArray(spec.mustMatch)) return oneOf(spec.mustMatch, value) ? 'hidden' : 'mismatch';
  if (Array.isArray(spec.ifNotIn) && oneOf(spec.ifNotIn, value)) return 'hidden';
  return 'shown';
}

/** What a field shows: a literal `value` (or the constant it references), a container value, or what its path reaches. */
function valuesOf(field: LeafField, data: Record<string, unknown>, descriptor: Descriptor, context: RenderContext): Reached[] {
  if (field.value !== undefined) {
    const reference = typeof field.value === 'string' && /^[$@]\./.test(field.value) ? rootOf(field.value) : undefined;
    if (!reference) return [{ path: `value of ${field.label ?? 'a field'}`, value: field.value }];
    const value = reference.root === 'container' ? containerValue(context, reference.rest) : reach(descriptor, reference.rest)[0]?.value;
    return value === undefined ? [] : [{ path: field.value as string, value }];
  }
  const { root, rest } = rootOf(field.path);
  return root === 'container' ? [{ path: field.path, value: containerValue(context, rest) }] : root === 'data' ? reach(data, rest) : [];
}

type FactLists = Pick<RenderFacts, 'amounts' | 'addresses' | 'dates' | 'calls' | 'mismatches'>;
const FACT_LISTS = ['amounts', 'addresses', 'dates', 'calls', 'mismatches'] as const;
const factCounts = (facts: FactLists): number[] => FACT_LISTS.map((list) => facts[list].length);

/** The facts one field added name it by its label's words too, so the dangers and inner calls that name the field say it in the screen's language. */
function labelFactsSince(facts: FactLists, counts: number[], labelWords: Words): void {
  FACT_LISTS.forEach((list, i) => facts[list].slice(counts[i]).forEach((fact) => (fact.labelWords = labelWords)));
}

/**
 * The fields in the order they are shown: as the descriptor lists them, except that the fields of a group over an
 * array (`outputs.[]` with `amount` and `recipient`) go element by element (amount, recipient, amount, recipient).
 */
function inGroupOrder(shown: { field: LeafField; fields: ClearField[] }[], data: Record<string, unknown>): ClearField[] {
  const out: ClearField[] = [];
  for (let i = 0; i < shown.length; ) {
    const group = shown[i].field.group;
    let end = i + 1;
    while (group && end < shown.length && shown[end].field.group === group) end++;
    const block = shown.slice(i, end).map((s) => s.fields);
    if (group) {
      const taken = new Set<ClearField>();
      for (const { path: element } of reach(data, rootOf(group).rest)) {
        for (const fields of block) for (const f of fields) if (!taken.has(f) && (f.path === element || f.path.startsWith(`${element}.`))) { out.push(f); taken.add(f); }
      }
      for (const fields of block) out.push(...fields.filter((f) => !taken.has(f)));
    } else out.push(...block.flat());
    i = end;
  }
  return out;
}

export async function render(bound: Bound, context: RenderContext): Promise<{ clear: ClearSigned; facts: RenderFacts }> {
  const { descriptor, format: spec, data } = bound;
  const facts: RenderFacts = { amounts: [], addresses: [], dates: [], calls: [], mismatches: [] };
  const covered = new Set<string>();
  // Only the wallet's own descriptors may hide a value outright: what a registry's or a user's file never shows or
  // excludes is listed as not described (a registry file hides the recipients of a reward's shares, which a page picks).
  const mayHide = isOwnDescriptor(descriptor);
  // Only the wallet's own files' phrases have words in the catalogues (ownWords.ts): the others are shown as written.
  const own = mayHide;
  /** Each field specification with the fields it showed, for the interpolated intent. */
  const shown: { field: LeafField; fields: ClearField[] }[] = [];
  for (const field of flatten(descriptor, spec.fields)) {
    const reached = valuesOf(field, data, descriptor, context);
    const mine: ClearField[] = [];
    for (const [i, { path, value }] of reached.entries()) {
      const rule = visibility(field.visible, value);
      if (rule === 'hidden' && field.visible === 'never' && !mayHide) continue;
      covered.add(path);
      if (rule === 'hidden') continue;
      const label = `${fileText(String(field.label ?? field.path))}${reached.length > 1 ? ` ${i + 1}` : ''}`;
      const labelWords = own && field.label !== undefined ? ownLabelWords(field.label, reached.length > 1 ? i + 1 : undefined) : undefined;
      const before = factCounts(facts);
      const clear: ClearField = { path, label, ...(labelWords ? { labelWords } : {}), ...(await format({ field, value, path, label, data, descriptor, context, facts })) };
      if (rule === 'mismatch') facts.mismatches.push({ label, text: rawText(value), allowed: (field.visible as { mustMatch: unknown[] }).mustMatch.map(rawText) });
      if (labelWords) labelFactsSince(facts, before, labelWords);
      mine.push(clear);
    }
    shown.push({ field, fields: mine });
  }
  const fields = inGroupOrder(shown, data);
  for (const excluded of mayHide ? spec.excluded ?? [] : []) for (const { path } of reach(data, rootOf(excluded).rest)) covered.add(path);
  const isCovered = (path: string) => [...covered].some((c) => path === c || path.startsWith(`${c}.`));
  const uncovered = leaves(data).filter(({ path }) => !isCovered(path)).map(({ path, value }) => ({ path, text: rawText(value) }));
  const owner = typeof descriptor.metadata?.owner === 'string' ? fileText(descriptor.metadata.owner) : undefined;
  const interpolated = spec.interpolatedIntent === undefined ? undefined : interpolate(spec.interpolatedIntent, shown);
  const intentWords = spec.intent === undefined ? SIGN : own && typeof spec.intent === 'string' ? ownPhraseWords(spec.intent) : undefined;
  const interpolatedWords = own && interpolated && spec.interpolatedIntent !== undefined ? ownInterpolatedWords(spec.interpolatedIntent, interpolated.values) : undefined;
  return {
    clear: {
      intent: intentText(spec.intent),
      ...(intentWords ? { intentWords } : {}),
      ...(interpolated === undefined ? {} : { interpolatedIntent: fileText(interpolated.text, SENTENCE_CHARS) }),
      ...(interpolatedWords ? { interpolatedWords } : {}),
      ...(owner ? { owner } : {}),
      source: descriptor.source,
      ...(descriptor.reviewedBy ? { reviewedBy: descriptor.reviewedBy } : {}),
      fields,
      uncovered,
    },
    facts,
  };
}
