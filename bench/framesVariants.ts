/**
 * The 20-iframe page alone (framesPage.ts), in browsers that differ only in what the extension does in each frame,
 * taken in turn each round so that the machine's load weighs on all alike: how much of the wallet's cost is the
 * browser's own injection of two scripts, how much their work, and how much the port to the worker. The variants are
 * copies of the built extension with one script emptied or one step cut out of the minified build (each edit fails
 * loudly when it no longer finds what it cuts). Numbers only; nothing is asserted.
 * Run: npm run build && flock /tmp/e2e.lock npx tsx bench/framesVariants.ts   (ROUNDS=n, 20 by default)
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { launchWithExtension, launchWithoutExtension } from '../e2e/driver/chromium/launch';
import { figures } from './figures';
import { loadTime, serveFramesPage } from './framesPage';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const WARM_UP = 5;
const dir = mkdtempSync(join(tmpdir(), 'frames-variants-'));
const built = resolve(import.meta.dirname, '../dist/chrome');

/** A copy of the built extension, named `name`, whose `file` is rewritten by `edit`, which must change it. */
const copyWith = (name: string, file: string, edit: (source: string) => string): string => {
  const copy = join(dir, name);
  cpSync(built, copy, { recursive: true });
  const before = readFileSync(join(copy, file), 'utf8');
  const after = edit(before);
  if (after === before && before !== '') throw new Error(`${name}: ${file} no longer has what this variant cuts out`);
  writeFileSync(join(copy, file), after);
  return copy;
};
const injectionConnects = 'try{v()}catch{d(u)}p()';
const withDefaults = 'd(u),p()';

/** An extension with two empty content scripts (isolated and MAIN world) in every frame at document_start. */
const bare = (): string => {
  const copy = join(dir, 'bare');
  mkdirSync(copy);
  const script = (file: string, world?: string) => ({ matches: ['http://*/*', 'https://*/*'], js: [file], run_at: 'document_start', all_frames: true, ...(world ? { world } : {}) });
  writeFileSync(join(copy, 'manifest.json'), JSON.stringify({ manifest_version: 3, name: 'bare', version: '1', background: { service_worker: 'background.js' }, content_scripts: [script('content.js'), script('inpage.js', 'MAIN')] }));
  for (const file of ['content.js', 'inpage.js', 'background.js']) writeFileSync(join(copy, file), '');
  return copy;
};

const variants: Record<string, string> = {
  'a wallet as built': built,
  // The port opened by the first request only (the provider's own eth_chainId and eth_accounts at its start).
  'b1 no port at injection': copyWith('b1', 'content.js', (c) => c.replace(injectionConnects, withDefaults)),
  // No port ever: each request is answered at once by the content script with an error.
  'b2 no port at all': copyWith('b2', 'content.js', (c) => c.replace('function v(){if(g)return g;', 'function v(){if(g)return g;throw Error(`off`);').replace(injectionConnects, withDefaults)),
  // The port at injection and the worker's listing, without any request.
  'e content only, no inpage': copyWith('e', 'inpage.js', () => ''),
  // The provider's script alone (its requests are never answered).
  'f inpage only, no content': copyWith('f', 'content.js', () => ''),
  // The worker keeps each frame's port but does not write the frame to session storage.
  'g no storage write per frame': copyWith('g', 'background.js', (w) => w.replace(/(async connected\(\w,\w\)\{\w\.set\(\w+\(\w\),\{port:\w,frame:\w\}\)),/, '$1;return;')),
  'c bare two empty scripts': bare(),
};

const loadAtStart = loadavg();
const server = await serveFramesPage();
const pages: Record<string, Page> = {};
const closers: (() => Promise<unknown>)[] = [];
try {
  for (const [name, extension] of Object.entries(variants)) {
    const launched = await launchWithExtension(extension);
    closers.push(() => launched.close());
    pages[name] = await launched.context.newPage();
  }
  const plain = await launchWithoutExtension();
  closers.push(() => plain.close());
  pages['d no extension'] = await plain.newPage();

  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
  for (let i = 0; i < WARM_UP + ROUNDS; i++) {
    for (const [name, page] of Object.entries(pages)) {
      const ms = await loadTime(page, server.url);
      if (i >= WARM_UP) samples[name].push(ms);
    }
  }
  const base = figures(samples['d no extension']).median;
  for (const [name, list] of Object.entries(samples)) {
    const f = figures(list);
    console.log(`${name.padEnd(30)} median ${f.median.toFixed(1).padStart(7)} ms   p95 ${f.p95.toFixed(1).padStart(7)} ms   n=${f.n}   +${(f.median - base).toFixed(1)} ms`);
  }
  console.log(`load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} → ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  for (const close of closers) await close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
