/**
 * Service-worker (Chrome) / event-page (Firefox) entry. Builds the services, then registers every listener
 * synchronously at top level so events that wake the worker are never missed.
 */
import browser from 'webextension-polyfill';
import { isPageRequest } from '../shared/pages';
import { isRequestMessage } from '../shared/protocol';
import { createAccounts } from './accounts/accounts';
import { createApprovals } from './approvals/approvals';
import { followUnfinished } from './batches/follow';
import { createBatchStore } from './batches/store';
import { createNetworks } from './networks/registry';
import { trackReachability } from './networks/reachability';
import { callNode, nodeOf } from './networks/rpcClient';
import { runPageRequest } from './pages/pipeline';
import { createPermissions } from './permissions/permissions';
import { announceAccounts } from './permissions/visible';
import { completeApproval, runRequest } from './rpc/pipeline';
import { DEFERRED } from './rpc/types';
import { LOCAL_DEFAULTS, SESSION_DEFAULTS } from './schema';
import { resetToDefaults } from './storage/reset';
import type { Services } from './services';
import { restrictToTrustedContexts } from './storage/access';
import { migrated } from './storage/migrations';
import { createSealer } from './storage/seal';
import { indexedDbKeyStore } from './storage/sealKeyStore';
import { typedStorage } from './storage/typedStorage';
import { createTokenStore } from './tokens/store';
import { emitToOrigin, replyToPage } from './transport/send';
import { originOf } from './transport/sender';
import { AUTO_LOCK_ALARM, createIdleTimer } from './vault/autoLock';
import { createVaultRewrite } from './vault/rewrite';
import { MIN_PASSWORD_LENGTH, createVault } from './vault/vault';
import { createActivityWindow } from './windows/activityWindow';
import { createApprovalWindow } from './windows/approvalWindow';

restrictToTrustedContexts();
const local = typedStorage(migrated(browser.storage.local), LOCAL_DEFAULTS);
const session = typedStorage(browser.storage.session, SESSION_DEFAULTS);
const sealer = createSealer(indexedDbKeyStore);
const idleTimer = createIdleTimer({ settings: local, session, alarms: browser.alarms, now: Date.now });
const vault = createVault(local, session);
const networks = createNetworks(local);
const approvalWindow = createApprovalWindow(session);
const observeNode = trackReachability(emitToOrigin);

const services: Services = {
  vault,
  vaultRewrite: createVaultRewrite(local, session, MIN_PASSWORD_LENGTH),
  networks,
  accounts: createAccounts(local, vault),
  permissions: createPermissions(local),
  approvals: createApprovals({
    local,
    sealer,
    window: approvalWindow,
    complete: (record, decision) => completeApproval(services, record, decision),
    reply: replyToPage,
  }),
  batches: createBatchStore(local, sealer),
  tokens: createTokenStore(local),
  settings: local,
  relayed: local,
  async node(method, params) {
    const network = await networks.selected();
    return observeNode(network.chainId, callNode(nodeOf(network), method, params));
  },
  async nodeFor(chainId) {
    const network = await networks.find(chainId);
    if (!network) throw new Error(`Unknown network ${chainId}`);
    return (method, params) => callNode(nodeOf(network), method, params);
  },
  async bundlerFor(chainId) {
    const network = await networks.find(chainId);
    if (!network?.bundlerUrl) throw new Error(`No bundler is configured for network ${chainId}`);
    const bundler = { url: network.bundlerUrl, name: `${network.name} (bundler)` };
    return (method, params) => callNode(bundler, method, params);
  },
  emit: emitToOrigin,
  showActivity: createActivityWindow(session),
  resetStorage: async () => {
    await resetToDefaults(local, LOCAL_DEFAULTS);
    await resetToDefaults(session, SESSION_DEFAULTS);
  },
};

// A deadline that passed while no worker ran locks the wallet before this start answers or resumes anything.
const started = idleTimer.overdue().then((overdue) => (overdue ? lock() : undefined)).catch((error: Error) => console.error('[vault] auto-lock check failed', error));

async function lock(): Promise<void> {
  await vault.lock();
  await idleTimer.stop();
  await announceAccounts(services);
}

/** The wallet's own pages: their URL is the extension's (a content script's sender is the web page). */
const fromOwnPage = (sender: browser.Runtime.MessageSender): boolean =>
  sender.id === browser.runtime.id && Boolean(sender.url?.startsWith(browser.runtime.getURL('')));

browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) => {
  if (isRequestMessage(message)) {
    const origin = originOf(sender);
    // Only a tab's frame can be answered (replies go to it); an opaque origin has no identity to act for.
    if (sender.tab?.id === undefined) return undefined;
    if (origin === null || origin === 'null') {
      const replyTo = { tabId: sender.tab.id, frameId: sender.frameId ?? 0, origin: 'null', requestId: message.id };
      void replyToPage(replyTo, { error: { code: 4100, message: 'The wallet cannot tell which site this frame belongs to' } });
      return undefined;
    }
    const { documentId } = sender as browser.Runtime.MessageSender & { documentId?: string };
    const replyTo = { tabId: sender.tab.id, frameId: sender.frameId ?? 0, origin, requestId: message.id, ...(documentId ? { documentId } : {}) };
    void started
      .then(() => runRequest(message.request, { origin, method: message.request.method, replyTo, services }))
      .then((response) => (response !== DEFERRED ? replyToPage(replyTo, response) : undefined));
    return undefined;
  }
  if (isPageRequest(message) && fromOwnPage(sender)) {
    return started.then(() => runPageRequest(message, { services, lock, touch: () => idleTimer.restart() }));
  }
  return undefined;
});

browser.windows.onRemoved.addListener((windowId) => {
  void session.get('approvalWindowId').then(async (id) => {
    if (id !== windowId) return;
    await session.set('approvalWindowId', null);
    await services.approvals.rejectAll();
  });
});

// After a browser restart the pages that asked are gone: their waiting approvals are dropped.
browser.runtime.onStartup.addListener(() => {
  void services.approvals.rejectAll().then(() => approvalWindow.closeIfIdle(async () => true));
});

browser.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === AUTO_LOCK_ALARM) void lock();
});

// Approvals that were waiting when the worker stopped get their window back; the ones the user had decided are
// finished (a batch cut off mid-send resends its signed bytes); sent batches are followed to their receipts.
void started.then(async () => {
  if ((await services.approvals.pending()).length > 0) await approvalWindow.restore();
}).catch((error: Error) => console.error('[approvals] restoring the window failed', error));
void started.then(() => services.approvals.resume()).catch((error: Error) => console.error('[approvals] resume failed', error));
void started.then(() => followUnfinished(services)).catch((error: Error) => console.error('[batches] follow after restart failed', error));
