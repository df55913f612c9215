/** The wallet's own transactions still waiting for a block, as pending-transaction filters and subscriptions report them. */
import type { Hex } from '../../shared/params';
import type { Permissions } from '../permissions/permissions';
import { ownRecords } from './ownRecords';
import { undecided } from './status';
import type { BatchStore } from './store';

export interface OwnPendingDeps {
  batches: Pick<BatchStore, 'all' | 'authentic'>;
  permissions: Pick<Permissions, 'accountsOf'>;
}

/**
 * Hashes of the transactions sent from accounts `origin` may use, on `chainId`, with no receipt yet (oldest first). Only
 * the wallet's records: one planted in storage.local would name any hashes, thousands of them, as the account's.
 */
export async function ownPending(deps: OwnPendingDeps, chainId: Hex, origin: string): Promise<Hex[]> {
  const accounts = new Set((await deps.permissions.accountsOf(origin)).map((a) => a.toLowerCase()));
  if (accounts.size === 0) return [];
  const waiting = (await deps.batches.all()).filter((b) => b.chainId === chainId && accounts.has(b.from.toLowerCase()) && b.transactions.some(undecided));
  const batches = await ownRecords(deps.batches, waiting);
  return batches.sort((a, b) => a.createdAt - b.createdAt).flatMap((b) => b.transactions.filter(undecided).map((t) => t.hash));
}

/**
 * Hashes of every transaction the wallet sent on `chainId` from an account `origin` was not given, in any state. Not
 * authenticated: an altered record of the wallet's still names its transactions, and a planted one only hides hashes.
 */
export async function withheldTransactions(deps: OwnPendingDeps, chainId: Hex, origin: string): Promise<Hex[]> {
  const accounts = new Set((await deps.permissions.accountsOf(origin)).map((a) => a.toLowerCase()));
  return (await deps.batches.all()).filter((b) => b.chainId === chainId && !accounts.has(b.from.toLowerCase())).flatMap((b) => b.transactions.map((t) => t.hash));
}
