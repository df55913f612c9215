/**
 * The worker's cold start alone, in browsers that differ only in the build they run, taken in turn each round so
 * that the machine's load weighs on all alike: the wallet as built, and the builds named in COMPARE (their
 * dist/chrome folders, e.g. another commit's). Each round stops each worker, then times a connected page's first
 * request (net_version), the worker's own mark of its script compiled, and a first eth_accounts after another stop.
 * Numbers only; nothing is asserted.
 * Run: npm run build && flock /tmp/e2e.lock npx tsx bench/coldStartVariants.ts   (ROUNDS=n, 20 by default; COMPARE=dir,dir)
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startDevnet } from '../devnet';
import { PlaywrightChromium } from '../e2e/driver/chromium/session';
import type { Dapp } from '../e2e/pages/dapp';
import { firstRequestAfterStop } from './afterStop';
import { connectedDapp } from './connectedDapp';
import { figures } from './figures';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const WARM_UP = 2;
const dir = mkdtempSync(join(tmpdir(), 'cold-start-variants-'));
const compared = (process.env.COMPARE ?? '').split(',').filter((path) => path !== '');
// Copies: a build during the run must not change what is measured (a stopped worker reads its scripts again).
const variants = Object.entries({ 'a wallet as built': resolve(import.meta.dirname, '../dist/chrome'), ...Object.fromEntries(compared.map((path, i) => [`b${i + 1} ${path}`, resolve(path)])) })
  .map(([name, path], i) => {
    const copy = join(dir, String(i));
    cpSync(path, copy, { recursive: true });
    return { name, copy };
  });

const loadAtStart = loadavg();
const devnet = await startDevnet();
const running: { name: string; browser: PlaywrightChromium; dapp: Dapp }[] = [];
try {
  for (const { name, copy } of variants) {
    const browser = await PlaywrightChromium.launch(copy);
    running.push({ name, browser, dapp: (await connectedDapp(browser, devnet)).dapp });
  }
  const samples = Object.fromEntries(running.map(({ name }) => [name, { first: [] as number[], compiled: [] as number[], accounts: [] as number[] }]));
  for (let i = 0; i < WARM_UP + ROUNDS; i++) {
    for (const { name, browser, dapp } of running) {
      const first = await firstRequestAfterStop(browser, dapp, 'net_version');
      const compiled = await browser.evaluateInWorker(() => performance.getEntriesByName('background-compiled')[0]?.startTime ?? NaN);
      const accounts = await firstRequestAfterStop(browser, dapp, 'eth_accounts');
      if (i < WARM_UP) continue;
      samples[name].first.push(first);
      samples[name].compiled.push(compiled);
      samples[name].accounts.push(accounts);
    }
  }
  for (const [name, { first, compiled, accounts }] of Object.entries(samples)) {
    const [f, c, a] = [first, compiled, accounts].map(figures);
    console.log(`${name.padEnd(30)} first answer ${f.median.toFixed(1).padStart(6)} ms (p95 ${f.p95.toFixed(1)})   compiled ${c.median.toFixed(1).padStart(5)} ms   first eth_accounts ${a.median.toFixed(1).padStart(6)} ms   n=${f.n}`);
  }
  console.log(`load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} → ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  for (const { browser } of running) await browser.close();
  await devnet.stop();
  rmSync(dir, { recursive: true, force: true });
}
