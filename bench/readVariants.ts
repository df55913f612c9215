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
import { launchWithExtension } from '../e2e/driver/chromium/launch';
import { PuppeteerFirefox } from '../e2e/driver/firefox/session';
import { poll } from '../e2e/driver/poll';
import { bareRelay, type BrowserName } from './bareRelay';
import { figures } from './figures';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const PER_ROUND = 20;
const WARM_UP = 2;
const browsers = (process.env.BROWSERS ?? 'chromium,firefox').split(',') as BrowserName[];
const dir = mkdtempSync(join(tmpdir(), 'read-variants-'));
const dist = resolve(import.meta.dirname, '../dist');
const compared = (process.env.COMPARE ?? '').split(',').filter((path) => path !== '').map((path) => resolve(path));

const browserOf = (extension: string): BrowserName =>
  JSON.parse(readFileSync(join(extension, 'manifest.json'), 'utf8')).background.service_worker ? 'chromium' : 'firefox';

interface Args {
  rpcUrl: string;
  params: unknown[];
  rounds: number;
}
/** `rounds` reads through the extension and as many fetched by the page, in alternation (run in the page). */
async function alternate({ rpcUrl, params, rounds }: Args): Promise<{ through: number[]; direct: number[] }> {
  const ethereum = (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum;
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params });
  const through: number[] = [];
  const direct: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let start = performance.now();
    await ethereum.request({ method: 'eth_getBalance', params });
    through.push(performance.now() - start);
    start = performance.now();
    await (await fetch(rpcUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })).json();
    direct.push(performance.now() - start);
  }
  return { through, direct };
}

type Read = (args: Args) => Promise<{ through: number[]; direct: number[] }>;

/** A browser with `extension`, on the dapp's page once its provider is there. */
async function open(browser: BrowserName, extension: string, url: string, closers: (() => Promise<unknown>)[]): Promise<Read> {
  if (browser === 'chromium') {
    const launched = await launchWithExtension(extension);
    closers.push(() => launched.close());
    const page = await launched.context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => 'ethereum' in window);
    return (args) => page.evaluate(alternate, args);
  }
  // Firefox's pages tell time in whole milliseconds unless told otherwise.
  const firefox = await PuppeteerFirefox.launch(extension, { 'privacy.reduceTimerPrecision': false });
  closers.push(() => firefox.close());
  const page = await firefox.openPage(url);
  await poll('the provider', () => page.evaluate(() => ('ethereum' in window) || undefined, undefined));
  return (args) => page.evaluate(alternate, args);
}

/** The mean of the middle 80%: Chromium's coarse clock moves a median in 0.1 ms steps, a mean of many reads less. */
const trimmedMean = (samples: number[]): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.slice(Math.floor(sorted.length / 10), Math.ceil((sorted.length * 9) / 10));
  return middle.reduce((sum, x) => sum + x, 0) / middle.length;
};

const loadAtStart = loadavg();
const devnet = await startDevnet();
const closers: (() => Promise<unknown>)[] = [];
try {
  const variants: { name: string; browser: BrowserName; extension: string }[] = browsers.flatMap((browser) => [
    { name: 'wallet as built', browser, extension: join(dist, browser === 'chromium' ? 'chrome' : 'firefox') },
    ...compared.filter((path) => browserOf(path) === browser).map((path) => ({ name: path, browser, extension: path })),
    { name: 'bare relay, postMessage', browser, extension: bareRelay(dir, 'postMessage', browser, devnet.rpcUrl) },
    { name: 'bare relay, CustomEvent', browser, extension: bareRelay(dir, 'customEvent', browser, devnet.rpcUrl) },
  ]);
  const reads: Read[] = [];
  for (const { browser, extension } of variants) reads.push(await open(browser, extension, devnet.dappUrl, closers));
  const args = { rpcUrl: devnet.rpcUrl, params: [devnet.accounts[0].address, 'pending'], rounds: PER_ROUND };
  const samples = variants.map(() => ({ through: [] as number[], direct: [] as number[] }));
  for (let i = 0; i < WARM_UP + ROUNDS; i++) {
    for (const [v, read] of reads.entries()) {
      const { through, direct } = await read(args);
      if (i < WARM_UP) continue;
      samples[v].through.push(...through);
      samples[v].direct.push(...direct);
    }
  }
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
  for (const close of closers) await close();
  await devnet.stop();
  rmSync(dir, { recursive: true, force: true });
}
