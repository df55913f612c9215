/** The wallet's own transactions still waiting for a block, as pending-transaction filters and subscriptions report them. */
import type { Hex } from '../../shared/params';
import type { Permissions } from '../permissions/permissions';
import { undecided } from './status';
import type { BatchStore } from './store';

export interface OwnPendingDeps {
  batches: Pick<BatchStore, 'all'>;
  permissions: Pick<Permissions, 'accountsOf'>;
}

/** Hashes of the transactions sent from accounts `origin` may use, on `chainId`, with no receipt yet (oldest first). */
export async function ownPending(deps: OwnPendingDeps, chainId: Hex, origin: string): Promise<Hex[]> {
  const accounts = new Set((await deps.permissions.accountsOf(origin)).map((a) => a.toLowerCase()));
  if (accounts.size === 0) return [];
  const batches = (await deps.batches.all()).filter((b) => b.chainId === chainId && accounts.has(b.from.toLowerCase()));
  return batches.sort((a, b) => a.createdAt - b.createdAt).flatMap((b) => b.transactions.filter(undecided).map((t) => t.hash));
}

/** Hashes of every transaction the wallet sent on `chainId` from an account `origin` was not given, in any state. */
export async function withheldTransactions(deps: OwnPendingDeps, chainId: Hex, origin: string): Promise<Hex[]> {
  const accounts = new Set((await deps.permissions.accountsOf(origin)).map((a) => a.toLowerCase()));
  return (await deps.batches.all()).filter((b) => b.chainId === chainId && !accounts.has(b.from.toLowerCase())).flatMap((b) => b.transactions.map((t) => t.hash));
}
