/** The account's balance in the network's coin, from the pending view, refreshed every 2 s; exact digits on hover. */
import type { Hex } from '../../shared/params';
import { call } from '../api/background';
import { usePolled } from '../components/usePolled';
import { exactAmount, readableAmount } from '../format/amounts';

export function Balance({ address, chainId, symbol, decimals }: { address: Hex; chainId: Hex; symbol: string; decimals: number }) {
  const { value: balance, error } = usePolled(() => call('getBalance', { address }), [address, chainId]);
  if (error) return <p className="error">Balance unavailable: {error}</p>;
  if (balance === null) return <p className="balance" aria-busy="true">…</p>;
  const exact = `${exactAmount(balance, decimals)} ${symbol}`;
  return (
    <p className="balance" aria-label="Balance" title={exact} tabIndex={0}>
      {readableAmount(balance, decimals)} {symbol}
    </p>
  );
}
