/** One warning for the names that may imitate another (src/shared/displayText.ts), each named by what it labels. */
import { cleanText, spoofingReason } from '../../shared/displayText';
import { Notice } from './Notice';

export function LookAlikeWarning({ names }: { names: [label: string, text: string | undefined][] }) {
  const flagged = names.flatMap(([label, text]) => {
    const reason = text === undefined ? undefined : spoofingReason(text);
    return reason ? [`The ${label} “${cleanText(text!)}” ${reason}: it may imitate another name.`] : [];
  });
  if (flagged.length === 0) return null;
  return <Notice tone="warn" label="Look-alike warning">{flagged.join(' ')}</Notice>;
}
