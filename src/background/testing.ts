/** The whole background, built over memory fakes, for unit tests that go through the pipeline as a page would. */
import type { ErrorData } from '../shared/errors';
import { DEVNET_BUILD_NETWORKS } from '../shared/networks';
import type { PageRequest } from '../shared/pages';
import type { RpcRequest } from '../shared/protocol';
import { inEnglish } from '../shared/words.fixture';
import { createServices } from './createServices';
import type { ServiceDeps } from './serviceDeps';
import { runPageRequest } from './pages/pipeline';
import { memoryPhishingListStore } from './protection/phishingUpdates';
import { readShippedList } from './protection/testing';
import { runRequest } from './rpc/pipeline';
import { memoryDescriptorFileStore } from './settings/descriptorFiles';
import { memoryGrantRecordStore } from './executionPermissions/store';
import { memoryKeyStore } from './storage/seal';
import { memoryBackend, type StorageArea } from './storage/typedStorage';

type Alarms = Parameters<typeof createServices>[0]['alarms'];

/** Alarms as the browser keeps them: creating one again replaces it, its first run a period from then. */
export function alarmsFake(now: () => number) {
  const set = new Map<string, { scheduledTime: number; periodInMinutes?: number }>();
  return {
    set,
    create(name: string, info: { when?: number; periodInMinutes?: number }) {
      set.set(name, { scheduledTime: info.when ?? now() + (info.periodInMinutes ?? 0) * 60_000, ...(info.periodInMinutes ? { periodInMinutes: info.periodInMinutes } : {}) });
    },
    clear: async (name: string) => set.delete(name),
    get: async (name: string) => set.get(name),
  };
}

/** The devnet build's services over `sessionArea` (and `kept`'s local storage and seal key: a restart keeps all three), with `page`: the popup's requests as index.ts runs them. */
export function testServices(sessionArea: StorageArea = memoryBackend(), alarms: Alarms = alarmsFake(Date.now), kept = { localArea: memoryBackend(), sealKeys: memoryKeyStore() }, onSessionChanged: ServiceDeps['onSessionChanged'] = () => undefined) {
  const { services, idleTimer } = createServices({
    devnetBuild: true,
    builtInNetworks: DEVNET_BUILD_NETWORKS,
    localArea: kept.localArea,
    descriptorFiles: memoryDescriptorFileStore(),
    grantRecords: memoryGrantRecordStore(),
    onLocalChanged: () => undefined,
    onSessionChanged,
    sessionArea,
    sealKeys: kept.sealKeys,
    phishingLists: memoryPhishingListStore(),
    readShippedPhishingList: readShippedList,
    alarms,
    keepAlive: async () => undefined,
    tabShownAt: async () => Date.now(),
    sendToTab: async () => undefined,
    readExtensionFile: async () => [],
    windows: {
      approval: () => ({ show: async () => undefined, restore: async () => undefined, closeIfIdle: async () => undefined }),
      activity: () => async () => undefined,
    },
  });
  /**
   * Each of the popup's requests moves the auto-lock deadline (session storage). A refusal's words must say its
   * message in English (the tests' browser's): each test that meets one checks them.
   */
  const page = async (method: string, params?: unknown) => {
    const answer = await runPageRequest({ type: 'page-request', method, params } satisfies PageRequest, { services, lock: () => services.vault.lock().then(() => idleTimer.stop()), touch: () => idleTimer.restart() });
    const words = 'error' in answer ? (answer.error.data as ErrorData | undefined)?.words : undefined;
    if (words && 'error' in answer && inEnglish(words) !== answer.error.message) throw new Error(`${method}'s refusal "${answer.error.message}" says "${inEnglish(words)}" in words`);
    return answer;
  };
  /** A request from a frame of `origin` in tab 1, as its port would bring it. */
  const send = (origin: string, request: RpcRequest) =>
    runRequest(request, { origin, method: request.method, replyTo: { tabId: 1, frameId: 0, origin, requestId: '1' }, services }) as Promise<{ result?: unknown; error?: { code: number; message: string } }>;
  return { services, page, send };
}
