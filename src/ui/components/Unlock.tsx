import { useEffect, useState, type FormEvent } from 'react';
import { call } from '../api/background';
import { errorText } from '../format/errorText';
import { t, uiLocale } from '../i18n/t';
import { useWallet } from '../stores/wallet';

/** After wrong passwords the background refuses attempts until `unlockRetryAt`; the form says when, and wakes then. */
function useRetryAt(): number | null {
  const retryAt = useWallet((s) => s.state?.unlockRetryAt ?? null);
  const refresh = useWallet((s) => s.refresh);
  useEffect(() => {
    if (retryAt === null) return;
    const timer = setTimeout(() => void refresh(), Math.max(0, retryAt - Date.now()));
    return () => clearTimeout(timer);
  }, [retryAt, refresh]);
  return retryAt;
}

export function Unlock() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const retryAt = useRetryAt();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await call('unlock', { password });
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <main>
      <h1>{t('components_unlock')}</h1>
      <form onSubmit={submit} className="card">
        <label>
          {t('components_password')}
          <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
        </label>
        {error && <p className="error" role="alert">{error}</p>}
        {retryAt !== null && (
          <p className="warning" aria-label={t('components_unlockWaitLabel')}>
            {t('components_unlockWait', { time: new Date(retryAt).toLocaleTimeString(uiLocale()) })}
          </p>
        )}
        <button type="submit" disabled={retryAt !== null}>{t('components_unlock')}</button>
      </form>
    </main>
  );
}
