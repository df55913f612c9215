import { useState } from 'react';
import { Notice } from '../components/Notice';
import { errorText } from '../format/errorText';
import type { WalletState } from '../../shared/walletState';
import { t } from '../i18n/t';

/**
 * The two answers at the bottom of every approval screen; the affirmative one may wait for something (`blocked`).
 * Approve waits for the worker's answer (a Ledger account's is what the device must sign, which may wait for the
 * account's previous userOp to run): meanwhile it cannot be pressed again, and a refusal is said here. `ledger`: the
 * request takes a Ledger account's nonce, so its Approve also waits for the account's earlier request on the device or
 * being sent (rpc/deviceBatchPayloads.ts inTurn, up to a minute), and says so meanwhile.
 */
export function Decision({ onReject, onApprove, approveLabel = t('approval_approve'), rejectLabel = t('approval_reject'), blocked, ledger }: {
  onReject(): void;
  onApprove(): Promise<unknown> | void;
  approveLabel?: string;
  rejectLabel?: string;
  blocked?: boolean;
  ledger?: boolean;
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
      {ledger && answering && <Notice tone="info">{t('ledger_waitingForTurn')}</Notice>}
      <button className="secondary" onClick={onReject}>{rejectLabel}</button>
      <button disabled={blocked || answering} aria-busy={answering} onClick={approve}>{approveLabel}</button>
    </>
  );
}

/** Whether `account` is one of the wallet's Ledger accounts (Decision's `ledger`). */
export const onLedger = (state: Pick<WalletState, 'accounts'>, account: string): boolean =>
  Boolean(state.accounts.find((a) => a.address.toLowerCase() === account.toLowerCase())?.ledger);
