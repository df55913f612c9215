/** One warning for the names that may imitate another (src/shared/displayText.ts), each named by what it labels. */
import { cleanText, hasInvisible } from '../../shared/displayText';
import { lookAlikeScripts, type LookAlikeScript } from '../../shared/lookAlikeLetters';
import { t, uiLocale } from '../i18n/t';
import { Notice } from './Notice';

/** ISO 15924 codes of the scripts lookAlikeScripts names, so Intl names them in the browser's language. */
const SCRIPT_CODES: Record<LookAlikeScript, string> = { Latin: 'Latn', Cyrillic: 'Cyrl', Greek: 'Grek', Armenian: 'Armn', Cherokee: 'Cher' };

/** Why `text` may imitate another name, in the browser's language (hasInvisible and lookAlikeScripts, in words). */
function reasonOf(text: string): string | undefined {
  if (hasInvisible(text)) return t('components_lookAlikeInvisible');
  const found = lookAlikeScripts(text);
  if (!found) return undefined;
  const named = (script: LookAlikeScript) => new Intl.DisplayNames(uiLocale(), { type: 'script' }).of(SCRIPT_CODES[script]) ?? script;
  if ('mixes' in found) return t('components_lookAlikeMixes', { scripts: new Intl.ListFormat(uiLocale()).format(found.mixes.map(named)) });
  return t('components_lookAlikeLooksLatin', { script: named(found.looksLatin) });
}

export function LookAlikeWarning({ names }: { names: [label: string, text: string | undefined][] }) {
  const flagged = names.flatMap(([label, text]) => {
    const reason = text === undefined ? undefined : reasonOf(text);
    return reason ? [t('components_lookAlike', { label, text: cleanText(text!), reason })] : [];
  });
  if (flagged.length === 0) return null;
  return <Notice tone="warn" label={t('components_lookAlikeWarning')}>{flagged.join(' ')}</Notice>;
}
