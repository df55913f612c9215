/**
 * Whether a site's grants fit the wallet's list (store.ts MAX_GRANTS, MAX_GRANTS_PER_SITE, counted per site: an origin's
 * subdomains share its share) beside the grants still in force: asked before a grant's window and again when its
 * grants are kept. In the later script (grantCode.ts).
 */
import { ErrorCode, RpcError, invalidParams } from '../../shared/errors';
import { MAX_GRANTS, MAX_GRANTS_PER_SITE, ofSameSite, type GrantRecord } from './store';

const inForce = (all: GrantRecord[]) => all.filter((grant) => grant.revokedAt === undefined);

/** How many more grants `origin` may add: the wallet's and its site's room beside the grants in force (revoked ones make way). */
export async function grantRoom(all: GrantRecord[], origin: string): Promise<number> {
  const ofSite = (await ofSameSite(inForce(all), origin)).length;
  return Math.max(0, Math.min(MAX_GRANTS - inForce(all).length, MAX_GRANTS_PER_SITE - ofSite));
}

/** -32602 unless `wanted` more grants of `origin` fit: its site's share, or the wallet's list, is full. */
export async function roomFor(all: GrantRecord[], origin: string, wanted: number): Promise<void> {
  if ((await grantRoom(all, origin)) >= wanted) return;
  const ofSite = (await ofSameSite(inForce(all), origin)).length;
  throw ofSite + wanted > MAX_GRANTS_PER_SITE
    ? invalidParams(`${origin}'s site holds as many grants as the wallet keeps for a site: revoke some in Permissions first`)
    : invalidParams(`This wallet holds as many grants as it keeps (${MAX_GRANTS}, of every site): revoke some in Permissions first`);
}

/** Why `wanted` grants of `origin` were not kept: no room (-32602), else the list changed meanwhile. */
export async function notKept(all: GrantRecord[], origin: string, wanted: number): Promise<never> {
  await roomFor(all, origin, wanted);
  throw new RpcError(ErrorCode.internal, 'The grants were not kept: ask again');
}
