/**
 * Builds the background's services from what the browser provides, passed in: index.ts hands it the extension's
 * storage areas and APIs, a unit test memory backends and fakes.
 */
import type { Network } from '../shared/networks';
import { loadedOnCall } from '../shared/lazy';
import { createAccounts } from './accounts/accounts';
import { lockAlarm, type AlarmsApi } from './alarms';
import { createKeyAddresses } from './accounts/keyAddresses';
import { lazyKeyCode } from './accounts/lazyKeyCode';
import { createApprovals } from './approvals/approvals';
import { lazyDeviceSigning } from './deviceSigning/lazyDeviceSigning';
import type { ApprovalWindow } from './approvals/types';
import { lazyTransactionCode } from './batches/lazyTransactionCode';
import { lazyUsdcBatchCode } from './batches/lazyUsdcBatchCode';
import { lazyUserOperationCode } from './batches/lazyUserOperationCode';
import { createBatchStore } from './batches/store';
import type { LoadParser, ReadExtensionFile } from './clearSigning/descriptors';
import { lazyDescriptors } from './clearSigning/lazyDescriptors';
import type { ReviewDeps } from './clearSigning/bound';
import { lazyCallReview, lazyMessageDangers, lazyReview } from './clearSigning/lazyReview';
import { createCollectibleStore } from './collectibles/store';
import { createGrants, type GrantRecordStore } from './executionPermissions/store';
import { lazyGrantCode } from './executionPermissions/lazyGrantCode';
import { createPageState } from './pageState/store';
import { createListening } from './createListening';
import { bundlerUrlOf } from './batches/sponsorship';
import { createFirewall } from './firewall/watch';
import { createNodes } from './networks/nodes';
import { createNetworks } from './networks/registry';
import { rememberSelected } from './networks/rememberSelected';
import { createPermissions } from './permissions/permissions';
import { lazyValues } from './prices/lazyValues';
import { DEVNET_LISTED_HOST } from './protection/phishingList';
import { createPhishingUpdates, type PhishingListStore, type PhishingUpdates } from './protection/phishingUpdates';
import { createTrustedSites } from './protection/trustedSites';
import { PAGE_BUDGET, requestBudget } from './budget/requestBudget';
import { completeApproval } from './rpc/pipeline';
import { LOCAL_DEFAULTS, SESSION_DEFAULTS, type LocalSchema, type SessionSchema } from './schema';
import type { Services } from './services';
import { lazyPreviews } from './simulation/lazyPreviews';
import { loadLater } from './loadLater';
import { cachedBackend } from './storage/cachedBackend';
import { createDescriptorFiles, NO_DESCRIPTOR_FILES, type DescriptorFileStore } from './settings/descriptorFiles';
import { migrated, migrations } from './storage/migrations';
import { resetToDefaults } from './storage/reset';
import { createSealer, type SealKeyStore } from './storage/seal';
import { typedStorage, type StorageArea, type StorageBackend, type TypedStorage } from './storage/typedStorage';
import { createTokenStore } from './tokens/store';
import { createFrames, type Frames, type SendToTab } from './transport/frames';
import { createIdleTimer, type IdleTimer } from './vault/autoLock';
import { createVaultRewrite } from './vault/rewrite';
import { MIN_PASSWORD_LENGTH, createVault } from './vault/vault';

export interface ServiceDeps {
  /** The devnet build (scripts/build.ts; index.ts reads the flag): loopback paymasters and bundlers allowed there only. */
  devnetBuild: boolean;
  /** Picked in index.ts by the build flag itself, so the production bundle drops the devnet's list and its URLs. */
  builtInNetworks: readonly Network[];
  /** browser.storage.local, and how its changes are heard (the cache drops what another context wrote). */
  localArea: StorageBackend;
  onLocalChanged(listener: (changes: Record<string, unknown>) => void): void;
  /** browser.storage.session, and how its changes are heard (as for local storage). */
  sessionArea: StorageArea;
  onSessionChanged(listener: (changes: Record<string, unknown>) => void): void;
  /** Where the key sealing stored records lives (IndexedDB in the extension). */
  sealKeys: SealKeyStore;
  /** Where the newer phishing list is kept (IndexedDB in the extension). */
  phishingLists: PhishingListStore;
  /** The user's ERC-7730 files (the extension's IndexedDB in the worker). */
  descriptorFiles: DescriptorFileStore;
  /** The execution permissions granted (the extension's IndexedDB in the worker). */
  grantRecords: GrantRecordStore;
  /** The release's phishing list, the extension's file SHIPPED_LIST_FILE, as text. */
  readShippedPhishingList(): Promise<string>;
  alarms: AlarmsApi;
  /** Any cheap extension API call: while pages listen to the chain, the worker is kept from stopping. */
  keepAlive(): Promise<unknown>;
  /** When the tab was last shown (browser.tabs.get): now while active, else its `lastAccessed`. */
  tabShownAt(tabId: number): Promise<number | undefined>;
  /** browser.tabs.sendMessage: frames whose port died with an earlier worker. */
  sendToTab: SendToTab;
  /** A JSON file shipped with the extension (the ERC-7730 descriptors and registry), read when first needed. */
  readExtensionFile: ReadExtensionFile;
  /** The approval and activity windows, over the session slices that remember them. */
  windows: {
    approval(session: TypedStorage<SessionSchema>, unlocked: () => Promise<boolean>): ApprovalWindow;
    activity(session: TypedStorage<SessionSchema>): Services['showActivity'];
  };
}

/** The services, and the parts only the composition root uses (the listeners it registers reach them). */
export interface Background {
  services: Services;
  local: TypedStorage<LocalSchema>;
  session: TypedStorage<SessionSchema>;
  frames: Frames;
  idleTimer: IdleTimer;
  approvalWindow: ApprovalWindow;
  phishingUpdates: PhishingUpdates;
}

export function createServices(deps: ServiceDeps): Background {
  const { devnetBuild, onLocalChanged } = deps;
  // Read on every request (permissions, networks, the selected account): served from memory after the first read.
  const migratedLocal = migrated(deps.localArea, migrations({ descriptorFiles: deps.descriptorFiles, grants: deps.grantRecords }));
  const local = typedStorage(cachedBackend(migratedLocal, onLocalChanged), LOCAL_DEFAULTS);
  const descriptorFiles = createDescriptorFiles(deps.descriptorFiles, migratedLocal.ready);
  const grantCode = lazyGrantCode(loadLater);
  // Read by most requests: from memory too (in Firefox, each read is a trip to the parent process).
  const session = typedStorage(cachedBackend(deps.sessionArea, deps.onSessionChanged), SESSION_DEFAULTS);
  const pages = createPageState(deps.sessionArea);
  const sealer = createSealer(deps.sealKeys);
  const idleTimer = createIdleTimer({ settings: local, session, alarm: lockAlarm(deps.alarms), now: Date.now });
  const vault = createVault(local, session);
  const networks = rememberSelected(createNetworks(local, { builtIn: deps.builtInNetworks, devnetBuild }), onLocalChanged);
  const accounts = createAccounts(local, vault, loadLater, createKeyAddresses(session, loadLater));
  const parser: LoadParser = async () => (await loadLater()).parseDescriptor;
  const shipped = lazyDescriptors(async () => (await loadLater()).shippedDescriptors(deps.readExtensionFile, parser));
  // The wallet's own, the registry's for this contract, the user's files: bind.ts ranks them in that order.
  // The user's files are read in the later script, which parses them anyway.
  const descriptors: ReviewDeps['descriptors'] = async (at) => {
    const { userDescriptors, parseDescriptor } = await loadLater();
    return [...(await shipped(at)), ...userDescriptors((await descriptorFiles.get()).files, parseDescriptor)];
  };
  const reviewDeps: ReviewDeps = {
    node: (method, params) => services.node(method, params),
    descriptors,
    now: Date.now,
    ownAccounts: () => accounts.unlockedList(),
  };
  const approvalWindow = deps.windows.approval(session, () => vault.isUnlocked());
  const frames = createFrames(session, deps.sendToTab);
  const phishingUpdates = createPhishingUpdates({ store: deps.phishingLists, readShipped: deps.readShippedPhishingList, extraListed: devnetBuild ? [DEVNET_LISTED_HOST] : [] });
  const nodes = createNodes({ networks, local, emit: frames.emit, loadTransactionCode: loadLater, loadProbeSigning: loadLater, now: Date.now });
  const budget = requestBudget(PAGE_BUDGET, Date.now);
  const permissions = createPermissions(local);
  const batches = createBatchStore(local, sealer);
  const grants = createGrants(deps.grantRecords, migratedLocal.ready, grantCode, batches);
  const keyCode = lazyKeyCode(loadLater);
  const transactionCode = lazyTransactionCode(loadLater);
  const listening = createListening({
    settings: local,
    pages,
    alarms: deps.alarms,
    keepAlive: deps.keepAlive,
    tabShownAt: deps.tabShownAt,
    frames,
    budget,
    nodes,
    networks,
    batches,
    permissions,
  });

  const services: Services = {
    vault,
    vaultRewrite: createVaultRewrite(local, session, vault, MIN_PASSWORD_LENGTH),
    networks,
    detection: nodes.detection,
    devnetBuild,
    accounts,
    permissions,
    approvals: createApprovals({
      local,
      session,
      sealer,
      window: approvalWindow,
      // The queue's link up: the method table entry that asked finishes what the user decided.
      finisher: { onDecided: (record, decision) => completeApproval(services, record, decision) },
      reply: frames.reply,
    }),
    deviceSigning: lazyDeviceSigning({ accounts }, async () => {
      const code = await loadLater();
      return code.createDeviceSigning({
        session,
        approvals: { pending: () => services.approvals.pending(), settle: (id, decision) => services.approvals.settle(id, decision) },
        accounts,
        payloads: code.devicePayloads(services),
      });
    }),
    batches,
    firewall: createFirewall({ local, accounts, networks, nodeFor: nodes.nodeFor, now: Date.now }),
    tokens: createTokenStore(local),
    grants,
    trustedSites: createTrustedSites(local),
    phishingUpdates,
    topOrigin: frames.topOrigin,
    collectibles: createCollectibleStore(local),
    settings: local,
    descriptorFiles,
    relayed: local,
    signedGrants: local,
    revokeRefusals: session,
    node: nodes.node,
    nodeFor: nodes.nodeFor,
    assetValues: lazyValues(loadLater),
    async bundlerFor(chainId, sponsorship) {
      const network = await networks.find(chainId);
      const at = network && bundlerUrlOf(network, sponsorship);
      if (!network || !at) throw new Error(`No bundler is configured for network ${chainId}`);
      return nodes.bundlerAt(at, network);
    },
    loops: listening.loops,
    requestBudget: budget,
    filters: listening.filters,
    subscriptions: listening.subscriptions,
    changesDeps: listening.changesDeps,
    previews: lazyPreviews(loadLater),
    reviewTypedData: lazyReview(reviewDeps, loadLater),
    reviewCalls: lazyCallReview(reviewDeps, loadLater),
    messageDangers: lazyMessageDangers(loadLater),
    descriptorCode: loadLater,
    transactionCode,
    usdcBatchCode: lazyUsdcBatchCode(loadLater),
    userOperationCode: lazyUserOperationCode(loadLater),
    accountRemoval: loadedOnCall(loadLater, ['removeAccount']),
    refusals: loadedOnCall(loadLater, ['storedErrorWords']),
    keyCode,
    grantCode,
    emit: frames.emit,
    showActivity: deps.windows.activity(session),
    resetStorage: async () => {
      await resetToDefaults(local, LOCAL_DEFAULTS);
      await resetToDefaults(session, SESSION_DEFAULTS);
      await descriptorFiles.update(() => NO_DESCRIPTOR_FILES);
      await grants.clear();
      // A port that connects next is told the default chain, not the one remembered from before.
      networks.forget();
    },
  };
  return { services, local, session, frames, idleTimer, approvalWindow, phishingUpdates };
}
