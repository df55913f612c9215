/** Approvals: what the selected account allowed others to spend through this wallet, as it stands on chain, each revocable. */
import browser from 'webextension-polyfill';
import { useEffect } from 'react';
import type { AllowanceView } from '../../shared/allowances';
import { call } from '../api/background';
import { AddressText } from '../components/AddressText';
import { Notice } from '../components/Notice';
import { usePolled } from '../components/usePolled';
import { readableAmount } from '../format/amounts';

function what(allowance: AllowanceView): string {
  if (allowance.kind === 'operator') return 'ALL tokens of the collection';
  const symbol = allowance.symbol ?? 'units of the token';
  if (allowance.unlimited) return `UNLIMITED ${symbol}`;
  return `${allowance.decimals === undefined ? allowance.amount : readableAmount(allowance.amount, allowance.decimals)} ${symbol}`;
}

export function Approvals() {
  const { value: allowances, error, reload } = usePolled(() => call('getAllowances'), []);
  useEffect(() => {
    browser.storage.onChanged.addListener(reload);
    return () => browser.storage.onChanged.removeListener(reload);
  }, [reload]);
  if (error) return <Notice tone="warn">{error}</Notice>;
  if (!allowances) return <p className="muted">Reading allowances…</p>;
  if (allowances.length === 0) return <p className="muted">No allowance granted through this wallet is standing on this network.</p>;
  return (
    <ul className="tokens">
      {allowances.map((a) => (
        <li key={`${a.kind} ${a.token} ${a.spender}`} className="card" aria-label={`Allowance to ${a.spender}`}>
          <div><AddressText address={a.spender} /> may spend <strong>{what(a)}</strong>{a.kind === 'permit2' ? ' through Permit2' : ''}</div>
          <div className="muted">Token <AddressText address={a.token} /></div>
          <button type="button" className="secondary small" aria-label={`Revoke allowance to ${a.spender}`} onClick={() => void call('revokeAllowance', { kind: a.kind, token: a.token, spender: a.spender })}>Revoke</button>
        </li>
      ))}
    </ul>
  );
}
