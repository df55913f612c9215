/** The approval window: unlock first if needed, then the waiting requests in the order they arrived, one screen per type. */
import { useEffect, useRef } from 'react';
import { ForeignDelegationBanner } from '../components/ForeignDelegationBanner';
import { Unlock } from '../components/Unlock';
import { t, uiLocale } from '../i18n/t';
import { useWallet } from '../stores/wallet';
import { reject } from './resolve';
import { ApprovalScreen } from './ApprovalScreen';
import { Armed } from './Armed';
import { Planning } from './Planning';
import { ConfirmOnLedger } from './ledger/ConfirmOnLedger';
import { useDeviceStep } from './ledger/deviceStep';

export function App() {
  const state = useWallet((s) => s.state);
  const device = useDeviceStep((s) => s.request);
  // The request on screen stays until answered: one that arrived before it but was planned longer (the queue lists
  // requests as they arrived) comes next, rather than pulling the screen, or its Ledger step, from under the user.
  const shown = useRef<string>(undefined);
  const approval = state?.approvals.find((a) => a.id === shown.current) ?? state?.approvals[0];
  shown.current = approval?.id;
  const shownId = approval && state?.initialized && state.unlocked ? approval.id : undefined;
  // For `npm run bench`: when a request's screen was first on screen (effects run after the paint).
  useEffect(() => {
    if (shownId) performance.mark('approval-shown', { detail: shownId });
  }, [shownId]);
  if (!state) return <main aria-busy="true" />;
  if (!approval) {
    const planning = state.planning[0];
    if (!planning) return <main><p>{t('approval_nothingWaiting')}</p></main>;
    return state.unlocked ? <Planning request={planning} /> : <Unlock />;
  }
  if (!state.initialized) {
    return (
      <main>
        <p>{t('approval_noWalletYet', { origin: approval.origin })}</p>
        <button className="secondary" onClick={() => void reject(approval)}>{t('approval_reject')}</button>
      </main>
    );
  }
  if (!state.unlocked) return <Unlock />;
  const queued = state.approvals.length > 1 && (
    <p className="muted" aria-label={t('approval_queue')}>{t('approval_queuePosition', { count: state.approvals.length.toLocaleString(uiLocale()) })}</p>
  );
  return (
    <Armed screen={approval.id}>
      {queued}
      {/* The firewall's own revert says it all itself. */}
      {approval.type !== 'revertForeignDelegation' && <ForeignDelegationBanner state={state} />}
      {device?.approvalId === approval.id
        ? <ConfirmOnLedger approval={approval} request={device} />
        : <ApprovalScreen approval={approval} state={state} />}
    </Armed>
  );
}
