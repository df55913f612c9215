/**
 * Who pays a batch's network fee when no site's paymaster does (issue 45): a switch between ETH and USDC when both
 * work, the fee of the one picked (in USDC as its line says it, never less than can be taken), and why when neither
 * works (the screen then allows no Approve).
 */
import type { SendCallsDetails } from '../../shared/approvals/batch';
import type { FeeSource } from '../../shared/fees';
import { Amount } from '../components/Amount';
import { Notice } from '../components/Notice';
import { Row } from '../components/Rows';

type Offered = NonNullable<SendCallsDetails['feeSources']>;

const NAMES: Record<FeeSource, string> = { eth: 'ETH', usdc: 'USDC' };

/** The switch, shown only when both sources work. */
export function FeeSourceSwitch({ offered, source, onChange }: { offered: Offered; source: FeeSource; onChange(source: FeeSource): void }) {
  if (offered.choices.length < 2) return null;
  return (
    <fieldset className="tiers fee-sources">
      <legend>Pay the network fee with</legend>
      {offered.choices.map((name) => (
        <label key={name}>
          <input type="radio" name="feeSource" checked={source === name} onChange={() => onChange(name)} aria-label={`Pay the fee in ${NAMES[name]}`} />
          <span><strong>{NAMES[name]}</strong></span>
        </label>
      ))}
    </fieldset>
  );
}

/** The fee row: in USDC as its line, or the most in ETH. */
export function FeeRow({ details, source }: { details: SendCallsDetails; source: FeeSource | undefined }) {
  const usdc = details.feeSources?.usdc;
  if (source === 'usdc' && usdc) return <Row label="Network fee" name="Fee in USDC">{usdc.line}</Row>;
  return <Row label="Max network fee"><Amount units={details.maxFee} symbol={details.symbol} /></Row>;
}

/** Why neither ETH nor USDC can pay the fee. */
export function NoFeeSource({ offered }: { offered: Offered | undefined }) {
  if (!offered || offered.choices.length > 0) return null;
  return (
    <Notice tone="danger" label="The fee cannot be paid">
      Neither ETH nor USDC can pay this batch’s network fee: {(offered.reasons ?? []).join('; ')}.
    </Notice>
  );
}
