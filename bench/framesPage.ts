/**
 * A page with 20 iframes, served from this machine, and how long a browser takes to load it: every frame runs the
 * extension's content and inpage scripts at document_start, so this is what the wallet adds to a page that embeds
 * many frames (ads, widgets).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

const FRAMES = 20;

const top = (): string =>
  `<!doctype html><title>frames</title>${Array.from({ length: FRAMES }, (_, i) => `<iframe src="/frame?${i}"></iframe>`).join('')}`;
const frame = '<!doctype html><title>frame</title><p>A frame</p>';

/** Serves the page at `url` until `close()`; nothing is cached, so each load fetches every frame again. */
export async function serveFramesPage(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': 'no-store' });
    response.end(request.url?.startsWith('/frame') ? frame : top());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** From navigation start to the end of the load event (which waits for every frame), in ms, as the page timed it. */
export async function loadTime(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'load' });
  return page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
}
