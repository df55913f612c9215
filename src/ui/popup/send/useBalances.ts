/** The account's coin balance and watched tokens on the selected network, for the Send form's asset list and Max. */
import { useEffect, useState } from 'react';
import type { Hex } from '../../../shared/params';
import type { TokenBalance } from '../../../shared/tokens';
import { call } from '../../api/background';

export function useBalances(account: Hex, chainId: Hex): { coin: bigint | null; tokens: TokenBalance[] } {
  const [coin, setCoin] = useState<bigint | null>(null);
  const [tokens, setTokens] = useState<TokenBalance[]>([]);
  useEffect(() => {
    let live = true;
    void call('getBalance', { address: account }).then((wei) => live && setCoin(BigInt(wei)));
    void call('getTokens', { account, chainId }).then((list) => live && setTokens(list));
    return () => {
      live = false;
    };
  }, [account, chainId]);
  return { coin, tokens };
}
