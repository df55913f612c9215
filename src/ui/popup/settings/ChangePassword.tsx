/** A new password: the vault is decrypted with the current one and encrypted again under the new one. */
import { useState } from 'react';
import { call } from '../../api/background';
import { useSubmit } from '../../components/useSubmit';
import { t } from '../../i18n/t';

export function ChangePassword() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const { submit, error, busy } = useSubmit(async () => {
    setDone(false);
    if (next !== confirm) throw new Error(t('settings_passwordsDoNotMatch'));
    await call('changePassword', { current, next });
    setCurrent('');
    setNext('');
    setConfirm('');
    setDone(true);
  });
  return (
    <form className="card" aria-label={t('settings_changePassword')} onSubmit={submit}>
      <label>
        {t('settings_currentPassword')}
        <input type="password" value={current} onChange={(e) => setCurrent(e.target.value)} />
      </label>
      <label>
        {t('settings_newPassword')}
        <input type="password" value={next} onChange={(e) => setNext(e.target.value)} />
      </label>
      <label>
        {t('settings_confirmNewPassword')}
        <input type="password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      {done && <p role="alert">{t('settings_passwordChanged')}</p>}
      <button type="submit" disabled={busy || current === '' || next === ''}>{t('settings_changePassword')}</button>
    </form>
  );
}
