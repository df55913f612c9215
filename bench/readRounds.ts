/**
 * A node read (`eth_getBalance`) through browsers that differ only in the extension they run, taken in turn each round
 * so the machine's load weighs on all alike; each page fetches the same read straight from the node in alternation
 * with it (readVariants.ts prints them; npm run bench sets the wallet beside the bare relay, issue 42's floor).
 */
import type { Devnet } from '../devnet';
import { launchWithExtension } from '../e2e/driver/chromium/launch';
import { PuppeteerFirefox } from '../e2e/driver/firefox/session';
import { poll } from '../e2e/driver/poll';
import { bareRelay, type BrowserName } from './bareRelay';
import { results } from './figures';
import { goal } from './goals';

interface Args {
  rpcUrl: string;
  params: unknown[];
  rounds: number;
}
/**
 * `rounds` reads through the extension and as many fetched by the page, in alternation, back to back (run in the
 * page); then a pause until the round took 25 ms a read: the wallet allows a site bursts of 200 and 50 reads a second
 * after, which a quiet machine's reads exceed. A pause between reads instead left each one cold (the bare relay's
 * ratio in Chromium 1.50–1.54, against 1.22–1.29 with reads back to back).
 */
async function alternate({ rpcUrl, params, rounds }: Args): Promise<{ through: number[]; direct: number[] }> {
  const ethereum = (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum;
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params });
  const through: number[] = [];
  const direct: number[] = [];
  const round = performance.now();
  for (let i = 0; i < rounds; i++) {
    let start = performance.now();
    await ethereum.request({ method: 'eth_getBalance', params });
    through.push(performance.now() - start);
    start = performance.now();
    await (await fetch(rpcUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })).json();
    direct.push(performance.now() - start);
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, rounds * 25 - (performance.now() - round))));
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
export const trimmedMean = (samples: number[]): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.slice(Math.floor(sorted.length / 10), Math.ceil((sorted.length * 9) / 10));
  return middle.reduce((sum, x) => sum + x, 0) / middle.length;
};


export interface ReadVariant {
  browser: BrowserName;
  extension: string;
}
export interface ReadSamples {
  through: number[];
  direct: number[];
}

/**
 * Each variant in a browser of its own, on the devnet's dapp page: `warmUp` + `rounds` rounds of `perRound` reads each,
 * in turn; the samples of each variant after the warm-up, in the order given. The browsers are closed at the end.
 */
export async function interleavedReads(variants: ReadVariant[], devnet: Devnet, rounds: number, warmUp: number, perRound: number): Promise<ReadSamples[]> {
  const closers: (() => Promise<unknown>)[] = [];
  try {
    const reads: Read[] = [];
    for (const { browser, extension } of variants) reads.push(await open(browser, extension, devnet.dappUrl, closers));
    const args = { rpcUrl: devnet.rpcUrl, params: [devnet.accounts[0].address, 'pending'], rounds: perRound };
    const samples = variants.map((): ReadSamples => ({ through: [], direct: [] }));
    for (let i = 0; i < warmUp + rounds; i++) {
      for (const [v, read] of reads.entries()) {
        const { through, direct } = await read(args);
        if (i < warmUp) continue;
        samples[v].through.push(...through);
        samples[v].direct.push(...direct);
      }
    }
    return samples;
  } finally {
    for (const close of closers) await close();
  }
}

/**
 * Issue 42's item 9 in `browser`: reads through the wallet (`extension`) and through the bare relay by CustomEvent (the
 * floor of any extension in the path; its relay is written into `dir`) in turn, each as a ratio to the page's own
 * fetch of the same read beside it. The verdict is on the trimmed means, which Chromium's 0.1 ms clock moves less.
 */
export async function readsBesideBareRelay(browser: BrowserName, extension: string, devnet: Devnet, dir: string): Promise<void> {
  const variants = [
    { browser, extension },
    { browser, extension: bareRelay(dir, 'customEvent', browser, devnet.rpcUrl) },
  ];
  const [wallet, bare] = (await interleavedReads(variants, devnet, 20, 2, 20)).map(({ through, direct }) => trimmedMean(through) / trimmedMean(direct));
  const name = browser === 'chromium' ? 'Chromium' : 'Firefox';
  console.log(`${`eth_getBalance ÷ the page's fetch, ${name}`.padEnd(44)} wallet ${wallet.toFixed(2)}×   bare relay ${bare.toFixed(2)}×   (trimmed means, 20 × 20 reads each, in turn)`);
  results[`eth_getBalance ÷ fetch, wallet, ${name}`] = { median: wallet, p95: wallet, n: 400 };
  results[`eth_getBalance ÷ fetch, bare relay, ${name}`] = { median: bare, p95: bare, n: 400 };
  goal('9', `eth_getBalance ÷ the page's fetch, ${name}`, wallet, '×', { floor: bare, floorIs: 'bare relay', allowance: 0.05 });
}
