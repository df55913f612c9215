/**
 * A request the wallet is still planning (a distant node answers slowly): who asks, and that its screen is on the
 * way. There is nothing to approve yet; Reject (or closing the window) rejects it once planned.
 */
import type { PlanningView } from '../../shared/approvals';
import { PLANNING_SUMMARY } from '../../shared/approvalSummary';
import { Screen } from '../components/Screen';
import { reject } from './resolve';

export function Planning({ request }: { request: PlanningView }) {
  const [rejectLabel, approveLabel] = PLANNING_SUMMARY.buttons;
  return (
    <Screen title={PLANNING_SUMMARY.title} origin={request.origin} actions={<><button className="secondary" onClick={() => void reject(request)}>{rejectLabel}</button><button disabled>{approveLabel}</button></>}>
      <p className="muted" aria-busy="true">Reading your account and the network before showing what this request does.</p>
    </Screen>
  );
}
