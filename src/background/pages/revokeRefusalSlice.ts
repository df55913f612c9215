/** Where revokeRefusals.ts keeps why the popup's last revoke was refused on Approve: session storage, emptied at a wallet reset. */
import type { GrantView } from '../../shared/grants';
import type { Hex } from '../../shared/params';

export type RefusalShown = NonNullable<GrantView['revokeRefused']>;

export interface RevokeRefusalSlice {
  /**
   * Each refusal with its words (refusalWords.ts pageError), by `refusalSlot`: the chain and account whose revoke it was.
   * One is gone once a revoke of that account on that chain is sent; another's stays.
   */
  revokeRefusals: Record<string, RefusalShown>;
}

export const REVOKE_REFUSAL_DEFAULTS: RevokeRefusalSlice = { revokeRefusals: {} };

export const refusalSlot = (chainId: Hex, account: Hex): string => `${chainId}:${account.toLowerCase()}`;
