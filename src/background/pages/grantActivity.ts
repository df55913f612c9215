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

/**
 * The grants a batch revoked, as its Activity item names them. A call is encoded only for a batch that may revoke (one
 * call, from an account with grants, to a DelegationManager or, for Revoke all, to the chain's NonceEnforcer), each at
 * most once per list, and the grants' code (the later script) is loaded only then.
 */
export function revokedBy({ grantCode }: Using<'grantCode'>, grants: GrantRecord[]): (batch: BatchRecord) => Promise<Pick<ActivityItem, 'revokes'>> {
  const managers = new Set(grants.map((grant) => grant.delegationManager.toLowerCase()));
  const once = <K, V>(make: (key: K) => Promise<V>) => {
    const made = new Map<K, Promise<V>>();
    return (key: K) => made.get(key) ?? made.set(key, make(key)).get(key)!;
  };
  // A record revokeCall refuses (planted or altered) is revoked by nothing.
  const revokeOf = once((grant: GrantRecord) => grantCode.revokeCall(grant).catch(() => undefined));
  const revokeAllOn = once((chainId: bigint) => grantCode.revokeAllCall(`0x${chainId.toString(16)}`).catch(() => undefined));
  return async (batch) => {
    const ofAccount = grants.filter((grant) => grant.from.toLowerCase() === batch.from.toLowerCase() && BigInt(grant.chainId) === BigInt(batch.chainId));
    if (batch.calls.length !== 1 || ofAccount.length === 0) return {};
    const [call] = batch.calls;
    const revoked = sameCall(await revokeAllOn(BigInt(batch.chainId)), call)
      ? ofAccount.filter((grant) => grant.grantedAt < batch.createdAt)
      : managers.has(call.to?.toLowerCase() ?? '')
        ? (await Promise.all(ofAccount.map(async (grant) => (sameCall(await revokeOf(grant), call) ? [grant] : [])))).flat()
        : [];
    return revoked.length > 0 ? { revokes: revoked.map(mention) } : {};
  };
}
