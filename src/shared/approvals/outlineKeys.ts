/**
 * The message keys an outline (./outlines.ts) names a screen's title and buttons with: the approval window translates
 * them at its first paint (ui/approval/skeleton.ts, whose t() proves each is a key of the catalogues), and reads back
 * from its address only these (../summaryInUrl.ts). Keys of the screens' own messages, so both say the same words.
 * A title's one placeholder, if any, is `{origin}`: the request's origin, which the summary carries.
 */
export const OUTLINE_KEYS = [
  'approval_reject',
  'approval_approve',
  'approval_planningTitle',
  'approval_connectTitle',
  'approval_connectSignInTitle',
  'approval_connect',
  'approval_connectSignIn',
  'approval_deceptiveSite',
  'approval_continueAnyway',
  'approval_backToSafety',
  'approval_addChainTitle',
  'approval_grantPermissions',
  'approval_grantPermission',
  'approval_grant',
  'requests_switchNetwork',
  'requests_signMessageTitle',
  'requests_signTypedDataTitle',
  'requests_sign',
  'requests_addCollectibleTitle',
  'requests_addCollectible',
  'requests_addTokenTitle',
  'requests_addToken',
  'requests_cancel',
  'review_upgradeTitle',
  'review_declineUpgrade',
  'review_upgradeAccount',
  'review_batchTitle',
  'review_sendTitle',
  'review_revertTitle',
  'review_revert',
  'review_cancelTitle',
  'review_speedUpTitle',
] as const;

export type OutlineKey = (typeof OUTLINE_KEYS)[number];

export const isOutlineKey = (value: unknown): value is OutlineKey => (OUTLINE_KEYS as readonly unknown[]).includes(value);
