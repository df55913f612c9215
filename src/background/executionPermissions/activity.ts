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

/** What a batch on record says of the grants it revokes: it did nothing, it went through or may yet, or neither. */
export type Outcome = 'failed' | 'live' | undefined;

/**
 * Not sent nor failed (a review not answered yet), or a record `authentic` refuses: neither. Authenticated last: most
 * batches read revoke nothing.
 */
export async function outcomeOf(batch: BatchRecord, authentic: (batch: BatchRecord) => Promise<boolean>): Promise<Outcome> {
  const didNothing = batchStatus(batch) >= CallsStatus.offchainFailure;
  if (!didNothing && !anySent(batch)) return undefined;
  if (!(await authentic(batch))) return undefined;
  return didNothing ? 'failed' : 'live';
}

/**
 * The grants marked revoked whose every revoke of the wallet's failed (not sent, reverted, dropped, cancelled): the
 * wallet knows its revoke did nothing, so a node's word that they are revoked hides no Revoke (pages/grants.ts). Only
 * the wallet's own revokes, which the grant's record names (store.ts revokeBatches), decide: a page's batch carrying
 * the same call does not, nor a revoke gone from Activity's history (dropped once finished: how it ended is not known,
 * and the grant stays marked).
 */
export async function failedRevokes(grants: GrantRecord[], batches: BatchRecord[], authentic: (batch: BatchRecord) => Promise<boolean>): Promise<Set<Hex>> {
  const marked = grants.filter((grant) => grant.revokedAt !== undefined);
  const failed = new Set<Hex>();
  const live = new Set<Hex>();
  const count = (outcome: Outcome, grant: GrantRecord): void => {
    if (outcome) (outcome === 'failed' ? failed : live).add(grant.id);
  };
  const keyOf = (origin: string, id: string) => `${origin} ${id}`;
  const kept = new Map(batches.map((batch) => [keyOf(batch.origin, batch.id), batch]));
  for (const grant of marked) {
    for (const sent of grant.revokeBatches ?? []) {
      const batch = kept.get(keyOf(sent.origin, sent.batchId));
      count(batch ? await outcomeOf(batch, authentic) : 'live', grant);
    }
  }
  // A record marked before the wallet named its revokes: any revoke of it on record, but a failed one only when made
  // before the mark (one made after, a page's, cannot be the revoke that marked it).
  const revokedBy = revokes(marked.filter((grant) => grant.revokeBatches === undefined));
  for (const batch of batches) {
    const revoked = await revokedBy(batch);
    const outcome = revoked.length === 0 ? undefined : await outcomeOf(batch, authentic);
    for (const grant of revoked) count(outcome === 'failed' && batch.createdAt > grant.revokedAt! ? undefined : outcome, grant);
  }
  return new Set([...failed].filter((id) => !live.has(id)));
}
