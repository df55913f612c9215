/**
 * What Activity says of execution permissions: a row for each grant (a signature, no transaction), and on a batch
 * whose one call revoked grants, which ones: a grant's own disableDelegation, or the account's nonce raised at the
 * NonceEnforcer (Revoke all: every grant the account signed on that chain before the batch). Read from the calls
 * themselves, so a revoke a site asked for (wallet_revokeExecutionPermission) reads the same as one from Permissions.
 * In the later script (grantCode.ts): Activity loads it only when there are grants.
 */
import type { GrantMention } from '../../shared/grants';
import type { ActivityItem } from '../../shared/activity';
import type { Hex } from '../../shared/params';
import { CallsStatus, anySent, batchStatus } from '../batches/status';
import type { BatchRecord } from '../batches/types';
import { revokeAllIncrements } from './nonce';
import { revokeCall } from './onChain';
import type { GrantRecord } from './store';

const mention = ({ origin, to, permission, rules, token }: GrantRecord): GrantMention => ({ origin, to, permission, rules, token });

const grantItem = (grant: GrantRecord): ActivityItem => ({
  key: `grant ${grant.id}`, id: grant.id, kind: 'grant', origin: grant.origin, chainId: grant.chainId, from: grant.from,
  atomic: false, status: 200, calls: [], transactions: [], createdAt: grant.grantedAt, grant: mention(grant),
});

type Call = { to?: Hex; data: Hex };
const sameCall = (a: Call | undefined, b: Call): boolean => a !== undefined && a.to?.toLowerCase() === b.to?.toLowerCase() && a.data.toLowerCase() === b.data.toLowerCase();

/** A disableDelegation call carries the delegation's signature: only a grant whose signature is in it is encoded to compare. */
const signedIn = (call: Call) => (grant: GrantRecord): boolean => call.data.toLowerCase().includes(grant.delegation.signature.slice(2).toLowerCase());

/** Each made once per read, when first needed. */
function once<K, V>(make: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const made = new Map<K, Promise<V>>();
  return (key) => made.get(key) ?? made.set(key, make(key)).get(key)!;
}

export interface GrantActivity {
  /** One item per grant. */
  granted: ActivityItem[];
  /** Per batch (same order): the grants it revoked, when any. */
  revokes: (GrantMention[] | undefined)[];
}

/**
 * The grants `batch` revokes: with one call from an account with grants, its disableDelegation of one of them, or its
 * nonce raised (Revoke all, once or more in one call: every grant the account signed on that chain before the batch).
 */
function revokes(grants: GrantRecord[]): (batch: Pick<BatchRecord, 'from' | 'chainId' | 'calls' | 'createdAt'>) => Promise<GrantRecord[]> {
  const managers = new Set(grants.map((grant) => grant.delegationManager.toLowerCase()));
  // A record revokeCall refuses (planted or altered) is revoked by nothing.
  const revokeOf = once((grant: GrantRecord) => revokeCall(grant).catch(() => undefined));
  return async (batch) => {
    const ofAccount = grants.filter((grant) => grant.from.toLowerCase() === batch.from.toLowerCase() && BigInt(grant.chainId) === BigInt(batch.chainId));
    if (batch.calls.length !== 1 || ofAccount.length === 0) return [];
    const [call] = batch.calls;
    if ((await revokeAllIncrements(call, batch.from, batch.chainId)) > 0) return ofAccount.filter((grant) => grant.grantedAt < batch.createdAt);
    if (!managers.has(call.to?.toLowerCase() ?? '')) return [];
    return (await Promise.all(ofAccount.filter(signedIn(call)).map(async (grant) => (sameCall(await revokeOf(grant), call) ? [grant] : [])))).flat();
  };
}

/** The grants a sent batch revokes (its approval marks them so): read from its call, as Activity reads it. */
export const grantsRevokedBy = (grants: GrantRecord[], batch: Pick<BatchRecord, 'from' | 'chainId' | 'calls' | 'createdAt'>): Promise<GrantRecord[]> => revokes(grants)(batch);

/** A call is encoded only for a batch that can revoke (one call from an account with grants), each at most once. */
export async function grantActivity(grants: GrantRecord[], batches: BatchRecord[]): Promise<GrantActivity> {
  const revokedBy = revokes(grants);
  const mentions = async (batch: BatchRecord) => {
    const revoked = await revokedBy(batch);
    return revoked.length > 0 ? revoked.map(mention) : undefined;
  };
  return { granted: grants.map(grantItem), revokes: await Promise.all(batches.map(mentions)) };
}

/**
 * The grants marked revoked whose every revoke on record failed (not sent, reverted, dropped, cancelled): the wallet
 * knows its revoke did nothing, so a node's word that they are revoked hides no Revoke (pages/grants.ts). A review not
 * answered yet counts neither way, nor does a record `authentic` refuses; a grant whose revokes Activity's history
 * dropped stays marked.
 */
export async function failedRevokes(grants: GrantRecord[], batches: BatchRecord[], authentic: (batch: BatchRecord) => Promise<boolean>): Promise<Set<Hex>> {
  const revokedBy = revokes(grants.filter((grant) => grant.revokedAt !== undefined));
  const failed = new Set<Hex>();
  const live = new Set<Hex>();
  for (const batch of batches) {
    const didNothing = batchStatus(batch) >= CallsStatus.offchainFailure;
    if (!didNothing && !anySent(batch)) continue;
    // Authenticated last, and only a revoke: most batches revoke nothing.
    const revoked = await revokedBy(batch);
    if (revoked.length === 0 || !(await authentic(batch))) continue;
    for (const grant of revoked) (didNothing ? failed : live).add(grant.id);
  }
  return new Set([...failed].filter((id) => !live.has(id)));
}
