/**
 * The one rule for whether a grant is revoked as far as the wallet knows: one of the wallet's revokes of it, which the
 * store names on it, landed or may yet (activity.ts revokeOutcomes: by the outcome written on it, else its record in
 * Activity's history; a page's batch carrying the same call counts for nothing, nor a revoke gone from history with
 * no outcome written). Permissions, a site's own list and revoke count by it; the grants' room only by a revoke that
 * landed (landedRevokes). In the later script (grantCode.ts).
 */
import type { Hex } from '../../shared/params';
import { namedOutcome, revokeOutcomes, weightOf, type Outcome } from './activity';
import { MAX_REVOKE_BATCHES, recordFor, type RevokeRecords, type SentBatch } from './sentRevokes';
import type { GrantRecord, Grants } from './store';

/** Every record: a list's grants' revokes are read at once, and those of grants marked before their revokes were named. */
type EveryRevoke = Pick<RevokeRecords, 'all' | 'authentic'>;

/** The ids of those of `grants` the most of whose revokes say is one of `counted`. */
async function revokedAs(grants: GrantRecord[], batches: EveryRevoke, counted: Outcome[]): Promise<Set<Hex>> {
  // Most lists have no revoke: Activity's records are not read for them.
  if (!grants.some((grant) => grant.revokedAt !== undefined)) return new Set();
  const known = await revokeOutcomes(grants, await batches.all(), batches.authentic);
  return new Set([...known].filter(([, outcome]) => counted.includes(outcome)).map(([id]) => id));
}

/** The ids of those of `grants` whose revoke landed or may yet. */
export const revokedGrants = (grants: GrantRecord[], batches: EveryRevoke): Promise<Set<Hex>> => revokedAs(grants, batches, ['landed', 'pending']);

/**
 * The ids of those of `grants` whose revoke landed: only they make way in the grants' room (room.ts). One pending may
 * yet revert or be dropped, and a grant dropped for it would be in force yet gone from Permissions.
 */
export const landedRevokes = (grants: GrantRecord[], batches: EveryRevoke): Promise<Set<Hex>> => revokedAs(grants, batches, ['landed']);

/** The grants of `origin` (or every grant) still in force: not revoked (revokedGrants). */
export async function grantsInForce(services: { grants: Pick<Grants, 'list'>; batches: EveryRevoke }, origin?: string): Promise<GrantRecord[]> {
  const grants = await services.grants.list(origin);
  const revoked = await revokedGrants(grants, services.batches);
  return grants.filter((grant) => !revoked.has(grant.id));
}

/**
 * `named`, a grant's revokes, cut to MAX_REVOKE_BATCHES (sentRevokes.ts), the oldest of the lightest dropped first
 * (activity.ts weightOf: nothing known, failed, pending, landed): while one that landed is named the grant stays
 * revoked (a cap must never put a revoked grant back in force), and a grant whose every revoke failed keeps only
 * failed ones, so it stays in force. Only more revokes pending at once than the cap, each approved by the user, would
 * drop one that may yet land.
 */
export async function keptRevokes(named: SentBatch[], batches: Pick<RevokeRecords, 'own' | 'authentic'>): Promise<SentBatch[]> {
  if (named.length <= MAX_REVOKE_BATCHES) return named;
  const weights = await Promise.all(named.map(async (sent) => weightOf(await namedOutcome(sent, await recordFor(sent, batches), batches.authentic))));
  const lightestFirst = named.map((_, i) => i).sort((a, b) => weights[a] - weights[b] || a - b);
  const dropped = new Set(lightestFirst.slice(0, named.length - MAX_REVOKE_BATCHES));
  return named.filter((_, i) => !dropped.has(i));
}
