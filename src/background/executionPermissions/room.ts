/**
 * Whether a site's grants fit the wallet's list (store.ts MAX_GRANTS, MAX_GRANTS_PER_SITE) beside the grants still in
 * force: asked before a grant's window and again when its grants are kept. In the later script (grantCode.ts).
 */
import { ErrorCode, RpcError, invalidParams } from '../../shared/errors';
import { MAX_GRANTS, MAX_GRANTS_PER_SITE, type GrantRecord } from './store';

/** How many more grants `origin` may add: the wallet's and the site's room beside the grants in force (revoked ones make way). */
export function grantRoom(all: GrantRecord[], origin: string): number {
  const inForce = all.filter((grant) => grant.revokedAt === undefined);
  return Math.max(0, Math.min(MAX_GRANTS - inForce.length, MAX_GRANTS_PER_SITE - inForce.filter((grant) => grant.origin === origin).length));
}

/** -32602 unless `wanted` more grants of `origin` fit: its share, or the wallet's list, is full. */
export function roomFor(all: GrantRecord[], origin: string, wanted: number): void {
  if (grantRoom(all, origin) >= wanted) return;
  const ofSite = all.filter((g) => g.origin === origin && g.revokedAt === undefined).length;
  throw ofSite + wanted > MAX_GRANTS_PER_SITE
    ? invalidParams(`${origin} holds as many grants as the wallet keeps for a site: revoke some in Permissions first`)
    : invalidParams(`This wallet holds as many grants as it keeps (${MAX_GRANTS}, of every site): revoke some in Permissions first`);
}

/** Why `wanted` grants of `origin` were not kept: no room (-32602), else the list changed meanwhile. */
export function notKept(all: GrantRecord[], origin: string, wanted: number): never {
  roomFor(all, origin, wanted);
  throw new RpcError(ErrorCode.internal, 'The grants were not kept: ask again');
}
