/**
 * A node read (`eth_getBalance`) through browsers that differ only in the extension they run, in Chromium and in
 * Firefox, taken in turn each round so that the machine's load weighs on all alike: the wallet as built, the builds
 * named in COMPARE (another build's dist/chrome or dist/firefox folders; the manifest says which browser), and two bare
 * extensions that only relay the read to the node, page → content script → worker → node, one through
 * window.postMessage and one through a CustomEvent: the browser's own floor for any extension in the path. Each page
 * fetches the same read straight from the node in alternation with it, and each line sets one against the other.
 * Chromium's pages tell time in steps of 0.1 ms, so its medians move in those steps: the trimmed mean (the middle 80%)
 * says more there. Firefox's precise clock is turned on. Numbers only; nothing is asserted.
 * Run: npm run build && flock /tmp/e2e.lock npx tsx bench/readVariants.ts
 *      (ROUNDS=n, 20 by default; BROWSERS=chromium,firefox; COMPARE=dir,dir)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startDevnet } from '../devnet';
import { bareRelay, type BrowserName } from './bareRelay';
import { figures } from './figures';
import { interleavedReads, trimmedMean } from './readRounds';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const PER_ROUND = 20;
const WARM_UP = 2;
const browsers = (process.env.BROWSERS ?? 'chromium,firefox').split(',') as BrowserName[];
const dir = mkdtempSync(join(tmpdir(), 'read-variants-'));
const dist = resolve(import.meta.dirname, '../dist');
const compared = (process.env.COMPARE ?? '').split(',').filter((path) => path !== '').map((path) => resolve(path));

const browserOf = (extension: string): BrowserName =>
  JSON.parse(readFileSync(join(extension, 'manifest.json'), 'utf8')).background.service_worker ? 'chromium' : 'firefox';

const loadAtStart = loadavg();
const devnet = await startDevnet();
try {
  const variants: { name: string; browser: BrowserName; extension: string }[] = browsers.flatMap((browser) => [
    { name: 'wallet as built', browser, extension: join(dist, browser === 'chromium' ? 'chrome' : 'firefox') },
    ...compared.filter((path) => browserOf(path) === browser).map((path) => ({ name: path, browser, extension: path })),
    { name: 'bare relay, postMessage', browser, extension: bareRelay(dir, 'postMessage', browser, devnet.rpcUrl) },
    { name: 'bare relay, CustomEvent', browser, extension: bareRelay(dir, 'customEvent', browser, devnet.rpcUrl) },
  ]);
  const samples = await interleavedReads(variants, devnet, ROUNDS, WARM_UP, PER_ROUND);
  for (const [v, { name, browser }] of variants.entries()) {
    const { through, direct } = samples[v];
    const [t, d] = [figures(through), figures(direct)];
    const [tm, dm] = [trimmedMean(through), trimmedMean(direct)];
    console.log(
      `${browser.padEnd(9)} ${name.padEnd(26)} through ${t.median.toFixed(2)} ms (p95 ${t.p95.toFixed(2)})   direct ${d.median.toFixed(2)} ms   ` +
        `${(t.median / d.median).toFixed(2)}×, +${(t.median - d.median).toFixed(2)} ms   trimmed means ${(tm / dm).toFixed(2)}×, +${(tm - dm).toFixed(2)} ms   n=${t.n}`,
    );
  }
  console.log(`load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} → ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  await devnet.stop();
  rmSync(dir, { recursive: true, force: true });
}
