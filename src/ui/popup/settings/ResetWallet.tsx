/** Forget everything (a fresh install), once the user typed the confirmation word. */
import { useState } from 'react';
import { RESET_CONFIRMATION } from '../../../shared/pages';
import { call } from '../../api/background';
import { useSubmit } from '../../components/useSubmit';
import { t } from '../../i18n/t';

export function ResetWallet() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const { submit, error, busy } = useSubmit(() => call('resetWallet', { confirmation: typed }));
  if (!open) return <button type="button" className="secondary danger" onClick={() => setOpen(true)}>{t('settings_resetWalletEllipsis')}</button>;
  return (
    <form className="card" aria-label={t('settings_resetWallet')} onSubmit={submit}>
      <p className="warning">{t('settings_resetWarning')}</p>
      <label>
        {t('settings_typeToConfirm', { word: RESET_CONFIRMATION })}
        <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <div className="row">
        <button type="button" className="secondary" onClick={() => (setOpen(false), setTyped(''))}>{t('settings_keepWallet')}</button>
        <button type="submit" className="danger" disabled={busy || typed !== RESET_CONFIRMATION}>{t('settings_resetWallet')}</button>
      </div>
    </form>
  );
}
