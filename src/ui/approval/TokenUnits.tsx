/** A token amount of a preview in its units; in its smallest unit, said so, when its decimals() was not read. */
import type { AssetInfo } from '../../shared/preview';
import { Amount } from '../components/Amount';
import { t } from '../i18n/t';

export function TokenUnits({ units, asset }: { units: bigint | string; asset: Pick<AssetInfo, 'decimals' | 'symbol' | 'decimalsUnread'> }) {
  const amount = <Amount units={units} decimals={asset.decimals} symbol={asset.symbol} />;
  return asset.decimalsUnread ? <>{amount} <span className="muted">({t('preview_decimalsUnread')})</span></> : amount;
}
