/**
 * The account's balance in the network's coin, from the pending view, refreshed every 2 s; exact digits on hover. Its
 * value in US dollars and the account's total come apart (`values`, null until the prices are read) and only where
 * the chain has a feed.
 */
import type { Hex } from '../../shared/params';
import type { AssetValues } from '../../shared/tokens';
import { call } from '../api/background';
import { usePolled } from '../components/usePolled';
import { exactText, readableAmount } from '../format/amounts';
import { t } from '../i18n/t';
import { usdText } from '../format/usd';

interface BalanceProps {
  address: Hex;
  chainId: Hex;
  symbol: string;
  decimals: number;
  values: AssetValues | null;
}

/** The total, when anything was priced; it says so when it leaves out assets without a value. */
function Total({ values }: { values: AssetValues }) {
  const priced = values.native !== null || Object.values(values.tokens).some((value) => value !== null);
  if (!priced) return null;
  return (
    <p className="muted balance-value" aria-label={t('home_totalInUsd')}>
      {t(values.unpriced > 0 ? 'home_totalOfPriced' : 'home_total', { amount: usdText(values.total) })}
    </p>
  );
}

export function Balance({ address, chainId, symbol, decimals, values }: BalanceProps) {
  const { value: balance, error } = usePolled(() => call('getBalance', { address }), [address, chainId]);
  if (error) return <p className="error">{t('home_balanceUnavailable', { error })}</p>;
  if (balance === null) return <p className="balance" aria-busy="true">…</p>;
  const exact = `${exactText(balance, decimals)} ${symbol}`;
  return (
    <>
      <p className="balance" aria-label={t('home_balance')} title={exact} tabIndex={0}>
        {readableAmount(balance, decimals)} {symbol}
      </p>
      {values?.native != null && <p className="muted balance-value" aria-label={t('home_balanceInUsd')}>≈ {usdText(values.native)}</p>}
      {values && <Total values={values} />}
    </>
  );
}
