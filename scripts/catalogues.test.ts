import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areasOf } from './locales';
import { LOCALES, browserMessage, placeholderNames, renderMessage } from '../src/ui/i18n/messages';
import { untranslatedIn } from '../src/ui/i18n/untranslated';
import { hasInvisible } from '../src/shared/displayText';

const UI = resolve(import.meta.dirname, '../src/ui');
const walk = (folder: string): string[] => readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(folder, entry.name)) : [join(folder, entry.name)]));
const screenFiles = walk(UI).filter((file) => /\.tsx?$/.test(file) && !/\.(test|fixture)\.tsx?$/.test(file) && !file.includes('/i18n/') && !file.includes('/testing/'));
const english = areasOf('en');
const englishKeys = [...english.values()].flatMap((catalogue) => Object.keys(catalogue));
const englishText = new Map([...english.values()].flatMap((catalogue) => Object.entries(catalogue)));

describe('the catalogues', () => {
  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s has exactly English\'s areas and keys, each with the same placeholders', (locale) => {
    const areas = areasOf(locale);
    expect([...areas.keys()]).toEqual([...english.keys()]);
    for (const [area, catalogue] of english) {
      const translated = areas.get(area) ?? {};
      expect(Object.keys(translated).sort(), `${locale}/${area}`).toEqual(Object.keys(catalogue).sort());
      for (const [key, text] of Object.entries(catalogue)) {
        expect(placeholderNames(translated[key] ?? ''), `${locale}/${area}: ${key}`).toEqual(placeholderNames(text));
        expect(translated[key].trim(), `${locale}/${area}: ${key} is empty`).not.toBe('');
      }
    }
  });

  it.each(LOCALES)('%s holds no text the browsers would show other than written', (locale) => {
    const texts = [...areasOf(locale).values()].flatMap((catalogue) => Object.entries(catalogue));
    // A bidi control or a zero-width character beside an address reorders or hides it.
    expect(texts.filter(([, text]) => hasInvisible(text)).map(([key]) => key)).toEqual([]);
    // Chromium reads every digit after "$": "{amount}5" would become "$15", the fifteenth substitution; and it takes 9 at most.
    expect(texts.filter(([, text]) => /\}\d/.test(text) || placeholderNames(text).length > 9).map(([key]) => key)).toEqual([]);
  });

  it('name each key once, in the characters the browser allows', () => {
    expect(englishKeys.filter((key, index) => englishKeys.indexOf(key) !== index)).toEqual([]);
    expect(englishKeys.filter((key) => !/^[A-Za-z][A-Za-z0-9_]*$/.test(key))).toEqual([]);
  });

  it('have no key that nothing shows', () => {
    // The worker's words (src/shared/words.ts) name their keys in unions in src/shared (as dangers.ts's DangerKey).
    const named = [...screenFiles, resolve(UI, '../../manifest.json'), ...walk(resolve(UI, '../shared')).filter((file) => /\.tsx?$/.test(file) && !/\.(test|fixture)\.tsx?$/.test(file))];
    const sources = named.map((file) => readFileSync(file, 'utf8')).join('\n');
    expect(englishKeys.filter((key) => ![`'${key}'`, `"${key}"`, `__MSG_${key}__`].some((written) => sources.includes(written)))).toEqual([]);
  });

  it('become the browser\'s messages: placeholders in any order, a dollar sign kept', () => {
    const message = browserMessage('{to} gets {amount} ($1 fee)');
    expect(renderMessage(message, ['0.5 ETH', '0x6610…522D'])).toBe('0x6610…522D gets 0.5 ETH ($1 fee)');
    expect(englishText.size).toBe(englishKeys.length);
  });
});

describe('the screens', () => {
  it.each(screenFiles.map((file) => relative(UI, file)))('%s shows no text outside the catalogues', (file) => {
    expect(untranslatedIn(file, readFileSync(resolve(UI, file), 'utf8'))).toEqual([]);
  });

  it('the scan finds what a screen would show untranslated', () => {
    const source = `const a = <p title="Copy address">Welcome to Batch Wallet</p>;\nsetError('The passwords do not match');\nconst b = <p className="muted row">{t('common_back')}</p>;`;
    expect(untranslatedIn('example.tsx', source).map((finding) => finding.text)).toEqual(['Copy address', 'Welcome to Batch Wallet', 'The passwords do not match']);
  });
});
