/**
 * Service-worker (Chrome) / event-page (Firefox) entry, the composition root: hands the browser's APIs to
 * createServices, then registers every listener synchronously at top level so events that wake the worker are never
 * missed (a frame's port goes to transport/handshake.ts).
 */
import type Browser from 'webextension-polyfill';
import { DEVNET_BUILD_NETWORKS, PRODUCTION_NETWORKS } from '../shared/networks';
import { isPageRequest } from '../shared/pages';
import { listenToAlarms } from './alarms';
import { browser, onRuntimeMessage } from './browser/extensionApi';
import { followUnfinished } from './batches/follow';
import { createServices } from './createServices';
import { runPageRequest } from './pages/pipeline';
import { announceAccounts } from './permissions/visible';
import { abiScript } from './abi/loadAbi';
import { importWhileInstalling } from './browser/classicScript';
import { laterScript } from './loadLater';
import { sitesScript } from './sites/siteOf';
import { indexedDbPhishingListStore } from './protection/phishingListStore';
import { SHIPPED_LIST_FILE, phishingListUrl } from './protection/phishingUpdates';
import { runRequest } from './rpc/pipeline';
import { DEFERRED } from './rpc/types';
import { restrictToTrustedContexts } from './storage/access';
import { indexedDbDescriptorFileStore } from './settings/descriptorFileStore';
import { indexedDbGrantRecordStore } from './executionPermissions/grantRecordStore';
import { indexedDbKeyStore } from './storage/sealKeyStore';
import { acceptPort } from './transport/handshake';
import { createActivityWindow } from './windows/activityWindow';
import { createApprovalWindow } from './windows/approvalWindow';

/** Set by scripts/build.ts: true in the devnet build. Read here only; the services are handed what it decides. */
declare const __DEVNET_BUILD__: boolean;
/** Picked by the constant itself, so the production bundle drops the devnet's list and its URLs (scripts/build.ts checks). */
const builtInNetworks = __DEVNET_BUILD__ ? DEVNET_BUILD_NETWORKS : PRODUCTION_NETWORKS;

restrictToTrustedContexts();
importWhileInstalling([laterScript, abiScript, sitesScript]);
const { services, local, session, frames, idleTimer, approvalWindow, phishingUpdates } = createServices({
  devnetBuild: __DEVNET_BUILD__,
  builtInNetworks,
  localArea: browser.storage.local,
  onLocalChanged: (listener) => browser.storage.onChanged.addListener((changes, area) => (area === 'local' ? listener(changes) : undefined)),
  onSessionChanged: (listener) => browser.storage.onChanged.addListener((changes, area) => (area === 'session' ? listener(changes) : undefined)),
  sessionArea: browser.storage.session,
  sealKeys: indexedDbKeyStore,
  phishingLists: indexedDbPhishingListStore,
  descriptorFiles: indexedDbDescriptorFileStore,
  grantRecords: indexedDbGrantRecordStore,
  readShippedPhishingList: () => fetch(browser.runtime.getURL(SHIPPED_LIST_FILE)).then((response) => response.text()),
  alarms: browser.alarms,
  keepAlive: () => browser.runtime.getPlatformInfo(),
  tabShownAt: async (tabId) => {
    const tab = await browser.tabs.get(tabId);
    return tab.active ? Date.now() : tab.lastAccessed;
  },
  sendToTab: (tabId, message, options) => browser.tabs.sendMessage(tabId, message, options as Browser.Tabs.SendMessageOptionsType),
  readExtensionFile: async (path) => (await fetch(browser.runtime.getURL(path))).json(),
  windows: { approval: createApprovalWindow, activity: createActivityWindow },
});
const { vault, networks } = services;

// A deadline that passed while no worker ran locks the wallet before this start answers or resumes anything.
const started = idleTimer.overdue().then((overdue) => (overdue ? lock() : undefined)).catch((error: Error) => console.error('[vault] auto-lock check failed', error));
/** Once `started` settled, requests run at once rather than a turn later. */
let startedYet = false;
void started.then(() => (startedYet = true));

async function lock(): Promise<void> {
  await vault.lock();
  await idleTimer.stop();
  await announceAccounts(services);
}

/** The wallet's own pages: their URL is the extension's (a content script's sender is the web page). */
const fromOwnPage = (sender: Browser.Runtime.MessageSender): boolean =>
  sender.id === browser.runtime.id && Boolean(sender.url?.startsWith(browser.runtime.getURL('')));

/** Once the start settled, at once; before, after it. */
const afterStart = <T>(work: () => Promise<T>): Promise<T> => (startedYet ? work() : started.then(work));

browser.runtime.onConnect.addListener((port) =>
  acceptPort({
    frames,
    settings: services.settings,
    networks,
    run: (request, { origin, replyTo }) =>
      afterStart(() => {
        // A request of the tab: its subscriptions paused while it was hidden go on (subscriptions/subscriptions.ts).
        void services.subscriptions.wake(replyTo.tabId).catch(() => undefined);
        return runRequest(request, { origin, method: request.method, replyTo, services });
      }).then((response) => (response === DEFERRED ? undefined : response)),
  }, port),
);

browser.tabs.onRemoved.addListener((tabId) => void frames.tabClosed(tabId));

onRuntimeMessage((message, sender) => {
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

/** A newer phishing list, at most daily (the bundled one stays in use meanwhile and whenever this fails). */
const refreshPhishingList = () => local.get('settings').then((settings) => phishingUpdates.refresh(phishingListUrl(settings.phishingListUrl, __DEVNET_BUILD__)));
listenToAlarms(browser.alarms, { services, lock, refreshPhishingList, started });
void started.then(refreshPhishingList).catch((error: Error) => console.warn('[phishing] list refresh failed', error.message));

// Approvals that were waiting when the worker stopped get their window back; the ones the user had decided are
// finished (a batch cut off mid-send resends its signed bytes); sent batches are followed to their receipts; the
// pages' subscriptions go on.
void started.then(async () => {
  if ((await services.approvals.pending()).length > 0) await approvalWindow.restore();
}).catch((error: Error) => console.error('[approvals] restoring the window failed', error));
void started.then(() => services.approvals.resume()).catch((error: Error) => console.error('[approvals] resume failed', error));
void started.then(() => followUnfinished(services)).catch((error: Error) => console.error('[batches] follow after restart failed', error));
void started.then(() => services.subscriptions.resume()).catch((error: Error) => console.error('[subscriptions] resume failed', error));

// For `npm run bench`: the top-level work is done (scripts/build.ts marks when it began).
performance.mark('background-evaluated');
