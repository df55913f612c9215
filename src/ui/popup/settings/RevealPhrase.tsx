/** Shows the recovery phrase once the password is entered again; hidden again when the screen closes. */
import { useState } from 'react';
import { call } from '../../api/background';
import { useSubmit } from '../../components/useSubmit';
import { t } from '../../i18n/t';

export function RevealPhrase() {
  const [password, setPassword] = useState('');
  const [phrase, setPhrase] = useState<string | null>(null);
  const { submit, error, busy } = useSubmit(() => call('revealPhrase', { password }).then((p) => (setPhrase(p), setPassword(''))));
  if (phrase) {
    return (
      <div className="card">
        <p className="warning">{t('settings_phraseWarning')}</p>
        <ol className="phrase" aria-label={t('settings_yourPhrase')}>
          {phrase.split(' ').map((word, i) => <li key={i}>{word}</li>)}
        </ol>
        <button type="button" className="secondary" onClick={() => setPhrase(null)}>{t('settings_hide')}</button>
      </div>
    );
  }
  return (
    <form className="card" aria-label={t('settings_revealRecoveryPhrase')} onSubmit={submit}>
      <label>
        {t('settings_password')}
        <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit" disabled={busy || password === ''}>{t('settings_revealPhrase')}</button>
    </form>
  );
}
