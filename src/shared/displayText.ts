/**
 * Text from pages, tokens, nodes and services, made safe to show: characters that reorder or hide text (bidi
 * overrides, zero-width) and control characters are removed, so what the user reads is what the text holds.
 */

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

/** The longest origin a browser writes: "https://", a host of 253 characters, ":65535". */
const MAX_ORIGIN_CHARS = 8 + 253 + 6;

/**
 * A site's origin, cleaned but not cut: its end is the domain that owns it, and a long host's start can be any other
 * site's name ("https://app.uniswap.org.…").
 */
export const originText = (origin: string): string => cleanText(origin, MAX_ORIGIN_CHARS);
