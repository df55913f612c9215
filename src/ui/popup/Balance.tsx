/**
 * The account's balance in the network's coin, from the pending view, refreshed every 2 s; exact digits on hover. Its
 * value in US dollars and the account's total come apart (`values`, null until the prices are read) and only where
 * the chain has a feed. There, their room is kept from the first paint, so that Send and Receive under them never move.
 */
import type { Hex } from '../../shared/params';
import type { UsdFeeds } from '../../shared/priceFeedChains';
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
  /** What the chain's feeds can price (the worker says, from its feed table); undefined: nothing. */
  usdFeeds: UsdFeeds | undefined;
  values: AssetValues | null;
}

/** The dollar lines the chain's feeds can fill: the balance's value and the total, or only the total. */
const ROOM: Record<UsdFeeds, number> = { native: 2, tokens: 1 };

/**
 * The balance's value and the total (when anything was priced; it says so when it leaves out assets without a value),
 * then as many empty lines of the same height as the chain's feeds could still fill: none there to read aloud.
 */
function ValueLines({ usdFeeds, values }: Pick<BalanceProps, 'usdFeeds' | 'values'>) {
  const priced = values && (values.native !== null || Object.values(values.tokens).some((value) => value !== null));
  const lines = [
    values?.native != null && <p key="native" className="muted balance-value" aria-label={t('home_balanceInUsd')}>≈ {usdText(values.native)}</p>,
    values && priced && (
      <p key="total" className="muted balance-value" aria-label={t('home_totalInUsd')}>
        {t(values.unpriced > 0 ? 'home_totalOfPriced' : 'home_total', { amount: usdText(values.total) })}
      </p>
    ),
  ].filter(Boolean);
  const room = usdFeeds ? Math.max(0, ROOM[usdFeeds] - lines.length) : 0;
  return (
    <>
      {lines}
      {Array.from({ length: room }, (_, i) => <p key={i} className="muted balance-value" aria-hidden="true">{'\u00a0'}</p>)}
    </>
  );
}

export function Balance({ address, chainId, symbol, decimals, usdFeeds, values }: BalanceProps) {
  const { value: balance, error } = usePolled(() => call('getBalance', { address }), [address, chainId]);
  if (error) return <p className="error">{t('home_balanceUnavailable', { error })}</p>;
  return (
    <>
      {balance === null ? <p className="balance" aria-busy="true">…</p> : (
        <p className="balance" aria-label={t('home_balance')} title={`${exactText(balance, decimals)} ${symbol}`} tabIndex={0}>
          {readableAmount(balance, decimals)} {symbol}
        </p>
      )}
      <ValueLines usdFeeds={usdFeeds} values={balance === null ? null : values} />
    </>
  );
}
