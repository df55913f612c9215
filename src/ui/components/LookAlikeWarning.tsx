/** One warning for the names that may imitate another (src/shared/displayText.ts), each named by what it labels. */
import { cleanText, hasInvisible } from '../../shared/displayText';
import { lookAlikeReason } from '../../shared/lookAlikeLetters';
import { t, uiLocale } from '../i18n/t';
import { Notice } from './Notice';

/** ISO 15924 codes of the scripts lookAlikeReason names, so Intl names them in the browser's language. */
const SCRIPT_CODES: Record<string, string> = { Latin: 'Latn', Cyrillic: 'Cyrl', Greek: 'Grek', Armenian: 'Armn', Cherokee: 'Cher' };

/** Why `text` may imitate another name, in the browser's language (hasInvisible and lookAlikeReason, in words). */
function reasonOf(text: string): string | undefined {
  if (hasInvisible(text)) return t('components_lookAlikeInvisible');
  // The reason names its scripts in English words; each is named again in the browser's language.
  const reason = lookAlikeReason(text) ?? '';
  const [, mixed, alone] = /^mixes (.+) letters$|^is written in (\w+) letters that look Latin$/.exec(reason) ?? [];
  const named = (script: string) => (SCRIPT_CODES[script] && new Intl.DisplayNames(uiLocale(), { type: 'script' }).of(SCRIPT_CODES[script])) || script;
  if (mixed) return t('components_lookAlikeMixes', { scripts: new Intl.ListFormat(uiLocale()).format(mixed.split(' and ').map(named)) });
  return alone ? t('components_lookAlikeLooksLatin', { script: named(alone) }) : undefined;
}

export function LookAlikeWarning({ names }: { names: [label: string, text: string | undefined][] }) {
  const flagged = names.flatMap(([label, text]) => {
    const reason = text === undefined ? undefined : reasonOf(text);
    return reason ? [t('components_lookAlike', { label, text: cleanText(text!), reason })] : [];
  });
  if (flagged.length === 0) return null;
  return <Notice tone="warn" label={t('components_lookAlikeWarning')}>{flagged.join(' ')}</Notice>;
}
