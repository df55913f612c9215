/**
 * Names written to imitate another: Latin letters mixed with Cyrillic, Greek, Armenian or Cherokee ones, or a name
 * only in such letters that look Latin. Apart from displayText.ts, whose cleanText the approval window's first paint
 * loads: these patterns are for the screens and checks after it.
 */
import { lazy } from './lazy';

/** Scripts whose letters imitate Latin ones (а/a, ο/o, Ꭺ/A, ո/n): mixing them with Latin is how names are spoofed. */
const LOOK_ALIKE_SCRIPTS = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Cherokee'] as const;
/** Built on the first name checked: compiling these Unicode-property patterns is not free at the worker's start. */
const scriptPatterns = lazy(() => LOOK_ALIKE_SCRIPTS.map((script) => [script, new RegExp(`\\p{Script=${script}}`, 'u')] as const));
/** Cyrillic and Greek capitals and small letters drawn like Latin ones: a name made only of them reads as Latin. */
const LATIN_LOOKING = /^[\u0391\u0392\u0395\u0396\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a5\u03a7\u03bf\u0405\u0406\u0408\u0410\u0412\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0423\u0425\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0455\u0456\u0458\u04bb\u04c0\u0501]+$/u;

export type LookAlikeScript = (typeof LOOK_ALIKE_SCRIPTS)[number];

/**
 * How `text` may imitate another name, or undefined: it mixes Latin letters with Cyrillic, Greek, Armenian or
 * Cherokee ones ("UЅDC" with a Cyrillic Ѕ: `mixes`), or it is written only with non-Latin letters that look Latin
 * ("ЕТН": `looksLatin`).
 */
export function lookAlikeScripts(text: string): { mixes: LookAlikeScript[] } | { looksLatin: LookAlikeScript } | undefined {
  const letters = [...text].filter((c) => /\p{L}/u.test(c));
  const scripts = scriptPatterns().filter(([, pattern]) => letters.some((c) => pattern.test(c))).map(([script]) => script);
  if (scripts.length > 1) return { mixes: scripts };
  if (scripts.length === 1 && scripts[0] !== 'Latin' && LATIN_LOOKING.test(letters.join(''))) return { looksLatin: scripts[0] };
  return undefined;
}

/** lookAlikeScripts in English words: "mixes Latin and Cyrillic letters", "is written in Greek letters that look Latin". */
export function lookAlikeReason(text: string): string | undefined {
  const found = lookAlikeScripts(text);
  if (!found) return undefined;
  return 'mixes' in found ? `mixes ${found.mixes.join(' and ')} letters` : `is written in ${found.looksLatin} letters that look Latin`;
}
