/** Renames the selected account. */
import { useState } from 'react';
import type { AccountView } from '../../../shared/pages';
import { call } from '../../api/background';
import { useSubmit } from '../../components/useSubmit';

export function Rename({ account }: { account: AccountView }) {
  const [name, setName] = useState(account.name);
  const { submit, error, busy } = useSubmit(() => call('renameAccount', { address: account.address, name }));
  return (
    <form className="row" aria-label="Rename account" onSubmit={submit}>
      <label>
        Account name
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={40} />
      </label>
      <button type="submit" className="secondary small" disabled={busy || name.trim() === '' || name === account.name}>Rename</button>
      {error && <p className="error" role="alert">{error}</p>}
    </form>
  );
}
