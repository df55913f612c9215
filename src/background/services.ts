/**
 * The background's services, built once by createServices.ts (index.ts hands it the browser's APIs). Only the top
 * layers (rpc/, pages/) and the root see them all; every domain takes just the parts it uses, so no domain imports
 * this file.
 */
import type { Hex } from '../shared/params';
import type { Accounts } from './accounts/accounts';
import type { KeyCode } from './accounts/lazyKeyCode';
import type { AllowanceCode } from './allowances/lazyAllowanceCode';
import type { SignedGrants } from './allowances/signedGrants';
import type { RevokeRefusalSlice } from './pages/revokeRefusalSlice';
import type { Approvals } from './approvals/approvals';
import type { TransactionCode } from './batches/lazyTransactionCode';
import type { UsdcBatchCode, UserOperationCode } from './batches/executors/executor';
import type { BatchStore } from './batches/store';
import type { Sponsorship } from './batches/types';
import type { MessageDangers, ReviewCalls, ReviewTypedData } from './clearSigning/lazyReview';
import type { DescriptorCode } from './clearSigning/descriptors';
import type { CollectibleStore } from './collectibles/store';
import type { ChangesDeps } from './filters/changes';
import type { Filters } from './filters/store';
import type { Grants } from './executionPermissions/store';
import type { GrantCode } from './executionPermissions/lazyGrantCode';
import type { Subscriptions } from './subscriptions/subscriptions';
import type { PollLoops } from './watch/pollLoop';
import type { Firewall } from './firewall/watch';
import type { Detection } from './networks/detection';
import type { DeviceSigning } from './deviceSigning/types';
import type { Networks } from './networks/registry';
import type { SentTransactionsSlice } from './networks/replacements';
import type { ChainNode } from './networks/rpcClient';
import type { Permissions } from './permissions/permissions';
import type { AssetValuesCode } from './prices/lazyValues';
import type { DescriptorFiles } from './settings/descriptorFiles';
import type { SettingsSlice } from './settings/settings';
import type { LoadedOnCall } from '../shared/lazy';
import type { storedErrorWords } from './pages/refusalWords';
import type { PhishingUpdates } from './protection/phishingUpdates';
import type { TrustedSites } from './protection/trustedSites';
import type { RequestBudget } from './budget/requestBudget';
import type { Previews } from './simulation/previews';
import type { TypedStorage } from './storage/typedStorage';
import type { TokenStore } from './tokens/store';
import type { Emit } from './transport/types';
import type { VaultRewrite } from './vault/rewrite';
import type { Vault } from './vault/vault';

export interface Services {
  vault: Vault;
  /** Reveal the phrase, import a key, change the password: each with the password. */
  vaultRewrite: VaultRewrite;
  accounts: Accounts;
  permissions: Permissions;
  networks: Networks;
  /** What each network's node was found to do (EIP-7702, contracts, methods, block time), cached a day. */
  detection: Detection;
  /** The devnet build (scripts/build.ts): paymaster and bundler URLs on this machine are allowed there only. */
  devnetBuild: boolean;
  approvals: Approvals;
  /** Approving a Ledger account's request: the payload the approval window has the device sign, and its check. */
  deviceSigning: DeviceSigning;
  batches: BatchStore;
  /** The accounts' EIP-7702 delegations the wallet did not make, per network. */
  firewall: Firewall;
  /** wallet_watchAsset lists per account and chain. */
  tokens: TokenStore;
  /** Sites on the phishing list the user chose to trust anyway. */
  trustedSites: TrustedSites;
  /** The newer copy of the phishing list, beside the bundled one. */
  phishingUpdates: Pick<PhishingUpdates, 'lists'>;
  /** The origin of a tab's top page, as its frame's port reported it; undefined when that page runs no provider. */
  topOrigin(tabId: number): Promise<string | undefined>;
  /** wallet_watchAsset's ERC-721 / ERC-1155 lists per account and chain. */
  collectibles: CollectibleStore;
  settings: TypedStorage<SettingsSlice>;
  /** The ERC-7730 files the user added in Settings, out of pages' reach. */
  descriptorFiles: DescriptorFiles;
  /** The execution permissions (ERC-7715) the user granted. */
  grants: Grants;
  /** What a grant is checked, shown and signed with (its code is in the later script). */
  grantCode: GrantCode;
  /** Why the popup's last revoke was refused on Approve, for Permissions to say (session storage). */
  revokeRefusals: TypedStorage<RevokeRefusalSlice>;
  /** Permits the user signed, for the popup's Approvals. */
  signedGrants: SignedGrants;
  /** Transactions the wallet relayed, for the replacement rule. */
  relayed: TypedStorage<SentTransactionsSlice>;
  /** JSON-RPC to the selected network's node. */
  node: ChainNode;
  /** JSON-RPC to one network's node, for work that stays on its chain when the user switches. */
  nodeFor(chainId: Hex): Promise<ChainNode>;
  /** What an account's assets are worth, from Chainlink feeds read through each network's node once per block (later script). */
  assetValues: AssetValuesCode;
  /** JSON-RPC to a userOp's ERC-4337 bundler: the one the user set for the network, else the sponsored batch's, else the public one (batches/sponsorship.ts bundlerUrlOf). */
  bundlerFor(chainId: Hex, sponsorship?: Sponsorship): Promise<ChainNode>;
  /** One poll loop per network, shared by subscriptions and the following of sent batches. */
  loops: PollLoops;
  /** Per origin: how many node reads, and requests of a site that is not connected, it may still send. */
  requestBudget: RequestBudget;
  /** eth_newFilter and its kin: the filters pages made, kept by the wallet. */
  filters: Filters;
  /** eth_subscribe: the subscriptions frames made, read on the poll loops. */
  subscriptions: Subscriptions;
  /** What filters and subscriptions read besides the node: the range limit, the wallet's own pending transactions. */
  changesDeps(): Promise<ChangesDeps>;
  /** Simulated effects of batches waiting for the user. */
  previews: Previews;
  /** A typed message in words (ERC-7730 descriptors) with its dangers, for the signature screen. */
  reviewTypedData: ReviewTypedData;
  /** The calls of a batch or a transaction described, in a signature's words and with its dangers where a descriptor binds. */
  reviewCalls: ReviewCalls;
  /** personal_sign's dangers of a message that is not text. */
  messageDangers: MessageDangers;
  /** The ERC-7730 descriptors' parser (ethers' fragment parser reads a format's key). */
  descriptorCode: () => Promise<DescriptorCode>;
  /** ethers' transaction code and the ERC-8021 attribution's parser. */
  transactionCode: TransactionCode;
  /** A fee in USDC planned and paid: the quote, the paymaster's terms, the permit's signing. */
  usdcBatchCode: UsdcBatchCode;
  /** A sponsored or USDC-paid batch's userOp signed, sent and followed. */
  userOperationCode: UserOperationCode;
  /** The allowances the paymaster that may take a batch's fee already has, as the node reads them and the wallet recorded them. */
  allowanceCode: AllowanceCode;
  /** Removing a Ledger account or an imported key (pages/accountRemoval.ts, in the worker's later script). */
  accountRemoval: { removeAccount(services: Pick<Services, 'accounts' | 'approvals' | 'deviceSigning' | 'emit' | 'permissions' | 'vault' | 'vaultRewrite'>, params: { address: Hex; password: string }): Promise<null> };
  /** A batch's kept error in the screens' words (pages/refusalWords.ts, in the later script). */
  refusals: LoadedOnCall<{ storedErrorWords: typeof storedErrorWords }>;
  /** The keys' code: an imported key checked, phrases, typed data's digest, a message's signer. */
  keyCode: KeyCode;
  emit: Emit;
  /** wallet_showCallsStatus: the wallet's Activity view of one batch. */
  showActivity(origin: string, id: string): Promise<void>;
  /** Reset wallet: every stored slice back to a fresh install's (the vault, accounts, sites, batches, networks, settings). */
  resetStorage(): Promise<void>;
}

/** What a family of rpc/ or pages/ takes of the services: a Pick, so a reader sees what it can touch. */
export type Using<K extends keyof Services> = Pick<Services, K>;
