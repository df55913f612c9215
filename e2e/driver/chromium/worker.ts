/** Stopping the extension's service worker through CDP, which only Chromium offers. */
import type { BrowserContext, Page } from '@playwright/test';

interface WorkerVersion {
  versionId: string;
  scriptURL: string;
  runningStatus: 'stopped' | 'starting' | 'running' | 'stopping';
}

/**
 * Stops the extension's service worker, as Chrome does when it is idle, and waits until Chrome
 * reports it stopped. `extensionPage` is any page of the extension (same storage partition).
 */
export async function stopServiceWorker(context: BrowserContext, extensionPage: Page): Promise<void> {
  const cdp = await context.newCDPSession(extensionPage);
  const stopped = new Promise<void>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: { versions: WorkerVersion[] }) => {
      const ours = versions.filter((v) => v.scriptURL.endsWith('/background.js'));
      if (ours.length > 0 && ours.every((v) => v.runningStatus === 'stopped')) resolve();
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await stopped;
  await cdp.detach();
}

/** A command to the worker's own target, its reply's result; `onEvent` hears the worker's events meanwhile. */
type InWorker = (method: string, onEvent?: (method: string, params: unknown) => void) => Promise<Record<string, unknown>>;

/**
 * A CDP session on the extension's service worker, reached from `extensionPage`'s session (Playwright opens none on a
 * worker): attached to the worker's target, with the commands sent through it.
 */
async function attachToWorker(context: BrowserContext, extensionPage: Page): Promise<{ inWorker: InWorker; detach(): Promise<void> }> {
  const cdp = await context.newCDPSession(extensionPage);
  const { targetInfos } = await cdp.send('Target.getTargets');
  const worker = targetInfos.find((t) => t.type === 'service_worker' && t.url.endsWith('/background.js'));
  if (!worker) {
    await cdp.detach();
    throw new Error('The extension\'s service worker is not running');
  }
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
  let lastId = 0;
  const inWorker: InWorker = (method, onEvent) => new Promise((resolve) => {
    const id = ++lastId;
    const heard = ({ message }: { message: string }) => {
      const reply = JSON.parse(message) as { id?: number; method?: string; params?: unknown; result?: Record<string, unknown> };
      if (reply.id === undefined && reply.method) onEvent?.(reply.method, reply.params);
      if (reply.id !== id) return;
      cdp.off('Target.receivedMessageFromTarget', heard);
      resolve(reply.result ?? {});
    };
    cdp.on('Target.receivedMessageFromTarget', heard);
    void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
  });
  return {
    inWorker,
    async detach() {
      await cdp.send('Target.detachFromTarget', { sessionId });
      await cdp.detach();
    },
  };
}

const heapAfterGarbageCollection = async (inWorker: InWorker): Promise<number> => {
  await inWorker('HeapProfiler.collectGarbage');
  const { usedSize } = await inWorker('Runtime.getHeapUsage');
  if (typeof usedSize !== 'number') throw new Error('The service worker did not report its heap');
  return usedSize;
};

/** The JavaScript heap the extension's service worker uses after a full garbage collection, in bytes. */
export async function serviceWorkerHeap(context: BrowserContext, extensionPage: Page): Promise<number> {
  const { inWorker, detach } = await attachToWorker(context, extensionPage);
  try {
    return await heapAfterGarbageCollection(inWorker);
  } finally {
    await detach();
  }
}

/** The worker's heap through one session kept open until `close` (a snapshot is many messages). */
export interface WorkerHeapProfiler {
  /** As `serviceWorkerHeap`. */
  heap(): Promise<number>;
  /** A heap snapshot after a full garbage collection: the `.heapsnapshot` JSON text. */
  snapshot(): Promise<string>;
  close(): Promise<void>;
}

export async function serviceWorkerHeapProfiler(context: BrowserContext, extensionPage: Page): Promise<WorkerHeapProfiler> {
  const { inWorker, detach } = await attachToWorker(context, extensionPage);
  await inWorker('HeapProfiler.enable');
  return {
    heap: () => heapAfterGarbageCollection(inWorker),
    async snapshot() {
      await inWorker('HeapProfiler.collectGarbage');
      const chunks: string[] = [];
      await inWorker('HeapProfiler.takeHeapSnapshot', (method, params) => {
        if (method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push((params as { chunk: string }).chunk);
      });
      return chunks.join('');
    },
    close: detach,
  };
}
