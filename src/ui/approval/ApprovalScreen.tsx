import type { JSX } from 'react';
import type { ApprovalView } from '../../shared/approvals';
import type { WalletState } from '../../shared/walletState';
import { ScreenBoundary } from './ScreenBoundary';
import { screens } from './screens';

/**
 * The screen of the approval's type, inside a boundary that still offers Reject if it throws; both keyed by the
 * request, so the next one starts afresh. The map's entry and the view share that type, which TypeScript cannot
 * relate here.
 */
export function ApprovalScreen({ approval, state }: { approval: ApprovalView; state: WalletState }) {
  const Component = screens[approval.type] as (props: { approval: ApprovalView; state: WalletState }) => JSX.Element;
  return (
    <ScreenBoundary key={approval.id} approval={approval}>
      <Component approval={approval} state={state} />
    </ScreenBoundary>
  );
}
