/** Where revokeRefusals.ts keeps why the popup's last revoke was refused on Approve: session storage, emptied at a wallet reset. */
import type { GrantView } from '../../shared/grants';
import type { Hex } from '../../shared/params';

export type RefusalShown = NonNullable<GrantView['revokeRefused']>;

export interface RevokeRefusalSlice {
  /** The account whose revoke it was, and the refusal with its words (refusalWords.ts pageError); null once one is sent. */
  revokeRefusal: { from: Hex; error: RefusalShown } | null;
}

export const REVOKE_REFUSAL_DEFAULTS: RevokeRefusalSlice = { revokeRefusal: null };
