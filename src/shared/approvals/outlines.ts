/** How the approval window's first paint names each approval type before its screen has loaded (./index.ts). */
import type { ApprovalType, ApprovalView, ApprovalViewOf } from './index';

/** A screen's title and its two buttons' names, the less prominent first, as the screen itself names them. */
export interface Heading {
  title: string;
  buttons: readonly [secondary: string, primary: string];
}

/**
 * How the window's first paint (shared/approvalSummary.ts) outlines a type before its screen has loaded, and whether
 * the screen previews the batch it runs (the first script then asks for the preview early: ui/stores/firstPreview.ts).
 */
interface Outline<T extends ApprovalType> {
  heading(approval: ApprovalViewOf<T>): Heading;
  previews: boolean;
}

export const DECIDE = ['Reject', 'Approve'] as const;

const outlines: { [T in ApprovalType]: Outline<T> } = {
  connect: {
    heading: ({ origin, details }) =>
      details.signIn !== undefined
        ? { title: `Connect and sign in to ${origin}`, buttons: ['Reject', 'Connect and sign in'] }
        : { title: `Connect to ${origin}`, buttons: ['Reject', 'Connect'] },
    previews: false,
  },
  // The safe answer is the prominent one here.
  phishing: { heading: () => ({ title: 'Deceptive site', buttons: ['Continue anyway (I trust this site)', 'Back to safety'] }), previews: false },
  addChain: { heading: () => ({ title: 'Add a network', buttons: DECIDE }), previews: false },
  switchChain: { heading: () => ({ title: 'Switch network', buttons: ['Reject', 'Switch network'] }), previews: false },
  sendCalls: {
    heading: ({ details }) =>
      details.upgrade ? { title: 'Upgrade your account?', buttons: ['Decline upgrade', 'Upgrade account'] } : { title: 'Review batch', buttons: DECIDE },
    previews: true,
  },
  sendTransaction: { heading: () => ({ title: 'Send transaction', buttons: DECIDE }), previews: true },
  signMessage: { heading: () => ({ title: 'Sign message', buttons: ['Reject', 'Sign'] }), previews: false },
  signTypedData: { heading: () => ({ title: 'Sign typed data', buttons: ['Reject', 'Sign'] }), previews: false },
  watchAsset: {
    heading: ({ details }) =>
      'collectible' in details
        ? { title: 'Add suggested collectible', buttons: ['Cancel', 'Add collectible'] }
        : { title: 'Add suggested token', buttons: ['Cancel', 'Add token'] },
    previews: false,
  },
  revertForeignDelegation: { heading: () => ({ title: 'Revert to a plain account', buttons: ['Reject', 'Revert'] }), previews: false },
  replaceTransaction: {
    heading: ({ details }) => ({ title: details.mode === 'cancel' ? 'Cancel transaction' : 'Speed up transaction', buttons: DECIDE }),
    previews: true,
  },
  revokeDelegation: { heading: () => ({ title: 'Revert to a plain account', buttons: DECIDE }), previews: true },
  grantPermissions: { heading: ({ details }) => ({ title: details.grants.length > 1 ? 'Grant permissions' : 'Grant a permission', buttons: ['Reject', 'Grant'] }), previews: false },
};

/** The outline of an approval's own type (one lookup: each entry takes only views of its type). */
const outlineOf = <T extends ApprovalType>(type: T): Outline<T> => outlines[type];

export const headingOf = (approval: ApprovalView): Heading => outlineOf(approval.type).heading(approval);

/** Whether a type's screen previews what it runs; false for a type the window does not know (an old address). */
export const previews = (type: string): boolean => Object.hasOwn(outlines, type) && outlines[type as ApprovalType].previews;
