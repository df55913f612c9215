/**
 * The 20-iframe page alone (framesPage.ts), in browsers that differ only in the extension they run, taken in turn each
 * round so that the machine's load weighs on all alike: the wallet as built, the builds named in COMPARE (their
 * dist/chrome folders, e.g. another commit's), an extension of two empty content scripts (the browser's own cost of
 * injecting into every frame), and no extension. Numbers only; nothing is asserted.
 * Run: npm run build && flock /tmp/e2e.lock npx tsx bench/framesVariants.ts   (ROUNDS=n, 20 by default; COMPARE=dir,dir)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { launchWithExtension, launchWithoutExtension } from '../e2e/driver/chromium/launch';
import { figures } from './figures';
import { emptyScriptsExtension, interleavedLoads, serveFramesPage } from './framesPage';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const WARM_UP = 5;
const dir = mkdtempSync(join(tmpdir(), 'frames-variants-'));
const built = resolve(import.meta.dirname, '../dist/chrome');
const compared = (process.env.COMPARE ?? '').split(',').filter((path) => path !== '');

const variants: Record<string, string> = {
  'a wallet as built': built,
  ...Object.fromEntries(compared.map((path, i) => [`b${i + 1} ${path}`, resolve(path)])),
  'c bare two empty scripts': emptyScriptsExtension(dir),
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

  const samples = await interleavedLoads(pages, server.url, ROUNDS, WARM_UP);
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
