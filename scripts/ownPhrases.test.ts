/**
 * The wallet's own descriptor files (public/erc7730/) say themselves in every language: each phrase they write (an
 * intent, an interpolated intent, a label, an enum's word) has its key (src/shared/erc7730/ownIntents.ts, ownLabels.ts),
 * whose English is the phrase, so a new file cannot ship English only. The registry's and the user's files have none.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_INTENTS } from '../src/shared/erc7730/ownIntents';
import { OWN_ENUM_WORDS, OWN_LABELS } from '../src/shared/erc7730/ownLabels';
import { catalogueTemplate, ownPhraseWords, placeholderName } from '../src/shared/erc7730/ownWords';
import { areasOf } from './locales';

const DIR = resolve(import.meta.dirname, '../public/erc7730');
const files = JSON.parse(readFileSync(resolve(DIR, 'index.json'), 'utf8')) as string[];
const english = new Map([...areasOf('en').values()].flatMap((catalogue) => Object.entries(catalogue)));

type Kind = 'intent' | 'interpolatedIntent' | 'label' | 'enum';

/** Each phrase a file's `display` and `metadata.enums` write, with what it is. */
function phrasesOf(json: { display?: unknown; metadata?: { enums?: Record<string, Record<string, string>> } }): { kind: Kind; phrase: string }[] {
  const found: { kind: Kind; phrase: string }[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [name, value] of Object.entries(node)) {
        if ((name === 'intent' || name === 'interpolatedIntent' || name === 'label') && typeof value === 'string') found.push({ kind: name, phrase: value });
        else walk(value);
      }
    }
  };
  walk(json.display);
  for (const words of Object.values(json.metadata?.enums ?? {})) found.push(...Object.values(words).map((phrase) => ({ kind: 'enum' as const, phrase })));
  return found;
}

const phrases = files.flatMap((file) => phrasesOf(JSON.parse(readFileSync(resolve(DIR, file), 'utf8'))).map((found) => ({ ...found, file })));

describe('the wallet\'s own descriptor files', () => {
  it('write each intent, label and enum word with a key', () => {
    expect(phrases.length).toBeGreaterThan(150);
    expect(phrases.filter(({ phrase }) => !ownPhraseWords(phrase)).map(({ file, kind, phrase }) => `${file} ${kind}: ${phrase}`)).toEqual([]);
  });

  it('each key\'s English is the phrase (a sentence\'s placeholders named by their paths\' last part, each once)', () => {
    for (const { kind, phrase } of phrases) {
      const key = ownPhraseWords(phrase)?.key ?? '';
      expect(english.get(key), key).toBe(kind === 'interpolatedIntent' ? catalogueTemplate(phrase) : phrase);
      const paths = [...new Set([...phrase.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1].trim()))];
      expect(new Set(paths.map(placeholderName)).size, phrase).toBe(paths.length);
    }
  });

  it('intents, labels and enum words are keyed where the screen reads them, and every phrase keyed is still written by a file', () => {
    const maps = { intent: OWN_INTENTS, interpolatedIntent: OWN_INTENTS, label: OWN_LABELS, enum: OWN_ENUM_WORDS };
    expect(phrases.filter(({ kind, phrase }) => !Object.hasOwn(maps[kind], phrase)).map(({ kind, phrase }) => `${kind}: ${phrase}`)).toEqual([]);
    const written = new Set(phrases.map(({ phrase }) => phrase));
    expect([OWN_INTENTS, OWN_LABELS, OWN_ENUM_WORDS].flatMap((map) => Object.keys(map)).filter((phrase) => !written.has(phrase))).toEqual([]);
  });
});
