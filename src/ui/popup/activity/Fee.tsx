/**
 * The fee a row's batch cost: "Fee 0.000021 ETH", what its mined transactions paid together (a speed-up's and not the
 * one it replaced, each of a sequential batch's); "Fee paid by the sponsor" for a sponsored userOp that ran; the line
 * of the fee a USDC paymaster took. No ETH fee while a mined transaction has none: a partial sum would be wrong.
 */
import type { ActivityItem } from '../../../shared/activity';
import { Amount } from '../../components/Amount';
import { sayFee } from '../../format/feeWords';
import { Message } from '../../i18n/Message';
import { t } from '../../i18n/t';

/**
 * What the mined transactions paid together, in wei; null when none is mined, one has no fee, or two at one nonce
 * claim to be mined (only one can be: a node's lie, or a reorg not followed yet).
 */
function paid(item: ActivityItem): bigint | null {
  const mined = item.transactions.filter((tx) => tx.status === 'confirmed' || tx.status === 'pre-confirmed' || tx.status === 'failed');
  if (mined.length === 0 || mined.some((tx) => !tx.feePaid) || new Set(mined.map((tx) => tx.nonce)).size < mined.length) return null;
  return mined.reduce((sum, tx) => sum + BigInt(tx.feePaid!), 0n);
}

/** A sponsored userOp ran (its calls succeeded, or not): the sponsor paid, whatever the calls did. */
const ranSponsored = (item: ActivityItem): boolean => Boolean(item.sponsored) && (item.status === 200 || item.status >= 500);

export function Fee({ item, symbol }: { item: ActivityItem; symbol: string }) {
  const wei = paid(item);
  const label = t('activity_networkFee');
  return (
    <>
      {item.usdcFee && <p aria-label={label}>{sayFee(item.usdcFee.words)}</p>}
      {wei !== null
        ? <p aria-label={label}><Message id="activity_feePaid" values={{ amount: <Amount units={wei} symbol={symbol} /> }} /></p>
        : ranSponsored(item) && <p aria-label={label}>{t('activity_feeSponsored')}</p>}
    </>
  );
}
