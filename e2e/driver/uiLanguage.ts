/**
 * The screens specs in another language, on demand (`UI_LANGUAGE=ja npx playwright test popupScreens …`, docs/tests.md):
 * the specs and page objects name elements in English; the Chromium driver says each name in the browser's language
 * through the catalogues (src/ui/i18n), so the same specs check that language's overflow and axe. Unset, as in CI,
 * every name is left as written.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const CATALOGUES = join(import.meta.dirname, '../../src/ui/i18n');

/** The language the session fixture gives the browser when a spec names none ("ja", "pt_BR"), else English. */
export const UI_LANGUAGE = process.env.UI_LANGUAGE || undefined;

function catalogue(locale: string): Record<string, string> {
  const dir = join(CATALOGUES, locale);
  return Object.assign({}, ...readdirSync(dir).map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>));
}

interface Pattern {
  english: RegExp;
  names: string[];
  said: string;
}

interface Phrasebook {
  /** An English text without placeholders → every way the language says it ("Revert" is two words in Japanese). */
  exact: Map<string, string[]>;
  /** The same, lower-cased as the screens write a word inside a sentence ("More sections"). */
  lowerCase: Map<string, string>;
  /** Each text with placeholders, most literal first. */
  patterns: Pattern[];
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (texts: string[]): RegExp => new RegExp(`^(?:${texts.map(escaped).join('|')})$`);

function phrasebook(locale: string): Phrasebook {
  const [english, said] = [catalogue('en'), catalogue(locale)];
  const book: Phrasebook = { exact: new Map(), lowerCase: new Map(), patterns: [] };
  for (const [key, text] of Object.entries(english)) {
    const names = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    if (names.length === 0) {
      book.exact.set(text, [...new Set([...(book.exact.get(text) ?? []), said[key]])]);
      if (!book.lowerCase.has(text.toLowerCase())) book.lowerCase.set(text.toLowerCase(), said[key].toLocaleLowerCase(locale.replace('_', '-')));
      continue;
    }
    const source = text.split(/\{\w+\}/).map(escaped).join('(.+?)');
    book.patterns.push({ english: new RegExp(`^${source}$`, 's'), names, said: said[key] });
  }
  const literal = (pattern: Pattern) => pattern.english.source.replace(/\(\.\+\?\)/g, '').length;
  book.patterns.sort((a, b) => literal(b) - literal(a));
  return book;
}

let loaded: Phrasebook | undefined;
const phrases = (language: string): Phrasebook => (loaded ??= phrasebook(language));

/** A number as the language may write it ("1,000.5" is "1.000,5" in Spanish, "$5" is "US$5" in Korean). */
const ANY_NUMBER = '\\S*\\d\\S*';
const hasDigit = (text: string): boolean => /\d/.test(text);

/**
 * Every way the browser's language says `english`: a catalogue's text, whole or with its placeholders' values in it;
 * `english` itself when no catalogue has it, or without UI_LANGUAGE. With `numbers`, a RegExp where a number may be
 * written in the language's way, when there is one.
 */
function say(english: string, numbers: boolean): string[] | RegExp {
  if (!UI_LANGUAGE) return [english];
  const book = phrases(UI_LANGUAGE);
  const exact = book.exact.get(english);
  if (exact) return exact;
  for (const { english: pattern, names, said } of book.patterns) {
    const match = pattern.exec(english);
    if (!match) continue;
    const values = new Map(names.map((name, index) => [name, book.lowerCase.get(match[index + 1]) ?? match[index + 1]]));
    if (!numbers || ![...values.values()].some(hasDigit)) return [said.replace(/\{(\w+)\}/g, (whole, name: string) => values.get(name) ?? whole)];
    // Split at the placeholders: literal text at even places, a placeholder's name at odd ones.
    const source = said.split(/\{(\w+)\}/).map((part, at) => {
      if (at % 2 === 0) return escaped(part);
      const value = values.get(part) ?? '';
      return hasDigit(value) ? '.+' : escaped(value);
    });
    return new RegExp(`^${source.join('')}$`);
  }
  if (!numbers || !hasDigit(english)) return [english];
  return new RegExp(`^${english.split(/\$?\d[\d,.]*/).map(escaped).join(ANY_NUMBER)}$`);
}

/** Every way the browser's language says a name (a button's, a field's); the first is the catalogues' first. */
export const namesInUiLanguage = (english: string): string[] => say(english, false) as string[];

/** A name in the browser's language, the catalogues' first way of saying it. */
export const inUiLanguage = (english: string): string => namesInUiLanguage(english)[0];

/** A name, or a pattern that names the start of one catalogue text (/^Approve anyway/): that text in the browser's language. */
export function nameInUiLanguage(name: string | RegExp): string | RegExp {
  if (typeof name === 'string') return inUiLanguage(name);
  const start = /^\^([\w ]+)$/.exec(name.source)?.[1];
  if (!UI_LANGUAGE || start === undefined) return name;
  const { exact } = phrases(UI_LANGUAGE);
  const texts = [...exact.keys()].filter((text) => text.startsWith(start));
  return texts.length === 1 ? anyOf(exact.get(texts[0])!) : name;
}

/** A value typed into a field: a decimal number with the language's decimal mark ("0.1" is "0,1" in Portuguese). */
export function valueInUiLanguage(value: string): string {
  if (!UI_LANGUAGE || !/^\d+\.\d+$/.test(value)) return value;
  const mark = new Intl.NumberFormat(UI_LANGUAGE.replace('_', '-')).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  return value.replace('.', mark ?? '.');
}

/**
 * A text a spec expects, in the browser's language, numbers as it writes them. A pattern, which the catalogues cannot
 * say, is any text there: the overflow and axe checks still wait for the element, not for its English words.
 */
export function expectedInUiLanguage(expected: string | RegExp): string | RegExp {
  if (!UI_LANGUAGE) return expected;
  if (typeof expected !== 'string') return /\S/;
  const said = say(expected, true);
  return said instanceof RegExp ? said : said.length === 1 ? said[0] : anyOf(said);
}
