/** Which accounts each origin may see and use, persisted per origin. */
import { isObject } from '../../shared/isObject';
import type { Hex } from '../../shared/params';
import type { TypedStorage } from '../storage/typedStorage';

export interface SitePermission {
  accounts: Hex[];
  grantedAt: number;
}

export interface PermissionsSlice {
  permissions: Record<string, SitePermission>;
}
export const PERMISSIONS_DEFAULTS: PermissionsSlice = { permissions: {} };

export interface Permissions {
  accountsOf(origin: string): Promise<Hex[]>;
  grant(origin: string, accounts: Hex[]): Promise<void>;
  revoke(origin: string): Promise<void>;
  /** An account removed from the wallet: out of every site's accounts; a site left with none is no longer connected. */
  dropAccount(address: Hex): Promise<void>;
  /** A new recovery phrase: the granted accounts are gone. */
  revokeAll(): Promise<void>;
  list(): Promise<Record<string, SitePermission>>;
}

/**
 * A site's permission as the wallet writes it: its accounts a list of text. storage.local is writable by content scripts
 * (Firefox): a null, or accounts of another kind, made every reader of all sites throw (the popup's state, the
 * accounts announced at unlock, an account's removal). Such an entry is no permission.
 */
const isPermission = (value: unknown): value is SitePermission =>
  isObject(value) && Array.isArray(value.accounts) && value.accounts.every((account) => typeof account === 'string');

const permissionsIn = (all: Record<string, SitePermission>): Record<string, SitePermission> =>
  Object.fromEntries(Object.entries(all).filter(([, p]) => isPermission(p)));

export function createPermissions(local: TypedStorage<PermissionsSlice>): Permissions {
  return {
    async accountsOf(origin) {
      const all = await local.get('permissions');
      return Object.hasOwn(all, origin) && isPermission(all[origin]) ? all[origin].accounts : [];
    },
    async grant(origin, accounts) {
      // The user's latest choice replaces the previous one, as in MetaMask's connect screen.
      await local.update('permissions', (all) => ({ ...all, [origin]: { accounts, grantedAt: Date.now() } }));
    },
    async revoke(origin) {
      await local.update('permissions', (all) => {
        const { [origin]: _removed, ...rest } = all;
        return rest;
      });
    },
    async dropAccount(address) {
      await local.update('permissions', (all) => {
        const left = Object.entries(permissionsIn(all)).map(([origin, p]) => [origin, { ...p, accounts: p.accounts.filter((a) => a.toLowerCase() !== address.toLowerCase()) }] as const);
        return Object.fromEntries(left.filter(([, p]) => p.accounts.length > 0));
      });
    },
    revokeAll: () => local.set('permissions', {}),
    list: async () => permissionsIn(await local.get('permissions')),
  };
}
