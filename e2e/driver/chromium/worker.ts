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
