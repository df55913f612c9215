/**
 * A request the wallet is still planning (a distant node answers slowly): who asks, and that its screen is on the
 * way. The buttons are its screen's, asleep: there is nothing to approve yet. Closing the window rejects it.
 */
import type { PlanningView } from '../../shared/approvals';
import { PLANNING_SUMMARY } from '../../shared/approvalSummary';
import { Screen } from '../components/Screen';

export function Planning({ request }: { request: PlanningView }) {
  const [reject, approve] = PLANNING_SUMMARY.buttons;
  return (
    <Screen title={PLANNING_SUMMARY.title} origin={request.origin} actions={<><button className="secondary" disabled>{reject}</button><button disabled>{approve}</button></>}>
      <p className="muted" aria-busy="true">Reading your account and the network before showing what this request does.</p>
    </Screen>
  );
}
