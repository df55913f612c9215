/**
 * Removes the selected Ledger account or imported key: the wallet forgets it (the vault is rewritten, hence the
 * password); every site loses it. The phrase's accounts are never removable, nor the last account.
 */
import { useState } from 'react';
import type { AccountView } from '../../../shared/walletState';
import { call } from '../../api/background';
import { useSubmit } from '../../components/useSubmit';
import { Message } from '../../i18n/Message';
import { t } from '../../i18n/t';

/** What the user can do to have it back. */
const backWith = (account: AccountView): string =>
  t(account.ledger ? 'accounts_backWithLedger' : 'accounts_backWithKey');

export function Remove({ account, onDone }: { account: AccountView; onDone(): void }) {
  const [password, setPassword] = useState('');
  const { submit, error, busy } = useSubmit(() => call('removeAccount', { address: account.address, password }).then(onDone));
  return (
    <form className="card" aria-label={t('accounts_removeAccount')} onSubmit={submit}>
      <p>
        <Message id="accounts_removeFromWallet" values={{ name: <strong>{account.name}</strong>, backWith: backWith(account) }} />
      </p>
      <label>
        {t('accounts_password')}
        <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit" className="danger" disabled={busy || password === ''}>{t('accounts_remove')}</button>
    </form>
  );
}
