/**
 * What the account's assets are worth, asked apart from their balances so that a slow price never holds them back:
 * Home shows the balance as soon as it is read, and the values when they come (null until then).
 */
import type { Hex } from '../../shared/params';
import type { AssetValues } from '../../shared/tokens';
import { call } from '../api/background';
import { usePolled } from '../components/usePolled';

export function useAssetValues(account: Hex | undefined, chainId: Hex): AssetValues | null {
  return usePolled(async () => (account ? call('getValues', { account, chainId }) : null), [account, chainId]).value;
}
