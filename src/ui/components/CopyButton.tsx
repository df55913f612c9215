import { useEffect, useState } from 'react';
import { t } from '../i18n/t';

const COPIED_FOR_MS = 1500;

/** Copies `value`; its accessible name is `label`, and it says "Copied" for a moment after a click. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () => void navigator.clipboard.writeText(value).then(() => setCopied(true));
  return (
    <button type="button" className="icon" aria-label={label} title={label} onClick={copy}>
      {copied ? t('components_copied') : t('components_copy')}
    </button>
  );
}
