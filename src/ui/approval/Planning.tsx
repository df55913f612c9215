/**
 * A request the wallet is still planning (a distant node answers slowly): who asks, and that its screen is on the
 * way. There is nothing to approve yet; Reject (or closing the window) rejects it once planned.
 */
import type { PlanningView } from '../../shared/approvals';
import { Screen } from '../components/Screen';
import { t } from '../i18n/t';
import { Decision } from './Decision';
import { reject } from './resolve';

export function Planning({ request }: { request: PlanningView }) {
  const decision = <Decision onReject={() => void reject(request)} onApprove={() => undefined} blocked />;
  return (
    <Screen title={t('approval_planningTitle')} origin={request.origin} actions={decision}>
      <p className="muted" aria-busy="true">{t('approval_planningReads')}</p>
    </Screen>
  );
}
