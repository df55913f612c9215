/**
 * Which of its granted accounts an origin sees: the wallet's selected one first; none while the wallet is locked; only
 * the wallet's own (as its keys derive them), whatever a permission in storage names.
 */
import type { Hex } from '../../shared/params';
import type { Accounts } from '../accounts/accounts';
import type { Vault } from '../vault/vault';
import type { Emit } from '../transport/types';
import type { Permissions } from './permissions';

export interface VisibleDeps {
  vault: Pick<Vault, 'isUnlocked'>;
  permissions: Pick<Permissions, 'accountsOf'>;
  accounts: Pick<Accounts, 'selected' | 'list'>;
}

/** The selected account first, when granted. */
export function selectedFirst(granted: Hex[], selected: Hex | null): Hex[] {
  const first = granted.filter((a) => a.toLowerCase() === selected?.toLowerCase());
  return [...first, ...granted.filter((a) => !first.includes(a))];
}

/** Addresses as dapps get them: lowercase, as MetaMask gives them, since dapps compare them as strings. */
export const forDapps = (accounts: Hex[]): Hex[] => accounts.map((account) => account.toLowerCase() as Hex);

/** What eth_accounts answers (eth_requestAccounts and accountsChanged too). */
export async function visibleAccounts(deps: VisibleDeps, origin: string): Promise<Hex[]> {
  if (!(await deps.vault.isUnlocked())) return [];
  const [granted, selected, ours] = await Promise.all([deps.permissions.accountsOf(origin), deps.accounts.selected(), deps.accounts.list()]);
  const owned = granted.filter((a) => ours.some((o) => o.address.toLowerCase() === a.toLowerCase()));
  return forDapps(selectedFirst(owned, selected));
}

/** Tells every connected origin what it now sees (after unlock, lock, an account switch). */
export async function announceAccounts(deps: VisibleDeps & { permissions: Pick<Permissions, 'list'>; emit: Emit }): Promise<void> {
  const sites = Object.keys(await deps.permissions.list());
  await Promise.all(sites.map(async (origin) => deps.emit(origin, 'accountsChanged', await visibleAccounts(deps, origin))));
}
