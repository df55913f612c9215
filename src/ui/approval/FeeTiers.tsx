/** The fee tier to sign with, side by side; each shows its cap ("up to"), which signing never exceeds. */
import { FEE_TIERS, type FeeTier } from '../../shared/fees';
import { Amount } from '../components/Amount';
import { readableAmount } from '../format/amounts';

export const TIER_LABELS: Record<FeeTier, string> = { low: 'Low', market: 'Market', aggressive: 'Aggressive' };

export function FeeTiers({ maxFees, symbol, tier, onChange }: { maxFees: Partial<Record<FeeTier, string>>; symbol: string; tier: FeeTier; onChange(tier: FeeTier): void }) {
  return (
    <fieldset className="tiers">
      <legend>Fee</legend>
      {FEE_TIERS.map((name) => (
        <label key={name}>
          <input type="radio" name="tier" checked={tier === name} onChange={() => onChange(name)} aria-label={`${TIER_LABELS[name]}: up to ${readableAmount(maxFees[name] ?? '0')} ${symbol}`} />
          <span><strong>{TIER_LABELS[name]}</strong><br /><Amount units={maxFees[name] ?? '0'} symbol={symbol} /></span>
        </label>
      ))}
    </fieldset>
  );
}
