/**
 * The user's ERC-7730 descriptor files: each names messages or calls in words, bound only as its context says. A file
 * the wallet does not use is named apart, with why, and can be removed: the screen asks which when it opens and after
 * each change (getState does not parse the files, which only this screen needs).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UnusedDescriptor } from '../../../shared/unusedDescriptors';
import { call } from '../../api/background';
import { Notice } from '../../components/Notice';
import { errorText, refusalText } from '../../format/errorText';
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

/** The stored files the wallet does not use, asked now and by `reload`; the newest answer counts, a failed one names none. */
function useUnused(): { unused: UnusedDescriptor[]; reload(): Promise<void> } {
  const [unused, setUnused] = useState<UnusedDescriptor[]>([]);
  const asked = useRef(0);
  const reload = useCallback(async () => {
    const seq = ++asked.current;
    const answer = await call('getUnusedDescriptors').catch((): UnusedDescriptor[] => []);
    if (seq === asked.current) setUnused(answer);
  }, []);
  useEffect(() => void reload(), [reload]);
  return { unused, reload };
}

type Refresh = (change: Promise<unknown>) => Promise<void>;

function Remove({ name, refreshed }: { name: string; refreshed: Refresh }) {
  return <button type="button" className="secondary" aria-label={t('settings_removeNamed', { name })} onClick={() => void refreshed(call('removeDescriptor', { name }))}>{t('settings_remove')}</button>;
}

export function Descriptors({ names, dropped }: { names: string[]; dropped: string[] }) {
  const [error, setError] = useState<string | null>(null);
  const { unused, reload } = useUnused();
  // The files live in the extension's IndexedDB, whose changes storage.onChanged does not report: both lists are read again.
  const refreshed: Refresh = (change) => change.then(async () => void (await Promise.all([useWallet.getState().refresh(), reload()])));
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
              <Remove name={name} refreshed={refreshed} />
            </li>
          ))}
        </ul>
      )}
      {dropped.map((name) => (
        <Notice key={name} tone="warn" label={t('settings_droppedNamed', { name })}>
          {t('settings_droppedExplained', { name })} <Remove name={name} refreshed={refreshed} />
        </Notice>
      ))}
      {unused.map((file) => (
        <Notice key={file.name} tone="warn" label={t('settings_unusedNamed', { name: file.name })}>
          {t('settings_unusedExplained', { name: file.name, why: refusalText(file.words, file.why) })} <Remove name={file.name} refreshed={refreshed} />
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
