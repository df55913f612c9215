/**
 * The execution permissions the user granted, kept in the extension's IndexedDB (grantRecordStore.ts: out of a content
 * script's reach) so that Permissions lists them, each site sees its own (wallet_getGrantedExecutionPermissions) and a
 * revoke finds its delegation. The chain decides what a session account may do; this list is what the wallet shows of
 * it: a grant is marked revoked once its revoke was sent, and each of the wallet's revokes of it carries what it came to
 * once decided (whether the chain has it revoked now is read anew each time, never kept here).
 */
import type { Hex } from '../../shared/params';
import type { Permission, Rule } from '../../shared/schemas/executionPermissions';
import type { TokenFacts } from '../../shared/grantWords';
import { siteOf } from '../sites/siteOf';
import type { Delegation } from './delegation';
import type { BatchRecord } from '../batches/types';
import { MAX_REVOKE_BATCHES, namesBatch, revokeOutcome, sameBatch, withOutcome, type RevokeRecords, type SentBatch } from './sentRevokes';

export interface GrantRecord {
  /** The delegation's EIP-712 hash: what the DelegationManager keys it by (disabled, spent amounts). */
  id: Hex;
  origin: string;
  chainId: Hex;
  from: Hex;
  to: Hex;
  permission: Permission;
  rules: Rule[];
  /** What the amounts count: the token's (or the network's currency's) symbol and decimals, as read on the chain. */
  token: TokenFacts;
  delegation: Delegation;
  delegationManager: Hex;
  /** The permission context the site redeems with. */
  context: Hex;
  grantedAt: number;
  /** When its revoke was first sent. */
  revokedAt?: number;
  /**
   * The wallet's own revokes of it, as each was sent (at most MAX_REVOKE_BATCHES): only they say whether it is revoked
   * (revoked.ts), kept here because Activity's history drops old batches. Absent on a record marked before the wallet
   * named them.
   */
  revokeBatches?: SentBatch[];
}

/**
 * The wallet keeps this many grants, a site this many of them (../sites/siteOf.ts: its subdomains share its share, as
 * every other limit on pages): the oldest whose wallet revoke landed go first, then a new grant is refused.
 */
export const MAX_GRANTS = 200;
export const MAX_GRANTS_PER_SITE = 32;

/**
 * What the account's next Revoke all on a chain must raise its NonceEnforcer nonce past (nonceMarks.ts), kept beside the
 * grants where no page writes. Nonces in decimal.
 */
export interface GrantNonces {
  /** The highest nonce the wallet put in a grant it signed (absent: none yet), whatever a node said the nonce was. */
  signed?: string;
  /** A nonce the chain is known to be at or past: what the wallet's own Revoke alls raised it by, seen in their receipts. */
  reached: string;
  /** The last Revoke all sent, until its receipt is seen (or it failed, or is gone). */
  sent?: SentBatch;
}

export interface Grants {
  /**
   * Adds the grants (of one site), all or none: false when the wallet's list or the site's share has no room for all
   * of them beside the grants still in force.
   */
  add(...grants: GrantRecord[]): Promise<boolean>;
  /** The grants of `origin`, or every grant. */
  list(origin?: string): Promise<GrantRecord[]>;
  find(id: Hex): Promise<GrantRecord | undefined>;
  /**
   * Marks the grant revoked by `sent`, the wallet's own revoke (again: each one sent is named), with its outcome when
   * its batch is decided already.
   */
  markRevoked(id: Hex, at: number, sent: SentBatch): Promise<void>;
  /**
   * Writes what `batch`, as the wallet wrote it, came to (revokeOutcome) on each grant naming it among its revokes:
   * the batch store tells it each time that changes (createServices.ts).
   */
  revokeDecided(batch: BatchRecord): Promise<void>;
  /**
   * Forgets every grant (a wallet reset), not the nonces: the delegations signed before are still the sites', and the
   * same account imported again must still revoke them all.
   */
  clear(): Promise<void>;
  /** Where the nonces that Revoke all counts on are kept (nonceMarks.ts keeps them). */
  nonceStore: NonceStore;
}

/** Every account's nonces, by `${chain id in decimal}:${account in lower case}`. */
export type GrantNonceRecords = Record<string, GrantNonces>;

export type NonceStore = Pick<GrantRecordStore, 'loadNonces' | 'saveNonces'>;

/** Where the records are kept: the extension's IndexedDB (grantRecordStore.ts). */
export interface GrantRecordStore {
  /** null until the first save (storage migration 5 makes it, moving the records kept in storage.local before). */
  load(): Promise<GrantRecord[] | null>;
  save(grants: GrantRecord[]): Promise<void>;
  loadNonces(): Promise<GrantNonceRecords | undefined>;
  saveNonces(nonces: GrantNonceRecords): Promise<void>;
}

/** A store in memory, for unit tests. */
export function memoryGrantRecordStore(): GrantRecordStore {
  let kept: GrantRecord[] | null = null;
  let nonces: GrantNonceRecords | undefined;
  return {
    load: async () => structuredClone(kept), save: async (grants) => void (kept = structuredClone(grants)),
    loadNonces: async () => structuredClone(nonces), saveNonces: async (records) => void (nonces = structuredClone(records)),
  };
}

/**
 * The records that have a grant's shape (grantShape.ts `grantsWithShape`, in the worker's later script: asked only when
 * there are records). Storage migration 5 moved whatever storage.local held, a content script's plants too.
 */
export type GrantsWithShape = (records: GrantRecord[]) => Promise<GrantRecord[]>;

/** What the list is kept with, from the worker's later script (grantCode.ts). */
export interface GrantsCode {
  grantsWithShape: GrantsWithShape;
  /**
   * `all` with `grant` added, or undefined when there is no room (room.ts withRoomFor, counted per site); a grant whose
   * wallet revoke landed, as `revokes` and the outcomes written say (revoked.ts landedRevokes), makes way.
   */
  withRoomFor(all: GrantRecord[], grant: GrantRecord, sites: typeof siteOf, revokes: RevokeRecords): Promise<GrantRecord[] | undefined>;
  /** `named` (a grant's revokes, past MAX_REVOKE_BATCHES) cut to it, saying still whether the grant is revoked (revoked.ts). */
  keptRevokes(named: SentBatch[], revokes: RevokeRecords): Promise<SentBatch[]>;
}

/**
 * `migrated`: storage's migrations, which move the grants stored in storage.local before, have run. `revokes`: the
 * wallet's batch records, which say whether a grant's revoke went through.
 */
export function createGrants(store: GrantRecordStore, migrated: Promise<void>, code: GrantsCode, revokes: RevokeRecords): Grants {
  let queue: Promise<unknown> = Promise.resolve();
  const stored = async (): Promise<GrantRecord[]> => {
    await migrated;
    const records = (await store.load()) ?? [];
    return records.length === 0 ? records : code.grantsWithShape(records);
  };
  /** One step at a time, each on the list as the one before left it. */
  const queued = <T>(step: () => Promise<T>): Promise<T> => {
    const next = queue.then(step);
    queue = next.catch(() => undefined);
    return next;
  };
  const update = (change: (current: GrantRecord[]) => GrantRecord[] | Promise<GrantRecord[]>): Promise<void> =>
    queued(async () => store.save(await change(await stored())));
  return {
    nonceStore: store,
    async add(...grants) {
      let added = false;
      await update(async (all) => {
        let next: GrantRecord[] | undefined = all;
        for (const grant of grants) next = next && (await code.withRoomFor(next, grant, siteOf, revokes));
        added = next !== undefined;
        return next ?? all;
      });
      return added;
    },
    async list(origin) {
      const grants = await stored();
      return origin === undefined ? grants : grants.filter((grant) => grant.origin === origin);
    },
    async find(id) {
      return (await stored()).find((grant) => grant.id === id);
    },
    clear: () => update(() => []),
    async markRevoked(id, at, sent) {
      const isSent = sameBatch(sent);
      await update(async (all) => {
        const grant = all.find((g) => g.id === id);
        if (!grant) return all;
        const batches = grant.revokeBatches ?? [];
        // Once per batch: an approval finished again after a worker restart marks it again.
        const named = batches.some(isSent) ? batches : [...batches, await withOutcome(sent, revokes)];
        // Under the cap, the later script is not loaded.
        const kept = named.length > MAX_REVOKE_BATCHES ? await code.keptRevokes(named, revokes) : named;
        return all.map((g) => (g === grant ? { ...grant, revokedAt: grant.revokedAt ?? at, revokeBatches: kept } : g));
      });
    },
    revokeDecided: (batch) => queued(async () => {
      const names = namesBatch(batch);
      // Most batches revoke no grant: the records as stored are looked at first, and checked and written only then.
      if (!((await migrated.then(() => store.load())) ?? []).some(names)) return;
      const isBatch = sameBatch({ origin: batch.origin, batchId: batch.id, createdAt: batch.createdAt });
      const outcome = revokeOutcome(batch);
      const decided = ({ outcome: _before, ...sent }: SentBatch): SentBatch => (outcome ? { ...sent, outcome } : sent);
      const changed = (grant: GrantRecord): GrantRecord => ({ ...grant, revokeBatches: grant.revokeBatches!.map((sent) => (isBatch(sent) ? decided(sent) : sent)) });
      await store.save((await stored()).map((grant) => (names(grant) ? changed(grant) : grant)));
    }),
  };
}
