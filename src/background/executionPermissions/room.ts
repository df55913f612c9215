/**
 * Whether a site's grants fit the wallet's list (store.ts MAX_GRANTS, MAX_GRANTS_PER_SITE, counted per site: an origin's
 * subdomains share its share) beside the grants that hold a place: all but those whose wallet revoke landed
 * (revoked.ts landedRevokes; one pending may yet revert or be dropped). Asked before a grant's window and again when
 * its grants are kept, counted alike. In the later script (grantCode.ts).
 */
import { ErrorCode, RpcError, invalidParams } from '../../shared/errors';
import { landedRevokes } from './revoked';
import type { RevokeRecords } from './sentRevokes';
import { MAX_GRANTS, MAX_GRANTS_PER_SITE, type GrantRecord, type Grants } from './store';

/** The wallet's grants, and the records of their revokes (revoked.ts: only a grant whose wallet revoke landed makes way). */
export interface Held {
  grants: Pick<Grants, 'list'>;
  batches: Pick<RevokeRecords, 'all' | 'authentic'>;
}

/** The site of an origin (../sites/siteOf.ts, which the worker's first script holds: passed in, never a second copy). */
export type SiteOf = (origin: string) => Promise<string>;

/** Those of `grants` whose origin is of the same site as `origin`. */
async function ofSameSite(grants: GrantRecord[], origin: string, siteOf: SiteOf): Promise<GrantRecord[]> {
  const [site, sites] = await Promise.all([siteOf(origin), Promise.all(grants.map((grant) => siteOf(grant.origin)))]);
  return grants.filter((_, i) => sites[i] === site);
}

/** Those of `held`'s grants that hold a place: all but those whose revoke landed. */
async function holding(held: Held): Promise<GrantRecord[]> {
  const grants = await held.grants.list();
  const landed = await landedRevokes(grants, held.batches);
  return grants.filter((grant) => !landed.has(grant.id));
}

/**
 * `all` with `grant` added, the oldest grant whose wallet revoke landed (of its site when that is full) dropped when
 * there is no room; undefined when none can be made.
 */
export async function withRoomFor(all: GrantRecord[], grant: GrantRecord, siteOf: SiteOf, revokes: Held['batches']): Promise<GrantRecord[] | undefined> {
  const ofSite = (list: GrantRecord[]) => ofSameSite(list, grant.origin, siteOf);
  const full = async (list: GrantRecord[]) => list.length >= MAX_GRANTS || (await ofSite(list)).length >= MAX_GRANTS_PER_SITE;
  if (!(await full(all))) return [...all, grant];
  const site = await ofSite(all);
  const landed = await landedRevokes(all, revokes);
  const oldest = (site.length >= MAX_GRANTS_PER_SITE ? site : all).find((g) => landed.has(g.id));
  const kept = all.filter((g) => g !== oldest);
  return (await full(kept)) ? undefined : [...kept, grant];
}

/** How many more grants `origin` may add: the wallet's and its site's room beside the grants that hold a place (`placed`). */
export async function grantRoom(placed: GrantRecord[], origin: string, siteOf: SiteOf): Promise<number> {
  const ofSite = (await ofSameSite(placed, origin, siteOf)).length;
  return Math.max(0, Math.min(MAX_GRANTS - placed.length, MAX_GRANTS_PER_SITE - ofSite));
}

/** -32602 unless `wanted` more grants of `origin` fit: its site's share, or the wallet's list, is full. */
export async function roomFor(held: Held, origin: string, wanted: number, siteOf: SiteOf): Promise<void> {
  const placed = await holding(held);
  if ((await grantRoom(placed, origin, siteOf)) >= wanted) return;
  throw (await ofSameSite(placed, origin, siteOf)).length + wanted > MAX_GRANTS_PER_SITE
    ? invalidParams(`${origin}'s site holds as many grants as the wallet keeps for a site: revoke some in Permissions first (a revoke makes room once confirmed)`)
    : invalidParams(`This wallet holds as many grants as it keeps (${MAX_GRANTS}, of every site): revoke some in Permissions first (a revoke makes room once confirmed)`);
}

/** Why `wanted` grants of `origin` were not kept: no room (-32602), else the list changed meanwhile. */
export async function notKept(held: Held, origin: string, wanted: number, siteOf: SiteOf): Promise<never> {
  await roomFor(held, origin, wanted, siteOf);
  throw new RpcError(ErrorCode.internal, 'The grants were not kept: ask again');
}
