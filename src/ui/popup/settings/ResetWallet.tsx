/** Forget everything (a fresh install), once the user typed the confirmation word. */
import { useState } from 'react';
import { RESET_CONFIRMATION } from '../../../shared/pages';
import { call } from '../../api/background';
import { useSubmit } from '../../components/useSubmit';

export function ResetWallet() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const { submit, error, busy } = useSubmit(() => call('resetWallet', { confirmation: typed }));
  if (!open) return <button type="button" className="secondary danger" onClick={() => setOpen(true)}>Reset wallet…</button>;
  return (
    <form className="card" aria-label="Reset wallet" onSubmit={submit}>
      <p className="warning">
        This removes the recovery phrase, imported keys, accounts, connected sites, activity and added networks from this browser.
        Only your written-down recovery phrase can bring the accounts back.
      </p>
      <label>
        Type {RESET_CONFIRMATION} to confirm
        <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <div className="row">
        <button type="button" className="secondary" onClick={() => (setOpen(false), setTyped(''))}>Keep wallet</button>
        <button type="submit" className="danger" disabled={busy || typed !== RESET_CONFIRMATION}>Reset wallet</button>
      </div>
    </form>
  );
}
