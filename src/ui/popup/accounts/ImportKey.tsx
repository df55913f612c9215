/** Import a single private key as its own account, kept in the same encrypted vault (so the password is asked). */
import { useState } from 'react';
import { call } from '../../api/background';
import { useSubmit } from '../../components/useSubmit';
import { t } from '../../i18n/t';

export function ImportKey({ onDone }: { onDone(): void }) {
  const [privateKey, setPrivateKey] = useState('');
  const [password, setPassword] = useState('');
  const { submit, error, busy } = useSubmit(() => call('importPrivateKey', { privateKey, password }).then(onDone));
  return (
    <form className="card" aria-label={t('accounts_importPrivateKey')} onSubmit={submit}>
      <label>
        {t('accounts_privateKey')}
        <input type="password" className="mono" value={privateKey} onChange={(e) => setPrivateKey(e.target.value)} autoComplete="off" spellCheck={false} />
      </label>
      <label>
        {t('accounts_password')}
        <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit" disabled={busy || privateKey === '' || password === ''}>{t('accounts_import')}</button>
    </form>
  );
}
