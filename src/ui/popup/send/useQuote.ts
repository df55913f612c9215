/** The background's quote for the transfer being typed (gas, fee tiers, whether the recipient is a contract); the newest wins. */
import { useEffect, useRef, useState } from 'react';
import type { Hex } from '../../../shared/params';
import type { SendQuote } from '../../../shared/send';
import { call } from '../../api/background';

export function useQuote(request: { to: Hex; value: Hex; data: Hex; recipient: Hex } | null): { quote: SendQuote | null; error: string | null } {
  const [quote, setQuote] = useState<SendQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const key = request && JSON.stringify(request);
  useEffect(() => {
    const seq = ++latest.current;
    setQuote(null);
    setError(null);
    if (!key) return;
    void call('quoteSend', JSON.parse(key)).then(
      (q) => seq === latest.current && setQuote(q),
      (e: Error) => seq === latest.current && setError(e.message),
    );
  }, [key]);
  return { quote, error };
}
