/**
 * Text from pages, tokens, nodes and services, made safe to show: characters that reorder or hide text (bidi
 * overrides, zero-width) and control characters are removed, so what the user reads is what the text holds.
 */
import { lazy } from './lazy';

// C0/C1 controls, zero-width and joiners, bidi marks/embeddings/overrides/isolates, word joiner and invisible operators, BOM, soft hyphen.
// eslint-disable-next-line no-control-regex, no-misleading-character-class -- matching these characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/gu;

/** Whether `text` holds any character `cleanText` removes. */
export const hasInvisible = (text: string): boolean => text.replace(INVISIBLE, '') !== text;

/**
 * `text` with each character `cleanText` would remove shown by its code point (⟨U+202E⟩), line breaks and tabs kept:
 * for text that is signed as it is, whose characters must all be seen, none dropped.
 */
export const revealInvisible = (text: string): string =>
  text.replace(INVISIBLE, (c) => (c === '\n' || c === '\r' || c === '\t' ? c : `⟨U+${c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}⟩`));

/** `text` without invisible, reordering and control characters, whitespace runs made one space, at most `max` characters. */
export function cleanText(text: string, max = 64): string {
  const clean = text.replace(/\s/gu, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim();
  const chars = [...clean];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : clean;
}

/** Scripts whose letters imitate Latin ones (а/a, ο/o, Ꭺ/A, ո/n): mixing them with Latin is how names are spoofed. */
const LOOK_ALIKE_SCRIPTS = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Cherokee'] as const;
/** Built on the first name checked: compiling these Unicode-property patterns is not free at the worker's start. */
const scriptPatterns = lazy(() => LOOK_ALIKE_SCRIPTS.map((script) => [script, new RegExp(`\\p{Script=${script}}`, 'u')] as const));
/** Cyrillic and Greek capitals and small letters drawn like Latin ones: a name made only of them reads as Latin. */
const LATIN_LOOKING = /^[\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a5\u03a7\u03bf\u0405\u0406\u0408\u0410\u0412\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0423\u0425\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0455\u0456\u0458\u04bb\u04c0\u0501]+$/u;

/**
 * Why `text` may imitate another name, or undefined: it mixes Latin letters with Cyrillic, Greek, Armenian or
 * Cherokee ones ("UЅDC" with a Cyrillic Ѕ), or it is written only with non-Latin letters that look Latin ("ЕТН").
 */
export function lookAlikeReason(text: string): string | undefined {
  const letters = [...text].filter((c) => /\p{L}/u.test(c));
  const scripts = scriptPatterns().filter(([, pattern]) => letters.some((c) => pattern.test(c))).map(([script]) => script);
  if (scripts.length > 1) return `mixes ${scripts.join(' and ')} letters`;
  if (scripts.length === 1 && scripts[0] !== 'Latin' && LATIN_LOOKING.test(letters.join(''))) return `is written in ${scripts[0]} letters that look Latin`;
  return undefined;
}

/** Why a name shown to the user deserves a warning: characters removed for display, or a look-alike. */
export function spoofingReason(text: string): string | undefined {
  if (hasInvisible(text)) return 'held invisible or reordering characters, removed here';
  return lookAlikeReason(text);
}
