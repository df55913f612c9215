/** The user's ERC-7730 descriptor files: each names messages or calls in words, bound only as its context says. */
import { useState } from 'react';
import { call } from '../../api/background';
import { Notice } from '../../components/Notice';
import { errorText } from '../../format/errorText';
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

export function Descriptors({ names, dropped }: { names: string[]; dropped: string[] }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <section aria-label={t('settings_descriptors')}>
      <h2>{t('settings_descriptors')}</h2>
      <p className="muted">{t('settings_descriptorsExplained')}</p>
      {names.length > 0 && (
        <ul>
          {names.map((name) => (
            <li key={name} className="row">
              <span className="mono">{name}</span>
              <button type="button" className="secondary" aria-label={t('settings_removeNamed', { name })} onClick={() => void refreshed(call('removeDescriptor', { name }))}>{t('settings_remove')}</button>
            </li>
          ))}
        </ul>
      )}
      {dropped.map((name) => (
        <Notice key={name} tone="warn" label={t('settings_droppedNamed', { name })}>
          {t('settings_droppedExplained', { name })}{' '}
          <button type="button" className="secondary" aria-label={t('settings_removeNamed', { name })} onClick={() => void refreshed(call('removeDescriptor', { name }))}>{t('settings_remove')}</button>
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
