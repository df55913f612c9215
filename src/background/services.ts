/** The background's services, built once in index.ts and handed to every handler. */
import type { ProviderEventName } from '../shared/protocol';
import type { Accounts } from './accounts/accounts';
import type { Approvals } from './approvals/approvals';
import type { Networks } from './networks/registry';
import type { Permissions } from './permissions/permissions';
import type { LocalStorage, SessionStorage } from './storage/schema';
import type { Vault } from './vault/vault';

export interface Services {
  local: LocalStorage;
  session: SessionStorage;
  vault: Vault;
  accounts: Accounts;
  permissions: Permissions;
  networks: Networks;
  approvals: Approvals;
  /** JSON-RPC to the selected network's node. */
  node<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  emit(origin: string, event: ProviderEventName, data: unknown): Promise<void>;
}
