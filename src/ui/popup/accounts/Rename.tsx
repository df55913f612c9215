/** Renames the selected account. */
import { useState } from 'react';
import type { AccountView } from '../../../shared/walletState';
import { call } from '../../api/background';
import { useSubmit } from '../../components/useSubmit';
import { t } from '../../i18n/t';

export function Rename({ account }: { account: AccountView }) {
  const [name, setName] = useState(account.name);
  const { submit, error, busy } = useSubmit(() => call('renameAccount', { address: account.address, name }));
  return (
    <form className="row" aria-label={t('accounts_renameAccount')} onSubmit={submit}>
      <label>
        {t('accounts_accountName')}
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={40} />
      </label>
      <button type="submit" className="secondary small" disabled={busy || name.trim() === '' || name === account.name}>{t('accounts_rename')}</button>
      {error && <p className="error" role="alert">{error}</p>}
    </form>
  );
}
