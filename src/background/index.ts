/**
 * Service-worker (Chrome) / event-page (Firefox) entry. Builds the services, then registers every
 * listener synchronously at top level so events that wake the worker are never missed.
 */
import browser from 'webextension-polyfill';
import { isRequestMessage } from '../shared/protocol';
import { isUiMessage, type UiResponse } from '../shared/ui';
import { createAccounts } from './accounts/accounts';
import { createApprovals } from './approvals/approvals';
import { createApprovalWindow } from './approvals/window';
import { createBatchStore } from './batches/store';
import { resumeBatches } from './batches/resume';
import { createNetworks } from './networks/registry';
import { trackReachability } from './networks/reachability';
import { callNode } from './networks/rpcClient';
import { createPermissions } from './permissions/permissions';
import { approvalCompleters } from './rpc/methods';
import { runRequest } from './rpc/pipeline';
import { DEFERRED } from './rpc/types';
import type { Services } from './services';
import { typedStorage } from './storage/local';
import { LOCAL_DEFAULTS, SESSION_DEFAULTS } from './storage/schema';
import { createTokenStore } from './tokens/store';
import { announceAccounts, handleUi } from './ui/handlers';
import { AUTO_LOCK_ALARM, restartIdleTimer, stopIdleTimer } from './vault/autoLock';
import { createVault } from './vault/vault';
import { emitToOrigin, replyToPage } from './transport/pages';
import { originOf } from './transport/sender';

const local = typedStorage(browser.storage.local, LOCAL_DEFAULTS);
const session = typedStorage(browser.storage.session, SESSION_DEFAULTS);
const vault = createVault(local, session);
const networks = createNetworks(local);
const approvalWindow = createApprovalWindow(session);
const observeNode = trackReachability(emitToOrigin);

const services: Services = {
  local,
  session,
  vault,
  networks,
  accounts: createAccounts(local, vault),
  permissions: createPermissions(local),
  approvals: createApprovals({
    local,
    window: approvalWindow,
    complete: (record, decision) => approvalCompleters[record.type](services, record, decision),
    reply: replyToPage,
  }),
  batches: createBatchStore(local),
  tokens: createTokenStore(local),
  async node(method, params) {
    const network = await networks.selected();
    return observeNode(network.chainId, callNode(network.rpcUrl, method, params));
  },
  async nodeFor(chainId) {
    const network = await networks.find(chainId);
    if (!network) throw new Error(`Unknown network ${chainId}`);
    return (method, params) => callNode(network.rpcUrl, method, params);
  },
  async bundlerFor(chainId) {
    const bundlerUrl = (await networks.find(chainId))?.bundlerUrl;
    if (!bundlerUrl) throw new Error(`No bundler is configured for network ${chainId}`);
    return (method, params) => callNode(bundlerUrl, method, params);
  },
  emit: emitToOrigin,
};

async function lock(): Promise<void> {
  await vault.lock();
  await stopIdleTimer();
  await announceAccounts(services);
}

browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) => {
  if (isRequestMessage(message)) {
    const origin = originOf(sender);
    if (sender.tab?.id === undefined || origin === null) return undefined;
    const { documentId } = sender as browser.Runtime.MessageSender & { documentId?: string };
    const replyTo = { tabId: sender.tab.id, frameId: sender.frameId ?? 0, origin, requestId: message.id, ...(documentId ? { documentId } : {}) };
    void runRequest({ origin, request: message.request, replyTo, services }).then((response) => {
      if (response !== DEFERRED) return replyToPage(replyTo, response);
    });
    return undefined;
  }
  if (isUiMessage(message) && sender.url?.startsWith(browser.runtime.getURL(''))) {
    return handleUi(message.request, { services, lock, touch: () => restartIdleTimer(local) }).then(
      (value): UiResponse => ({ ok: true, value: value ?? null }),
      (error: Error): UiResponse => ({ ok: false, error: error.message }),
    );
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

// Approvals that were waiting when the worker stopped get their window back; batches cut off mid-send finish.
void services.approvals.pending().then((pending) => (pending.length > 0 ? approvalWindow.restore() : undefined));
void services.approvals.resume();
void resumeBatches(services);
