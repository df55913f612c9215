/**
 * Builds the background's services from what the browser provides, passed in: index.ts hands it the extension's
 * storage areas and APIs, a unit test memory backends and fakes.
 */
import { loadedOnCall } from '../shared/lazy';
import { createAccounts } from './accounts/accounts';
import { lockAlarm } from './alarms';
import { createKeyAddresses } from './accounts/keyAddresses';
import { lazyKeyCode } from './accounts/lazyKeyCode';
import { createApprovals } from './approvals/approvals';
import { lazyDeviceSigning } from './deviceSigning/lazyDeviceSigning';
import { lazyTransactionCode } from './batches/lazyTransactionCode';
import { lazyUsdcBatchCode } from './batches/lazyUsdcBatchCode';
import { lazyUserOperationCode } from './batches/lazyUserOperationCode';
import { lazyAllowanceCode } from './allowances/lazyAllowanceCode';
import { createSignedGrants } from './allowances/signedGrants';
import { createBatchStore } from './batches/store';
import type { LoadParser } from './clearSigning/descriptors';
import { lazyDescriptors } from './clearSigning/lazyDescriptors';
import type { ReviewDeps } from './clearSigning/bound';
import { lazyCallReview, lazyMessageDangers, lazyReview } from './clearSigning/lazyReview';
import { createCollectibleStore } from './collectibles/store';
import { createGrants } from './executionPermissions/store';
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
import { createPhishingUpdates } from './protection/phishingUpdates';
import { createTrustedSites } from './protection/trustedSites';
import { PAGE_BUDGET, requestBudget } from './budget/requestBudget';
import { completeApproval } from './rpc/pipeline';
import { LOCAL_DEFAULTS, SESSION_DEFAULTS } from './schema';
import type { Services } from './services';
import type { Background, ServiceDeps } from './serviceDeps';
import { lazyPreviews } from './simulation/lazyPreviews';
import { loadLater } from './loadLater';
import { cachedBackend } from './storage/cachedBackend';
import { createDescriptorFiles, NO_DESCRIPTOR_FILES } from './settings/descriptorFiles';
import { migrated, migrations } from './storage/migrations';
import { resetToDefaults } from './storage/reset';
import { createSealer } from './storage/seal';
import { typedStorage } from './storage/typedStorage';
import { createTokenStore } from './tokens/store';
import { createFrames } from './transport/frames';
import { createIdleTimer } from './vault/autoLock';
import { createVaultRewrite } from './vault/rewrite';
import { MIN_PASSWORD_LENGTH, createVault } from './vault/vault';

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
  // The batch store's link up: a batch decided tells the grants naming it among their revokes what it came to.
  const batches = createBatchStore(local, sealer, { changed: (batch) => grants.revokeDecided(batch) });
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
    signedGrants: createSignedGrants(local, sealer),
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
    allowanceCode: lazyAllowanceCode(loadLater),
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
