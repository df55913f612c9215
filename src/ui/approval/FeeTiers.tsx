/** The fee tier to sign with, side by side; each shows its cap ("up to"), which signing never exceeds. */
import { FEE_TIERS, type FeeTier } from '../../shared/fees';
import { Amount } from '../components/Amount';
import { readableAmount } from '../format/amounts';
import { t } from '../i18n/t';

export const TIER_LABELS: Record<FeeTier, string> = { low: t('preview_tierLow'), market: t('preview_tierMarket'), aggressive: t('preview_tierAggressive') };

export function FeeTiers({ maxFees, symbol, tier, onChange }: { maxFees: Partial<Record<FeeTier, string>>; symbol: string; tier: FeeTier; onChange(tier: FeeTier): void }) {
  return (
    <fieldset className="tiers">
      <legend>{t('preview_fee')}</legend>
      {FEE_TIERS.map((name) => (
        <label key={name}>
          <input type="radio" name="tier" checked={tier === name} onChange={() => onChange(name)} aria-label={t('preview_tierUpTo', { tier: TIER_LABELS[name], amount: `${readableAmount(maxFees[name] ?? '0')} ${symbol}` })} />
          <span><strong>{TIER_LABELS[name]}</strong><br /><Amount units={maxFees[name] ?? '0'} symbol={symbol} /></span>
        </label>
      ))}
    </fieldset>
  );
}
