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

/**
 * The JavaScript heap the extension's service worker uses after a full garbage collection, in bytes, read through
 * CDP from `extensionPage`'s session (Playwright opens none on a worker): attached to the worker's target, with the
 * commands sent through it.
 */
export async function serviceWorkerHeap(context: BrowserContext, extensionPage: Page): Promise<number> {
  const cdp = await context.newCDPSession(extensionPage);
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const worker = targetInfos.find((t) => t.type === 'service_worker' && t.url.endsWith('/background.js'));
    if (!worker) throw new Error('The extension\'s service worker is not running');
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
    let lastId = 0;
    const inWorker = (method: string) => new Promise<{ usedSize?: number }>((resolve) => {
      const id = ++lastId;
      const answered = ({ message }: { message: string }) => {
        const reply = JSON.parse(message) as { id?: number; result?: { usedSize?: number } };
        if (reply.id !== id) return;
        cdp.off('Target.receivedMessageFromTarget', answered);
        resolve(reply.result ?? {});
      };
      cdp.on('Target.receivedMessageFromTarget', answered);
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
    });
    await inWorker('HeapProfiler.collectGarbage');
    const { usedSize } = await inWorker('Runtime.getHeapUsage');
    await cdp.send('Target.detachFromTarget', { sessionId });
    if (usedSize === undefined) throw new Error('The service worker did not report its heap');
    return usedSize;
  } finally {
    await cdp.detach();
  }
}
