/** Approvals: what the selected account allowed others to spend through this wallet, as it stands on chain, each revocable. */
import { useEffect } from 'react';
import type { AllowanceView } from '../../shared/allowances';
import { call } from '../api/background';
import { onStorageChanged } from '../api/runtime';
import { AddressText } from '../components/AddressText';
import { Notice } from '../components/Notice';
import { usePolled } from '../components/usePolled';
import { readableAmount } from '../format/amounts';
import { Message } from '../i18n/Message';
import { t } from '../i18n/t';

function what(allowance: AllowanceView): string {
  if (allowance.kind === 'operator') return t('home_allOfCollection');
  const { symbol } = allowance;
  if (allowance.unlimited) return symbol === undefined ? t('home_unlimitedUnits') : t('home_unlimitedSymbol', { symbol });
  const amount = allowance.decimals === undefined ? allowance.amount : readableAmount(allowance.amount, allowance.decimals);
  return symbol === undefined ? t('home_amountUnits', { amount }) : `${amount} ${symbol}`;
}

export function Approvals() {
  const { value: allowances, error, reload } = usePolled(() => call('getAllowances'), []);
  useEffect(() => {
    return onStorageChanged(reload);
  }, [reload]);
  if (error) return <Notice tone="warn">{error}</Notice>;
  if (!allowances) return <p className="muted">{t('home_readingAllowances')}</p>;
  if (allowances.length === 0) return <p className="muted">{t('home_noAllowances')}</p>;
  return (
    <ul className="tokens">
      {allowances.map((a) => (
        <li key={`${a.kind} ${a.token} ${a.spender}`} className="card" aria-label={t('home_allowanceTo', { spender: a.spender })}>
          <div><Message id={a.kind === 'permit2' ? 'home_maySpendThroughPermit2' : 'home_maySpend'} values={{ spender: <AddressText address={a.spender} />, what: <strong>{what(a)}</strong> }} /></div>
          <div className="muted"><Message id="home_tokenIs" values={{ token: <AddressText address={a.token} /> }} /></div>
          <button type="button" className="secondary small" aria-label={t('home_revokeAllowanceTo', { spender: a.spender })} onClick={() => void call('revokeAllowance', { kind: a.kind, token: a.token, spender: a.spender })}>{t('home_revoke')}</button>
        </li>
      ))}
    </ul>
  );
}
