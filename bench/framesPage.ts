/**
 * A page with 20 iframes, served from this machine, and how long a browser takes to load it: every frame runs the
 * extension's content and inpage scripts at document_start, so this is what the wallet adds to a page that embeds
 * many frames (ads, widgets).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
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

/**
 * An extension of two empty content scripts (isolated and MAIN world) in every frame at document_start, written into
 * `dir`: the browser's own cost of injecting into every frame, the floor of any extension that does.
 */
export function emptyScriptsExtension(dir: string): string {
  const copy = join(dir, 'empty-scripts');
  mkdirSync(copy);
  const script = (file: string, world?: string) => ({ matches: ['http://*/*', 'https://*/*'], js: [file], run_at: 'document_start', all_frames: true, ...(world ? { world } : {}) });
  writeFileSync(join(copy, 'manifest.json'), JSON.stringify({ manifest_version: 3, name: 'bare', version: '1', background: { service_worker: 'background.js' }, content_scripts: [script('content.js'), script('inpage.js', 'MAIN')] }));
  for (const file of ['content.js', 'inpage.js', 'background.js']) writeFileSync(join(copy, file), '');
  return copy;
}

/** The page loaded in each of `pages` in turn, `warmUp` + `rounds` times, so the machine's load weighs on all alike: the samples of each after the warm-up. */
export async function interleavedLoads<Name extends string>(pages: Record<Name, Page>, url: string, rounds: number, warmUp: number): Promise<Record<Name, number[]>> {
  const samples = Object.fromEntries(Object.keys(pages).map((name) => [name, [] as number[]])) as Record<Name, number[]>;
  for (let i = 0; i < warmUp + rounds; i++) {
    for (const [name, page] of Object.entries(pages) as [Name, Page][]) {
      const ms = await loadTime(page, url);
      if (i >= warmUp) samples[name].push(ms);
    }
  }
  return samples;
}
