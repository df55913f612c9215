import { useState } from 'react';
import { Notice } from '../components/Notice';
import { errorText } from '../format/errorText';
import { t } from '../i18n/t';

/**
 * The two answers at the bottom of every approval screen; the affirmative one may wait for something (`blocked`).
 * Approve waits for the worker's answer (a Ledger account's is what the device must sign, which may wait for the
 * account's previous userOp to run): meanwhile it cannot be pressed again, and a refusal is said here.
 */
export function Decision({ onReject, onApprove, approveLabel = t('approval_approve'), rejectLabel = t('approval_reject'), blocked }: {
  onReject(): void;
  onApprove(): Promise<unknown> | void;
  approveLabel?: string;
  rejectLabel?: string;
  blocked?: boolean;
}) {
  const [answering, setAnswering] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const approve = () => {
    const answered = onApprove();
    if (!answered) return;
    setAnswering(true);
    setRefused(null);
    answered.then(
      () => setAnswering(false),
      (error: unknown) => {
        setAnswering(false);
        setRefused(errorText(error));
      },
    );
  };
  return (
    <>
      {refused && <Notice tone="danger">{refused}</Notice>}
      <button className="secondary" onClick={onReject}>{rejectLabel}</button>
      <button disabled={blocked || answering} aria-busy={answering} onClick={approve}>{approveLabel}</button>
    </>
  );
}
