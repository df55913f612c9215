/** The account's balance in the network's coin, from the pending view, refreshed every 2 s; exact digits on hover. */
import { useEffect, useState } from 'react';
import type { Hex } from '../../shared/params';
import { call } from '../api/background';
import { exactAmount, readableAmount } from '../format/amounts';

const BALANCE_REFRESH_MS = 2000;

export function Balance({ address, chainId, symbol, decimals }: { address: Hex; chainId: Hex; symbol: string; decimals: number }) {
  const [balance, setBalance] = useState<Hex | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setBalance(null);
    const load = () =>
      call('getBalance', { address }).then(
        (wei) => live && (setBalance(wei), setError(null)),
        (e: Error) => live && setError(e.message),
      );
    void load();
    const timer = setInterval(load, BALANCE_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [address, chainId]);
  if (error) return <p className="error">Balance unavailable: {error}</p>;
  if (balance === null) return <p className="balance" aria-busy="true">…</p>;
  const exact = `${exactAmount(balance, decimals)} ${symbol}`;
  return (
    <p className="balance" aria-label="Balance" title={exact} tabIndex={0}>
      {readableAmount(balance, decimals)} {symbol}
    </p>
  );
}
