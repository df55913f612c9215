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
import { recordOf, revokeOutcome, type RevokeOutcome, type SentBatch } from './sentRevokes';
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
 * What is known of a revoke: its call ran, it may yet (sent, not decided in a sealed block), it did nothing, or
 * nothing is known.
 */
export type Outcome = RevokeOutcome | 'pending' | undefined;

type Authentic = (batch: BatchRecord) => Promise<boolean>;

const WEIGHTS: Record<Exclude<Outcome, undefined>, number> = { failed: 1, pending: 2, landed: 3 };
/** How much an outcome says the grant is revoked: nothing known, failed, pending, landed. */
export const weightOf = (outcome: Outcome): number => (outcome ? WEIGHTS[outcome] : 0);

/**
 * What a batch on record says of the grants it revokes. Not sent nor failed (a review not answered yet), or a record
 * `authentic` refuses: nothing. Authenticated last: most batches read revoke nothing.
 */
export async function outcomeOf(batch: BatchRecord, authentic: Authentic): Promise<Outcome> {
  const didNothing = batchStatus(batch) >= CallsStatus.offchainFailure;
  if (!didNothing && !anySent(batch)) return undefined;
  if (!(await authentic(batch))) return undefined;
  return revokeOutcome(batch) ?? (didNothing ? 'failed' : 'pending');
}

/** What is known of `sent`, a revoke a grant names: the outcome written on it, else its batch's record (undefined when gone). */
export const namedOutcome = async (sent: SentBatch, batch: BatchRecord | undefined, authentic: Authentic): Promise<Outcome> =>
  sent.outcome ?? (batch ? outcomeOf(batch, authentic) : undefined);

/**
 * What is known of each grant marked revoked: the most any of the wallet's revokes of it says (weightOf). Only the
 * wallet's own revokes, which the grant's record names (store.ts revokeBatches), count, each by the outcome written on
 * it, else by its batch's record while Activity's history holds it: a page's batch carrying the same call counts for
 * nothing, and so does a revoke gone from history with no outcome written, for a page decides when a record leaves
 * (it fills the history; on Firefox a content script deletes one): counted as landed, a grant whose revoke failed would
 * leave the lists while in force. Such a grant stays in force as far as the wallet knows; Permissions still shows what
 * the chain says of it, beside its Revoke.
 */
export async function revokeOutcomes(grants: GrantRecord[], batches: BatchRecord[], authentic: Authentic): Promise<Map<Hex, Outcome>> {
  const marked = grants.filter((grant) => grant.revokedAt !== undefined);
  const known = new Map<Hex, Outcome>();
  const count = (outcome: Outcome, grant: GrantRecord): void => {
    if (weightOf(outcome) > weightOf(known.get(grant.id))) known.set(grant.id, outcome);
  };
  const keyOf = (origin: string, id: string) => `${origin} ${id}`;
  const kept = new Map(batches.map((batch) => [keyOf(batch.origin, batch.id), batch]));
  // A later batch under the same origin and id (the site's, once the revoke's record is gone) is not its record.
  const keptOf = (sent: SentBatch): BatchRecord | undefined => {
    const batch = kept.get(keyOf(sent.origin, sent.batchId));
    return batch && recordOf(sent)(batch) ? batch : undefined;
  };
  for (const grant of marked) {
    for (const sent of grant.revokeBatches ?? []) count(await namedOutcome(sent, keptOf(sent), authentic), grant);
  }
  // A record marked before the wallet named its revokes: any revoke of it on record, but a failed one only when made
  // before the mark (one made after, a page's, cannot be the revoke that marked it). With none on record nothing is
  // known, as of a named one gone with no outcome written.
  const revokedBy = revokes(marked.filter((grant) => grant.revokeBatches === undefined));
  for (const batch of batches) {
    const revoked = await revokedBy(batch);
    const outcome = revoked.length === 0 ? undefined : await outcomeOf(batch, authentic);
    for (const grant of revoked) count(outcome === 'failed' && batch.createdAt > grant.revokedAt! ? undefined : outcome, grant);
  }
  return known;
}
