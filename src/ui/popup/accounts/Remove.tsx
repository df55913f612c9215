/**
 * Removes the selected Ledger account or imported key: the wallet forgets it (the vault is rewritten, hence the
 * password); every site loses it. The phrase's accounts are never removable, nor the last account.
 */
import { useState } from 'react';
import type { AccountView } from '../../../shared/pages';
import { call } from '../../api/background';
import { useSubmit } from '../../components/useSubmit';

/** What the user can do to have it back. */
const backWith = (account: AccountView): string =>
  account.ledger ? 'You can add it again from your Ledger.' : 'Only its private key can bring it back: keep a copy before you remove it.';

export function Remove({ account, onDone }: { account: AccountView; onDone(): void }) {
  const [password, setPassword] = useState('');
  const { submit, error, busy } = useSubmit(() => call('removeAccount', { address: account.address, password }).then(onDone));
  return (
    <form className="card" aria-label="Remove account" onSubmit={submit}>
      <p>
        Remove <strong>{account.name}</strong> from this wallet? Sites connected to it lose it. {backWith(account)}
      </p>
      <label>
        Password
        <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit" className="danger" disabled={busy || password === ''}>Remove</button>
    </form>
  );
}
