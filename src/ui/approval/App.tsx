/** The approval window: unlock first if needed, then the oldest waiting request, one screen per type. */
import { useEffect } from 'react';
import { ForeignDelegationBanner } from '../components/ForeignDelegationBanner';
import { Unlock } from '../components/Unlock';
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
  const approval = state?.approvals[0];
  const shownId = approval && state?.initialized && state.unlocked ? approval.id : undefined;
  // For `npm run bench`: when a request's screen was first on screen (effects run after the paint).
  useEffect(() => {
    if (shownId) performance.mark('approval-shown', { detail: shownId });
  }, [shownId]);
  if (!state) return <main aria-busy="true" />;
  if (!approval) {
    const planning = state.planning[0];
    if (!planning) return <main><p>Nothing is waiting for your approval.</p></main>;
    return state.unlocked ? <Planning request={planning} /> : <Unlock />;
  }
  if (!state.initialized) {
    return (
      <main>
        <p>{approval.origin} wants to connect, but there is no wallet yet. Open Batch Wallet from the toolbar to create or import one.</p>
        <button className="secondary" onClick={() => void reject(approval)}>Reject</button>
      </main>
    );
  }
  if (!state.unlocked) return <Unlock />;
  const queued = state.approvals.length > 1 && (
    <p className="muted" aria-label="Queue">Request 1 of {state.approvals.length}</p>
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
