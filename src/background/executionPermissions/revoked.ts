/**
 * The one rule for whether a grant is revoked as far as the wallet knows: its revoke was sent (the store marks it so,
 * naming the batch) and not every revoke of the wallet's of it failed (activity.ts failedRevokes: reverted, dropped,
 * cancelled; a page's batch carrying the same call counts for nothing). Permissions, a site's own list and revoke, and
 * the grants' room all count by it. In the later script (grantCode.ts).
 */
import type { Hex } from '../../shared/params';
import { CallsStatus, batchStatus } from '../batches/status';
import type { BatchRecord } from '../batches/types';
import { failedRevokes, outcomeOf } from './activity';
import { MAX_REVOKE_BATCHES, type GrantRecord, type Grants, type RevokeRecords, type SentBatch } from './store';

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

/**
 * How much a revoke on record says the grant is revoked, least first: nothing (a record `authentic` refuses), that it
 * failed, that it may yet go through, that it went through (or is gone from history, which counts as live).
 */
async function weightOf(batch: BatchRecord | undefined, authentic: RevokeRecords['authentic']): Promise<number> {
  if (!batch) return 3;
  const outcome = await outcomeOf(batch, authentic);
  if (outcome === undefined) return 0;
  if (outcome === 'failed') return 1;
  return batchStatus(batch) === CallsStatus.pending ? 2 : 3;
}

/**
 * `named`, a grant's revokes, cut to MAX_REVOKE_BATCHES (store.ts), the oldest of the lightest dropped first
 * (weightOf): while one that went through is named the grant stays revoked (a cap must never put a revoked grant
 * back in force), and a grant whose every revoke failed keeps only failed ones, so it stays in force. Only more revokes
 * pending at once than the cap, each approved by the user, would drop one that may yet go through.
 */
export async function keptRevokes(named: SentBatch[], batches: RevokeRecords): Promise<SentBatch[]> {
  if (named.length <= MAX_REVOKE_BATCHES) return named;
  const records = await batches.all();
  const recordOf = (sent: SentBatch) => records.find((batch) => batch.origin === sent.origin && batch.id === sent.batchId);
  const weights = await Promise.all(named.map((sent) => weightOf(recordOf(sent), batches.authentic)));
  const lightestFirst = named.map((_, i) => i).sort((a, b) => weights[a] - weights[b] || a - b);
  const dropped = new Set(lightestFirst.slice(0, named.length - MAX_REVOKE_BATCHES));
  return named.filter((_, i) => !dropped.has(i));
}
