/**
 * A request the wallet is still planning (a distant node answers slowly): who asks, and that its screen is on the
 * way. There is nothing to approve yet; Reject (or closing the window) rejects it once planned.
 */
import type { PlanningView } from '../../shared/approvals';
import { PLANNING_SUMMARY } from '../../shared/approvalSummary';
import { Screen } from '../components/Screen';
import { Decision } from './Decision';
import { reject } from './resolve';

export function Planning({ request }: { request: PlanningView }) {
  const [rejectLabel, approveLabel] = PLANNING_SUMMARY.buttons;
  const decision = <Decision onReject={() => void reject(request)} onApprove={() => undefined} rejectLabel={rejectLabel} approveLabel={approveLabel} blocked />;
  return (
    <Screen title={PLANNING_SUMMARY.title} origin={request.origin} actions={decision}>
      <p className="muted" aria-busy="true">Reading your account and the network before showing what this request does.</p>
    </Screen>
  );
}
