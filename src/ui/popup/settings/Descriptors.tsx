/**
 * The user's ERC-7730 descriptor files: each names messages or calls in words, bound only as its context says. A file
 * the wallet does not use is named apart, with why, and can be removed.
 */
import { useState } from 'react';
import type { UnusedDescriptor } from '../../../shared/pages';
import { call } from '../../api/background';
import { Notice } from '../../components/Notice';
import { errorText } from '../../format/errorText';
import type { MessageKey } from '../../i18n/keys';
import { say } from '../../i18n/say';
import { t } from '../../i18n/t';
import { useWallet } from '../../stores/wallet';

async function addFile(file: File): Promise<void> {
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    throw new Error(t('settings_notJson', { name: file.name }));
  }
  await call('addDescriptor', { name: file.name, json });
}

/** The files live in the extension's IndexedDB, whose changes storage.onChanged does not report: the list is read again. */
const refreshed = (change: Promise<unknown>): Promise<void> => change.then(() => useWallet.getState().refresh());

function Remove({ name }: { name: string }) {
  return <button type="button" className="secondary" aria-label={t('settings_removeNamed', { name })} onClick={() => void refreshed(call('removeDescriptor', { name }))}>{t('settings_remove')}</button>;
}

/** Why, as the parser refused the file: in the browser's language when the worker has its words, else as written. */
const whyOf = ({ why, words }: UnusedDescriptor): string => (words ? say({ ...words, key: words.key satisfies MessageKey }) : why);

export function Descriptors({ names, dropped, unused }: { names: string[]; dropped: string[]; unused: UnusedDescriptor[] }) {
  const [error, setError] = useState<string | null>(null);
  const used = names.filter((name) => !unused.some((file) => file.name === name));
  return (
    <section aria-label={t('settings_descriptors')}>
      <h2>{t('settings_descriptors')}</h2>
      <p className="muted">{t('settings_descriptorsExplained')}</p>
      {used.length > 0 && (
        <ul>
          {used.map((name) => (
            <li key={name} className="row">
              <span className="mono">{name}</span>
              <Remove name={name} />
            </li>
          ))}
        </ul>
      )}
      {dropped.map((name) => (
        <Notice key={name} tone="warn" label={t('settings_droppedNamed', { name })}>
          {t('settings_droppedExplained', { name })} <Remove name={name} />
        </Notice>
      ))}
      {unused.map((file) => (
        <Notice key={file.name} tone="warn" label={t('settings_unusedNamed', { name: file.name })}>
          {t('settings_unusedExplained', { name: file.name, why: whyOf(file) })} <Remove name={file.name} />
        </Notice>
      ))}
      <label>
        {t('settings_addDescriptor')}
        <input
          type="file"
          accept=".json,application/json"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            setError(null);
            if (file) void refreshed(addFile(file)).catch((failure: unknown) => setError(errorText(failure)));
          }}
        />
      </label>
      {error && <Notice tone="danger" label={t('settings_descriptorError')}>{error}</Notice>}
    </section>
  );
}
