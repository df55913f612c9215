/** Extension storage, composed from the slices the domains declare (each domain sees only its own). */
import { ACCOUNTS_DEFAULTS, type AccountsSlice } from './accounts/storedAccounts';
import { KEY_ADDRESSES_DEFAULTS, type KeyAddressesSlice } from './accounts/keyAddresses';
import { SIGNED_GRANTS_DEFAULTS, type SignedGrantsSlice } from './allowances/signedGrants';
import { ANSWERED_DEFAULTS, APPROVALS_DEFAULTS, PLANNING_DEFAULTS, type AnsweredSlice, type ApprovalsSlice, type PlanningSlice } from './approvals/types';
import { BATCHES_DEFAULTS, type BatchesSlice } from './batches/types';
import { DEVICE_SIGNING_DEFAULTS, type DeviceSigningSlice } from './deviceSigning/types';
import { COLLECTIBLES_DEFAULTS, type CollectiblesSlice } from './collectibles/store';
import { FIREWALL_DEFAULTS, type FirewallSlice } from './firewall/watch';
import { NETWORKS_DEFAULTS, type NetworksSlice } from './networks/registry';
import { SENT_TRANSACTIONS_DEFAULTS, type SentTransactionsSlice } from './networks/replacements';
import { PERMISSIONS_DEFAULTS, type PermissionsSlice } from './permissions/permissions';
import { TRUSTED_SITES_DEFAULTS, type TrustedSitesSlice } from './protection/trustedSites';
import { REVOKE_REFUSAL_DEFAULTS, type RevokeRefusalSlice } from './pages/revokeRefusalSlice';
import { SETTINGS_DEFAULTS, type SettingsSlice } from './settings/settings';
import { TOKENS_DEFAULTS, type TokensSlice } from './tokens/store';
import { FRAMES_DEFAULTS, type FramesSlice } from './transport/frames';
import { LOCK_DEADLINE_DEFAULTS, type LockDeadlineSlice } from './vault/autoLock';
import { UNLOCKED_DEFAULTS, VAULT_DEFAULTS, type UnlockedSlice, type VaultSlice } from './vault/vault';
import { ACTIVITY_WINDOW_DEFAULTS, type ActivityWindowSlice } from './windows/activityWindow';
import { APPROVAL_WINDOW_DEFAULTS, type ApprovalWindowSlice } from './windows/approvalWindow';

export type LocalSchema = VaultSlice & AccountsSlice & PermissionsSlice & ApprovalsSlice & NetworksSlice & SentTransactionsSlice & SettingsSlice & BatchesSlice & TokensSlice & TrustedSitesSlice & CollectiblesSlice & FirewallSlice & SignedGrantsSlice;

export const LOCAL_DEFAULTS: LocalSchema = {
  ...VAULT_DEFAULTS,
  ...ACCOUNTS_DEFAULTS,
  ...PERMISSIONS_DEFAULTS,
  ...APPROVALS_DEFAULTS,
  ...NETWORKS_DEFAULTS,
  ...SENT_TRANSACTIONS_DEFAULTS,
  ...SETTINGS_DEFAULTS,
  ...BATCHES_DEFAULTS,
  ...TOKENS_DEFAULTS,
  ...TRUSTED_SITES_DEFAULTS,
  ...COLLECTIBLES_DEFAULTS,
  ...FIREWALL_DEFAULTS,
  ...SIGNED_GRANTS_DEFAULTS,
};

/**
 * Memory only: gone when the browser closes. The filters and subscriptions pages made are kept there too, each under a
 * key of its own within the pages' byte budget (pageState/store.ts), outside this schema.
 */
export type SessionSchema = UnlockedSlice & KeyAddressesSlice & LockDeadlineSlice & ApprovalWindowSlice & ActivityWindowSlice & FramesSlice & AnsweredSlice & PlanningSlice & DeviceSigningSlice & RevokeRefusalSlice;

export const SESSION_DEFAULTS: SessionSchema = { ...UNLOCKED_DEFAULTS, ...KEY_ADDRESSES_DEFAULTS, ...LOCK_DEADLINE_DEFAULTS, ...APPROVAL_WINDOW_DEFAULTS, ...ACTIVITY_WINDOW_DEFAULTS, ...FRAMES_DEFAULTS, ...ANSWERED_DEFAULTS, ...PLANNING_DEFAULTS, ...DEVICE_SIGNING_DEFAULTS, ...REVOKE_REFUSAL_DEFAULTS };
