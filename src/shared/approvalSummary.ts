/**
 * A request as the approval window's first paint shows it before its screen has loaded (ui/approval/firstPaint.ts):
 * the screen's title, its network, and its two buttons' names (the less prominent first), as the screen itself names
 * them. Shared: the worker puts the first waiting request's summary in the window's address (summaryInUrl.ts).
 */
import type { ApprovalView } from './approvals';
import { cleanText } from './displayText';

export interface Summary {
  title: string;
  network?: string;
  buttons: readonly [secondary: string, primary: string];
}

const DECIDE = ['Reject', 'Approve'] as const;

function titleAndButtons(approval: ApprovalView): Omit<Summary, 'network'> {
  switch (approval.type) {
    case 'connect': {
      const signIn = approval.details.signIn !== undefined;
      return signIn
        ? { title: `Connect and sign in to ${approval.origin}`, buttons: ['Reject', 'Connect and sign in'] }
        : { title: `Connect to ${approval.origin}`, buttons: ['Reject', 'Connect'] };
    }
    // The safe answer is the prominent one here.
    case 'phishing': return { title: 'Deceptive site', buttons: ['Continue anyway (I trust this site)', 'Back to safety'] };
    case 'addChain': return { title: 'Add a network', buttons: DECIDE };
    case 'switchChain': return { title: 'Switch network', buttons: ['Reject', 'Switch network'] };
    case 'sendCalls':
      return approval.details.upgrade
        ? { title: 'Upgrade your account?', buttons: ['Decline upgrade', 'Upgrade account'] }
        : { title: 'Review batch', buttons: DECIDE };
    case 'sendTransaction': return { title: 'Send transaction', buttons: DECIDE };
    case 'signMessage': return { title: 'Sign message', buttons: ['Reject', 'Sign'] };
    case 'signTypedData': return { title: 'Sign typed data', buttons: ['Reject', 'Sign'] };
    case 'watchAsset':
      return 'collectible' in approval.details
        ? { title: 'Add suggested collectible', buttons: ['Cancel', 'Add collectible'] }
        : { title: 'Add suggested token', buttons: ['Cancel', 'Add token'] };
    case 'revertForeignDelegation': return { title: 'Revert to a plain account', buttons: ['Reject', 'Revert'] };
    case 'replaceTransaction': return { title: approval.details.mode === 'cancel' ? 'Cancel transaction' : 'Speed up transaction', buttons: DECIDE };
    case 'revokeDelegation': return { title: 'Revert to a plain account', buttons: DECIDE };
  }
}

/** What the window paints for a request still being planned: its screen's buttons come with the plan. */
export const PLANNING_SUMMARY: Summary = { title: 'Preparing the request', buttons: DECIDE };

export function summaryOf(approval: ApprovalView): Summary {
  const { details } = approval;
  const network = 'networkName' in details ? cleanText(details.networkName) : undefined;
  return { ...titleAndButtons(approval), ...(network ? { network } : {}) };
}
