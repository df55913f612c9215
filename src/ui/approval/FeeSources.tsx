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
import { feeText } from '../format/feeWords';
import { t } from '../i18n/t';

type Offered = NonNullable<SendCallsDetails['feeSources']>;

/** A source by its currency's name: `eth` is the network's own coin, POL on Polygon (`symbol`), never "ETH" where it is another. */
const nameOf = (source: FeeSource, symbol: string): string => (source === 'usdc' ? 'USDC' : symbol);

/** The switch, shown only when both sources work; `symbol`: the network's coin. */
export function FeeSourceSwitch({ offered, source, symbol, onChange }: { offered: Offered; source: FeeSource; symbol: string; onChange(source: FeeSource): void }) {
  if (offered.choices.length < 2) return null;
  return (
    <fieldset className="tiers fee-sources">
      <legend>{t('preview_payFeeWith')}</legend>
      {offered.choices.map((name) => (
        <label key={name}>
          <input type="radio" name="feeSource" checked={source === name} onChange={() => onChange(name)} aria-label={t('preview_payFeeIn', { currency: nameOf(name, symbol) })} />
          <span><strong>{nameOf(name, symbol)}</strong></span>
        </label>
      ))}
    </fieldset>
  );
}

/** The fee in USDC as its line says it, in the browser's language. */
export const usdcLine = ({ line, words }: NonNullable<Offered['usdc']>): string => feeText(line, words);

/** The fee row: in USDC as its line, or the most in ETH. */
export function FeeRow({ details, source }: { details: SendCallsDetails; source: FeeSource | undefined }) {
  const usdc = details.feeSources?.usdc;
  if (source === 'usdc' && usdc) return <Row label={t('preview_networkFee')} name={t('preview_feeInUsdc')}>{usdcLine(usdc)}</Row>;
  return <Row label={t('preview_maxNetworkFee')}><Amount units={details.maxFee} symbol={details.symbol} /></Row>;
}

/** Why neither the network's coin (`symbol`) nor USDC can pay the fee. */
export function NoFeeSource({ offered, symbol }: { offered: Offered | undefined; symbol: string }) {
  if (!offered || offered.choices.length > 0) return null;
  const reasons = (offered.reasons ?? []).map((english, i) => feeText(english, offered.reasonWords?.[i]));
  return (
    <Notice tone="danger" label={t('preview_feeCannotBePaid')}>
      {t('preview_noFeeSource', { symbol, reasons: reasons.join('; ') })}
    </Notice>
  );
}
