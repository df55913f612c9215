/**
 * Permissions' list (grants.ts getGrants): each grant as the screen shows it, with what the chain says of it now, whether
 * the wallet's own revoke went through (../executionPermissions/revoked.ts) and why the popup's last revoke of its
 * account was refused on Approve (revokeRefusals.ts). In the worker's later script (laterModules.ts): it reads the
 * grants' code, which is there.
 */
import type { GrantView } from '../../shared/grants';
import type { Hex } from '../../shared/params';
import { grantOnChain } from '../executionPermissions/onChain';
import { revokedGrants } from '../executionPermissions/revoked';
import type { GrantRecord } from '../executionPermissions/store';
import type { Services } from '../services';
import { refusalSlot, type RevokeRefusalSlice } from './revokeRefusalSlice';

type Uses = Pick<Services, 'grants' | 'batches' | 'networks' | 'nodeFor' | 'revokeRefusals'>;

/** `refused`: the popup's revokes the wallet refused on Approve, each said on its account's grants on its chain. */
async function viewOf(services: Uses, grant: GrantRecord, revoked: Set<Hex>, refused: RevokeRefusalSlice['revokeRefusals']): Promise<GrantView> {
  const network = await services.networks.find(grant.chainId);
  const onChain = await services.nodeFor(grant.chainId).then((node) => grantOnChain(node, grant)).catch(() => undefined);
  const { id, origin, chainId, from, to, permission, rules, token, grantedAt } = grant;
  return {
    id, origin, chainId, networkName: network?.name ?? chainId, from, to, permission, rules, token, grantedAt,
    ...(onChain ? { spent: onChain.spent.toString() } : {}),
    // As the chain says now, never kept: a node that lied once, or a revoke that reverted, was replaced or dropped,
    // would otherwise hide a grant still in force, and its Revoke button with it.
    revoked: onChain?.revoked === true,
    // Only while a revoke of the wallet's landed or may yet (revoked.ts), not one that failed or is gone from history
    // with no outcome written: a node's "revoked" beside it would hide a grant still in force.
    revokeSent: revoked.has(id),
    ...(refused[refusalSlot(chainId, from)] ? { revokeRefused: refused[refusalSlot(chainId, from)] } : {}),
  };
}

/** Every grant, as Permissions shows it. */
export async function grantViews(services: Uses): Promise<GrantView[]> {
  const grants = await services.grants.list();
  const [revoked, refused] = await Promise.all([revokedGrants(grants, services.batches), services.revokeRefusals.get('revokeRefusals')]);
  return Promise.all(grants.map((grant) => viewOf(services, grant, revoked, refused)));
}
