import { t } from '../i18n/t';

/** The two answers at the bottom of every approval screen; the affirmative one may wait for something (`blocked`). */
export function Decision({ onReject, onApprove, approveLabel = t('approval_approve'), rejectLabel = t('approval_reject'), blocked }: {
  onReject(): void;
  onApprove(): void;
  approveLabel?: string;
  rejectLabel?: string;
  blocked?: boolean;
}) {
  return (
    <>
      <button className="secondary" onClick={onReject}>{rejectLabel}</button>
      <button disabled={blocked} onClick={onApprove}>{approveLabel}</button>
    </>
  );
}
