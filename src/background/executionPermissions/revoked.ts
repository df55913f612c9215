/**
 * The one rule for whether a grant is revoked as far as the wallet knows: its revoke was sent (the store marks it so,
 * naming the batch) and not every revoke of the wallet's of it failed (activity.ts failedRevokes: reverted, dropped,
 * cancelled; a page's batch carrying the same call counts for nothing). Permissions, a site's own list and revoke, and
 * the grants' room all count by it. In the later script (grantCode.ts).
 */
import type { Hex } from '../../shared/params';
import { failedRevokes } from './activity';
import type { GrantRecord, Grants, RevokeRecords } from './store';

/** The ids of those of `grants` whose revoke went through. */
export async function revokedGrants(grants: GrantRecord[], batches: RevokeRecords): Promise<Set<Hex>> {
  const marked = grants.filter((grant) => grant.revokedAt !== undefined);
  // Most lists have no revoke: Activity's records are not read for them.
  const failed = marked.length === 0 ? new Set<Hex>() : await failedRevokes(grants, await batches.all(), batches.authentic);
  return new Set(marked.filter((grant) => !failed.has(grant.id)).map((grant) => grant.id));
}

/** The grants of `origin` (or every grant) still in force: not revoked (revokedGrants). */
export async function grantsInForce(services: { grants: Pick<Grants, 'list'>; batches: RevokeRecords }, origin?: string): Promise<GrantRecord[]> {
  const grants = await services.grants.list(origin);
  const revoked = await revokedGrants(grants, services.batches);
  return grants.filter((grant) => !revoked.has(grant.id));
}
