/**
 * The execution permissions the user granted, kept in the extension's IndexedDB (grantRecordStore.ts: out of a content
 * script's reach) so that Permissions lists them, each site sees its own (wallet_getGrantedExecutionPermissions) and a
 * revoke finds its delegation. The chain decides what a session account may do; this list is what the wallet shows of
 * it: a grant is marked revoked once its revoke was sent (whether the chain has it revoked is read anew each time,
 * never kept here).
 */
import type { Hex } from '../../shared/params';
import type { Permission, Rule } from '../../shared/schemas/executionPermissions';
import type { TokenFacts } from '../../shared/grantWords';
import type { Delegation } from './delegation';

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
  /** When its revoke was sent. */
  revokedAt?: number;
}

/** The wallet keeps this many grants, a site this many of them: the oldest revoked go first, then a new grant is refused. */
export const MAX_GRANTS = 200;
export const MAX_GRANTS_PER_SITE = 32;

export interface Grants {
  /**
   * Adds the grants (of one site), all or none: false when the wallet's list or the site's share has no room for all
   * of them beside the grants still in force.
   */
  add(...grants: GrantRecord[]): Promise<boolean>;
  /** The grants of `origin`, or every grant. */
  list(origin?: string): Promise<GrantRecord[]>;
  find(id: Hex): Promise<GrantRecord | undefined>;
  markRevoked(id: Hex, at: number): Promise<void>;
  /** Forgets every grant (a wallet reset). */
  clear(): Promise<void>;
}

/** Where the records are kept: the extension's IndexedDB (grantRecordStore.ts). */
export interface GrantRecordStore {
  /** null until the first save (storage migration 5 makes it, moving the records kept in storage.local before). */
  load(): Promise<GrantRecord[] | null>;
  save(grants: GrantRecord[]): Promise<void>;
}

/** A store in memory, for unit tests. */
export function memoryGrantRecordStore(): GrantRecordStore {
  let kept: GrantRecord[] | null = null;
  return { load: async () => structuredClone(kept), save: async (grants) => void (kept = structuredClone(grants)) };
}

/**
 * The records that have a grant's shape (grantShape.ts `grantsWithShape`, in the worker's later script: asked only when
 * there are records). Storage migration 5 moved whatever storage.local held, a content script's plants too.
 */
export type GrantsWithShape = (records: GrantRecord[]) => Promise<GrantRecord[]>;

/** `migrated`: storage's migrations, which move the grants stored in storage.local before, have run. */
export function createGrants(store: GrantRecordStore, migrated: Promise<void>, withShape: GrantsWithShape): Grants {
  let queue: Promise<unknown> = Promise.resolve();
  const stored = async (): Promise<GrantRecord[]> => {
    await migrated;
    const records = (await store.load()) ?? [];
    return records.length === 0 ? records : withShape(records);
  };
  /** One change at a time, each on the list as the one before left it. */
  const update = (change: (current: GrantRecord[]) => GrantRecord[]): Promise<void> => {
    const next = queue.then(async () => store.save(change(await stored())));
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    async add(...grants) {
      let added = false;
      await update((all) => {
        const next = grants.reduce<GrantRecord[] | undefined>((list, grant) => list && withRoomFor(list, grant), all);
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
    async markRevoked(id, at) {
      await update((all) => all.map((grant) => (grant.id === id && grant.revokedAt === undefined ? { ...grant, revokedAt: at } : grant)));
    },
  };
}

/** `all` with `grant` added, the oldest revoked grant dropped when there is no room; undefined when none can be made. */
function withRoomFor(all: GrantRecord[], grant: GrantRecord): GrantRecord[] | undefined {
  const ofSite = (list: GrantRecord[]) => list.filter((g) => g.origin === grant.origin);
  const full = (list: GrantRecord[]) => list.length >= MAX_GRANTS || ofSite(list).length >= MAX_GRANTS_PER_SITE;
  const kept = full(all) ? dropOldestRevoked(all, ofSite(all).length >= MAX_GRANTS_PER_SITE ? grant.origin : undefined) : all;
  return full(kept) ? undefined : [...kept, grant];
}

/** Without the oldest revoked grant (of `origin` when given). */
function dropOldestRevoked(all: GrantRecord[], origin?: string): GrantRecord[] {
  const oldest = all.findIndex((grant) => grant.revokedAt !== undefined && (origin === undefined || grant.origin === origin));
  return oldest < 0 ? all : all.filter((_, i) => i !== oldest);
}
