/**
 * What Activity says of execution permissions: a row for each grant (a signature, no transaction), and on a batch
 * whose one call revoked grants, which ones: a grant's own disableDelegation, or the account's nonce raised at the
 * NonceEnforcer (Revoke all: every grant the account signed on that chain before the batch). Read from the calls
 * themselves, so a revoke a site asked for (wallet_revokeExecutionPermission) reads the same as one from Permissions.
 */
import type { GrantMention } from '../../shared/grants';
import type { ActivityItem } from '../../shared/pages';
import type { Hex } from '../../shared/params';
import type { BatchRecord } from '../batches/types';
import type { GrantRecord } from '../executionPermissions/store';
import type { Using } from '../services';

const mention = ({ origin, to, permission, rules, token }: GrantRecord): GrantMention => ({ origin, to, permission, rules, token });

export const grantItem = (grant: GrantRecord): ActivityItem => ({
  key: `grant ${grant.id}`, id: grant.id, kind: 'grant', origin: grant.origin, chainId: grant.chainId, from: grant.from,
  atomic: false, status: 200, calls: [], transactions: [], createdAt: grant.grantedAt, grant: mention(grant),
});

type Call = { to?: Hex; data: Hex };
const sameCall = (a: Call | undefined, b: Call): boolean => a !== undefined && a.to?.toLowerCase() === b.to?.toLowerCase() && a.data.toLowerCase() === b.data.toLowerCase();

/** The grants a batch revoked, as its Activity item names them. The grants' code (the later script) is loaded only when there are grants. */
export async function revokedBy({ grantCode }: Using<'grantCode'>, grants: GrantRecord[]): Promise<(batch: BatchRecord) => Pick<ActivityItem, 'revokes'>> {
  if (grants.length === 0) return () => ({});
  // A record revokeCall refuses (planted or altered) is revoked by nothing.
  const revokes = await Promise.all(grants.map((grant) => grantCode.revokeCall(grant).catch(() => undefined)));
  const chains = [...new Set(grants.map((grant) => grant.chainId))];
  const revokeAll = await Promise.all(chains.map((chainId) => grantCode.revokeAllCall(chainId).catch(() => undefined)));
  return (batch) => {
    if (batch.calls.length !== 1) return {};
    const [call] = batch.calls;
    const ofAccount = (grant: GrantRecord) => grant.from.toLowerCase() === batch.from.toLowerCase() && BigInt(grant.chainId) === BigInt(batch.chainId);
    const all = sameCall(revokeAll[chains.findIndex((chainId) => BigInt(chainId) === BigInt(batch.chainId))], call);
    const revoked = grants.filter((grant, i) => ofAccount(grant) && (all ? grant.grantedAt < batch.createdAt : sameCall(revokes[i], call)));
    return revoked.length > 0 ? { revokes: revoked.map(mention) } : {};
  };
}
