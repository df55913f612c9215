/**
 * Why the wallet refused the popup's revoke on Approve (wallet_revokeGrants: a Revoke all that a grant signed meanwhile
 * went past, a record altered outside the wallet, …), kept in session storage for Permissions to say (grants.ts): the
 * wallet's own request has no page to answer, and the popup closed as the approval window opened. Kept until one of
 * the popup's revokes is sent. In the worker's later script (laterModules.ts), with the refusals' words.
 */
import type { Hex } from '../../shared/params';
import type { TypedStorage } from '../storage/typedStorage';
import { pageError } from './refusalWords';
import type { RefusalShown, RevokeRefusalSlice } from './revokeRefusalSlice';

/** `answer`, the approval's, asked now: its refusal kept for `from`'s grants, or none once it is sent. */
export async function revokeAnswered<T>(session: Pick<TypedStorage<RevokeRefusalSlice>, 'set'>, from: Hex, answer: () => Promise<T>): Promise<T> {
  try {
    const sent = await answer();
    await session.set('revokeRefusal', null);
    return sent;
  } catch (error) {
    await session.set('revokeRefusal', { from, error: pageError(error).toObject() as RefusalShown });
    throw error;
  }
}
