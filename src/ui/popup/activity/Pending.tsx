/**
 * What a pending row offers. A pending transaction can be sped up or cancelled (a new transaction at its nonce,
 * reviewed in the approval window; the original then reads "replaced"). A pending sponsored batch, or one whose fee is
 * paid in USDC, can be cancelled by a transaction that uses its userOp's EntryPoint nonce.
 */
import { useState } from 'react';
import type { ActivityItem, ActivityTransaction } from '../../../shared/activity';
import { call } from '../../api/background';
import { errorText } from '../../format/errorText';
import { t } from '../../i18n/t';

/** A request that only queues a review: busy until the approval window has it, its error shown under the buttons. */
function useReview(): { busy: boolean; error: string | null; ask: (request: () => Promise<unknown>) => void } {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = (request: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    void request().then(
      () => setBusy(false),
      (e: unknown) => (setError(errorText(e)), setBusy(false)),
    );
  };
  return { busy, error, ask };
}

/** Speed up and Cancel of one pending transaction (a Cancel is only sped up). */
export function ReplaceTransaction({ item, tx }: { item: ActivityItem; tx: ActivityTransaction }) {
  const { busy, error, ask } = useReview();
  const replace = (mode: 'speedUp' | 'cancel') => ask(() => call('replaceTransaction', { origin: item.origin, id: item.id, hash: tx.hash, mode }));
  return (
    <>
      <div className="row">
        <button type="button" className="secondary small" disabled={busy} onClick={() => replace('speedUp')}>{t('activity_speedUp')}</button>
        {!tx.cancel && <button type="button" className="secondary small" disabled={busy} onClick={() => replace('cancel')}>{t('activity_cancel')}</button>}
      </div>
      {error && <p className="error" role="alert">{error}</p>}
    </>
  );
}

/**
 * A pending sponsored batch, or one paying its fee in USDC: one userOp, which can run for as long as its EntryPoint
 * nonce is unused, whatever the bundler says. Cancel asks for the review of the account's transaction that uses that
 * nonce. A fee in USDC is not sped up: a replacement would need a new permit within a new approved cap (issue 45).
 */
export function CancelUserOperation({ item, symbol }: { item: ActivityItem; symbol: string }) {
  const { busy, error, ask } = useReview();
  return (
    <>
      <p className="muted" aria-label={t('activity_replacement')}>
        {item.paidInUsdc ? t('activity_usdcCancel', { symbol }) : t('activity_sponsoredCancel')}
      </p>
      <div className="row">
        <button type="button" className="secondary small" disabled={busy} onClick={() => ask(() => call('cancelUserOperation', { origin: item.origin, id: item.id }))}>{t('activity_cancel')}</button>
      </div>
      {error && <p className="error" role="alert">{error}</p>}
    </>
  );
}
