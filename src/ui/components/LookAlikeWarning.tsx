/** One warning per name that may imitate another (src/shared/displayText.ts), each naming what it labels. */
import { cleanText, spoofingReason } from '../../shared/displayText';

export function LookAlikeWarning({ names }: { names: [label: string, text: string | undefined][] }) {
  const flagged = names.flatMap(([label, text]) => {
    const reason = text === undefined ? undefined : spoofingReason(text);
    return reason ? [`The ${label} “${cleanText(text!)}” ${reason}: it may imitate another name.`] : [];
  });
  if (flagged.length === 0) return null;
  return (
    <div className="warning" role="alert" aria-label="Look-alike warning">
      {flagged.map((line) => <p key={line}>{line}</p>)}
    </div>
  );
}
