import { useEffect, useState, type FormEvent } from 'react';
import { call } from '../api/background';
import { errorText, retryAtOf } from '../format/errorText';
import { t, uiLocale } from '../i18n/t';
import { useWallet } from '../stores/wallet';

/**
 * After wrong passwords the background refuses attempts until a time: the state's `unlockRetryAt`, or the refusal's
 * own `retryAt` (the state may refresh only after a short wait has passed). The form says when, and wakes then.
 */
function useRetryAt(refused: number | null): number | null {
  const stored = useWallet((s) => s.state?.unlockRetryAt ?? null);
  const refresh = useWallet((s) => s.refresh);
  const [now, setNow] = useState(Date.now);
  const retryAt = Math.max(stored ?? 0, refused ?? 0);
  useEffect(() => {
    if (retryAt <= now) return;
    const timer = setTimeout(() => (setNow(Date.now()), void refresh()), retryAt - now);
    return () => clearTimeout(timer);
  }, [retryAt, now, refresh]);
  return retryAt > now ? retryAt : null;
}

export function Unlock() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<number | null>(null);
  const retryAt = useRetryAt(refused);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await call('unlock', { password });
    } catch (e) {
      setError(errorText(e));
      setRefused(retryAtOf(e));
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
