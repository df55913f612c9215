/**
 * ERC-7730's `interpolatedIntent`: "Send {value} to {to}" with each `{path}` replaced by the words its field shows,
 * formatted exactly as the field is (the spec's format consistency). The sentence is not said at all (the intent and
 * fields are) when a placeholder names no field of the format, a field that is hidden, not reached or reached more
 * than once, a value the wallet could not fully format (one with a note: an unknown token, a wrong checksum), or a
 * site's own text (a string, a collection's name) that is more than one plain word (its field's row shows it).
 * `{{` and `}}` are literal braces. A batch's sentences are joined with " and " (the spec's EIP-5792 section).
 */
import { lookAlikeReason } from '../lookAlikeLetters';
import type { LeafField } from './fields';
import type { WordsValue } from '../words';
import type { ClearField } from './types';

/** One path, as written in a field or a placeholder: "#.a.[0]", "a[0]" and "a.[0]" are the same. */
const key = (path: string): string => path.replace(/^#\./, '').replace(/\.\[/g, '[');

/**
 * A call's or message's own text shown as it is (a `string` argument) goes in a sentence only as one plain word
 * ("ft-spot-141"): the site wrote it, and with spaces or brackets it could finish the sentence its own way ("alice and
 * Approve nothing", "(your account)"), with mixed scripts imitate a name. Numbers, bytes and booleans are the wallet's writing.
 */
const PLAIN_WORD = /^[\p{L}\p{N}._:/#-]{1,64}$/u;
const WALLET_WRITTEN = /^(-?\d+|0x[0-9a-fA-F]*|true|false)$/;
const sayable = ({ text }: ClearField): boolean => WALLET_WRITTEN.test(text) || (PLAIN_WORD.test(text) && lookAlikeReason(text) === undefined);
/**
 * A collection's name before "#141" is its contract's own text: where the call or message names the collection (a
 * `collectionPath` into it, not the descriptor's constant nor `@.to`), the site chose that text, as it does a string.
 */
const collectionName = (clear: ClearField): string => clear.text.replace(/ ?#\d+( of)?$/, '');
const siteCollection = (field: LeafField): boolean => typeof field.params?.collectionPath === 'string' && !field.params.collectionPath.startsWith('@.');
function unsayable(field: LeafField, clear: ClearField): boolean {
  if (field.format === 'nftName') return siteCollection(field) && collectionName(clear) !== '' && !sayable({ ...clear, text: collectionName(clear) });
  return field.value === undefined && (field.format ?? 'raw') === 'raw' && !clear.address && !sayable(clear);
}

/** The words of the one field `path` names, or undefined when there is no such single, fully formatted field. */
function wordsOf(path: string, shown: { field: LeafField; fields: ClearField[] }[]): { text: string; words: WordsValue } | undefined {
  const named = shown.filter(({ field }) => (field.value !== undefined ? typeof field.value === 'string' && field.value === path : key(field.path) === key(path)));
  if (named.length !== 1 || named[0].fields.length !== 1) return undefined;
  const [clear] = named[0].fields;
  if (clear.note || unsayable(named[0].field, clear)) return undefined;
  const text = clear.text || clear.address;
  // The value's own words (valueWords.ts) where the worker wrote it, so the screen's sentence says it in its language.
  return text === undefined ? undefined : { text, words: clear.text && clear.textWords ? clear.textWords : text };
}

/** The sentence, and each placeholder's words by its path as written; undefined when one cannot be said. */
export function interpolate(template: string, shown: { field: LeafField; fields: ClearField[] }[]): { text: string; values: Record<string, WordsValue> } | undefined {
  let out = '';
  const values: Record<string, WordsValue> = {};
  for (let i = 0; i < template.length; i++) {
    const c = template[i];
    if ((c === '{' || c === '}') && template[i + 1] === c) {
      out += c;
      i++;
    } else if (c === '{') {
      const end = template.indexOf('}', i);
      if (end < 0) return undefined;
      const path = template.slice(i + 1, end);
      const said = wordsOf(path.trim(), shown);
      if (said === undefined) return undefined;
      out += said.text;
      values[path] = said.words;
      i = end;
    } else if (c === '}') return undefined;
    else out += c;
  }
  return { text: out, values };
}

/**
 * A batch's calls as one sentence, when each of them has its sentence; undefined otherwise (each is shown). `and` joins
 * two: " and " as the spec's EIP-5792 section says, or the screen's language's.
 */
export function batchIntent(sentences: (string | undefined)[], and = (before: string, after: string) => `${before} and ${after}`): string | undefined {
  return sentences.length > 0 && sentences.every((s) => s) ? (sentences as string[]).reduce(and) : undefined;
}
