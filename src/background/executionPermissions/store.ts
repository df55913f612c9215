/**
 * The execution permissions the user granted, kept in extension storage so that Permissions lists them, each site sees
 * its own (wallet_getGrantedExecutionPermissions) and a revoke finds its delegation. The chain decides what a session
 * account may do; this list is what the wallet shows of it: a grant is marked revoked once its revoke was sent (whether
 * the chain has it disabled is read anew each time, never kept here).
 */
import type { Hex } from '../../shared/params';
import type { Permission, Rule } from '../../shared/schemas/executionPermissions';
import type { TokenFacts } from '../../shared/grantWords';
import type { TypedStorage } from '../storage/typedStorage';
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

export interface GrantsSlice {
  grants: GrantRecord[];
}
export const GRANTS_DEFAULTS: GrantsSlice = { grants: [] };

/** The wallet keeps this many grants, a site this many of them: the oldest revoked go first, then a new grant is refused. */
export const MAX_GRANTS = 200;
export const MAX_GRANTS_PER_SITE = 32;

export interface Grants {
  /** Adds the grant; false when the wallet's list or the site's share is full of grants still in force. */
  add(grant: GrantRecord): Promise<boolean>;
  /** The grants of `origin`, or every grant. */
  list(origin?: string): Promise<GrantRecord[]>;
  find(id: Hex): Promise<GrantRecord | undefined>;
  markRevoked(id: Hex, at: number): Promise<void>;
}

export function createGrants(local: TypedStorage<GrantsSlice>): Grants {
  return {
    async add(grant) {
      let added = false;
      await local.update('grants', (all) => {
        const ofSite = (list: GrantRecord[]) => list.filter((g) => g.origin === grant.origin);
        const full = (list: GrantRecord[]) => list.length >= MAX_GRANTS || ofSite(list).length >= MAX_GRANTS_PER_SITE;
        const kept = full(all) ? dropOldestRevoked(all, ofSite(all).length >= MAX_GRANTS_PER_SITE ? grant.origin : undefined) : all;
        if (full(kept)) return all;
        added = true;
        return [...kept, grant];
      });
      return added;
    },
    async list(origin) {
      const all = await local.get('grants');
      return origin === undefined ? all : all.filter((grant) => grant.origin === origin);
    },
    async find(id) {
      return (await local.get('grants')).find((grant) => grant.id === id);
    },
    async markRevoked(id, at) {
      await local.update('grants', (all) => all.map((grant) => (grant.id === id && grant.revokedAt === undefined ? { ...grant, revokedAt: at } : grant)));
    },
  };
}

/** Without the oldest revoked grant (of `origin` when given). */
function dropOldestRevoked(all: GrantRecord[], origin?: string): GrantRecord[] {
  const oldest = all.findIndex((grant) => grant.revokedAt !== undefined && (origin === undefined || grant.origin === origin));
  return oldest < 0 ? all : all.filter((_, i) => i !== oldest);
}
