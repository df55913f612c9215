/** The background's services, built once in index.ts and handed to every handler. */
import type { Hex } from '../shared/params';
import type { ProviderEventName } from '../shared/protocol';
import type { Accounts } from './accounts/accounts';
import type { Approvals } from './approvals/approvals';
import type { BatchStore } from './batches/store';
import type { Networks } from './networks/registry';
import type { Permissions } from './permissions/permissions';
import type { LocalStorage, SessionStorage } from './storage/schema';
import type { TokenStore } from './tokens/store';
import type { Vault } from './vault/vault';

export type ChainNode = <T = unknown>(method: string, params?: unknown[]) => Promise<T>;

export interface Services {
  local: LocalStorage;
  session: SessionStorage;
  vault: Vault;
  accounts: Accounts;
  permissions: Permissions;
  networks: Networks;
  approvals: Approvals;
  batches: BatchStore;
  /** wallet_watchAsset lists per account and chain. */
  tokens: TokenStore;
  /** JSON-RPC to the selected network's node. */
  node: ChainNode;
  /** JSON-RPC to one network's node, for work that stays on its chain when the user switches. */
  nodeFor(chainId: Hex): Promise<ChainNode>;
  /** JSON-RPC to the ERC-4337 bundler configured for a network (sponsored batches). */
  bundlerFor(chainId: Hex): Promise<ChainNode>;
  emit(origin: string, event: ProviderEventName, data: unknown): Promise<void>;
}
