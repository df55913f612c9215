/** How the approval window's first paint names each approval type before its screen has loaded (./index.ts). */
import type { ApprovalType, ApprovalView, ApprovalViewOf } from './index';
import type { OutlineKey } from './outlineKeys';

/**
 * A screen's title and its two buttons' names, the less prominent first, as message keys of the screen's own words
 * (./outlineKeys.ts): the window translates them.
 */
export interface Heading {
  title: OutlineKey;
  buttons: readonly [secondary: OutlineKey, primary: OutlineKey];
}

const REJECT = 'approval_reject';
export const DECIDE = [REJECT, 'approval_approve'] as const;

/**
 * How the window's first paint (shared/approvalSummary.ts) heads each type before its screen has loaded. The worker
 * writes these, so they are apart from PREVIEWING below, which only the window reads (background.js's bytes).
 */
const headings: { [T in ApprovalType]: (approval: ApprovalViewOf<T>) => Heading } = {
  connect: ({ details }) =>
    details.signIn !== undefined
      ? { title: 'approval_connectSignInTitle', buttons: [REJECT, 'approval_connectSignIn'] }
      : { title: 'approval_connectTitle', buttons: [REJECT, 'approval_connect'] },
  // The safe answer is the prominent one here.
  phishing: () => ({ title: 'approval_deceptiveSite', buttons: ['approval_continueAnyway', 'approval_backToSafety'] }),
  addChain: () => ({ title: 'approval_addChainTitle', buttons: DECIDE }),
  switchChain: () => ({ title: 'requests_switchNetwork', buttons: [REJECT, 'requests_switchNetwork'] }),
  sendCalls: ({ details }) =>
    details.upgrade ? { title: 'review_upgradeTitle', buttons: ['review_declineUpgrade', 'review_upgradeAccount'] } : { title: 'review_batchTitle', buttons: DECIDE },
  sendTransaction: () => ({ title: 'review_sendTitle', buttons: DECIDE }),
  signMessage: () => ({ title: 'requests_signMessageTitle', buttons: [REJECT, 'requests_sign'] }),
  signTypedData: () => ({ title: 'requests_signTypedDataTitle', buttons: [REJECT, 'requests_sign'] }),
  watchAsset: ({ details }) =>
    'collectible' in details
      ? { title: 'requests_addCollectibleTitle', buttons: ['requests_cancel', 'requests_addCollectible'] }
      : { title: 'requests_addTokenTitle', buttons: ['requests_cancel', 'requests_addToken'] },
  revertForeignDelegation: () => ({ title: 'review_revertTitle', buttons: [REJECT, 'review_revert'] }),
  replaceTransaction: ({ details }) => ({ title: details.mode === 'cancel' ? 'review_cancelTitle' : 'review_speedUpTitle', buttons: DECIDE }),
  revokeDelegation: () => ({ title: 'review_revertTitle', buttons: DECIDE }),
  grantPermissions: ({ details }) => ({ title: details.grants.length > 1 ? 'approval_grantPermissions' : 'approval_grantPermission', buttons: [REJECT, 'approval_grant'] }),
};

/** The types whose screen previews the batch it runs: the first script then asks for it early (ui/stores/firstPreview.ts). */
const PREVIEWING: readonly string[] = ['sendCalls', 'sendTransaction', 'replaceTransaction', 'revokeDelegation'] satisfies ApprovalType[];

/** The heading of an approval's own type (one lookup: each entry takes only views of its type). */
const headingFor = <T extends ApprovalType>(type: T): ((approval: ApprovalViewOf<T>) => Heading) => headings[type];

export const headingOf = (approval: ApprovalView): Heading => headingFor(approval.type)(approval);

/** Whether a type's screen previews what it runs; false for a type the window does not know (an old address). */
export const previews = (type: string): boolean => PREVIEWING.includes(type);
