/**
 * What the ERC-7730 registry costs the service worker's heap (issue 44): after its start, after a first review of a
 * call the wallet's own descriptors word (the later script, the wallet's descriptors and the registry's index read),
 * after a review of an Aave supply at the devnet's stand-in (the aave entity's file read and its descriptor parsed),
 * and with every entity's file held, as one file of the whole registry would be. Each after a full garbage collection.
 * Numbers only; nothing is asserted.
 * Run: npm run build && flock /tmp/e2e.lock npx tsx bench/registryHeap.ts   (EXTENSION=<another build's dist/chrome>
 * to measure that build, e.g. one from before the registry)
 */
import { cpSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Interface } from 'ethers';
import { startDevnet } from '../devnet';
import { REGISTRY_STAND_INS, TEST_TOKEN_ADDRESS } from '../devnet/constants';
import { PlaywrightChromium } from '../e2e/driver/chromium/session';
import { ApprovalWindow } from '../e2e/pages/approval';
import { REGISTRY_DIR } from '../src/shared/erc7730/registry';
import { firstRequestAfterStop } from './afterStop';
import { connectedDapp } from './connectedDapp';

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const work = mkdtempSync(join(tmpdir(), 'wallet-registry-heap-'));
const extension = join(work, 'chrome');
cpSync(process.env.EXTENSION ?? resolve(import.meta.dirname, '../dist/chrome'), extension, { recursive: true });
// A build from before the registry (EXTENSION=…) has none: its figures are the ones without it.
const entities = existsSync(join(extension, REGISTRY_DIR)) ? readdirSync(join(extension, REGISTRY_DIR)).map((file) => `${REGISTRY_DIR}/${file}`) : [];
console.log(`load at start ${load()}`);
const devnet = await startDevnet();
const browser = await PlaywrightChromium.launch(extension);
try {
  const { dapp, account } = await connectedDapp(browser, devnet);
  await firstRequestAfterStop(browser, dapp, 'eth_accounts');
  const profiler = await browser.workerHeapProfiler();
  const heaps: [string, number][] = [];
  const measure = async (label: string) => {
    heaps.push([label, await profiler.heap()]);
    const [, before] = heaps.at(-2) ?? [label, 0];
    console.log(`${label.padEnd(58)} ${mb(heaps.at(-1)![1])}${heaps.length > 1 ? ` (+${mb(heaps.at(-1)![1] - before)})` : ''}`);
  };
  /** One call in a batch, reviewed before its window opens; rejected once the window is up. */
  const reviewed = async (label: string, to: string, data: string) => {
    const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from: account, chainId: '0x7a69', atomicRequired: false, calls: [{ to, data }] }]);
    const approval = await ApprovalWindow.next(browser);
    await measure(label);
    await approval.reject();
    await sending;
  };
  await measure('the worker after its start');
  const token = new Interface(['function transfer(address to, uint256 amount)']);
  await reviewed('a first review: a token transfer (the wallet\'s own words)', TEST_TOKEN_ADDRESS, token.encodeFunctionData('transfer', [devnet.accounts[5].address, 1n]));
  const pool = new Interface(['function supply(address asset, uint256 amount, address onBehalfOf, uint16 referralCode)']);
  await reviewed('then an Aave supply (the registry\'s aave file)', REGISTRY_STAND_INS.aavePool, pool.encodeFunctionData('supply', [TEST_TOKEN_ADDRESS, 10n ** 18n, account, 0]));
  if (entities.length > 0) {
    // evaluateInWorker takes no arguments: the files' paths go in the function's text.
    const held = await browser.evaluateInWorker(new Function(`return (async () => {
      globalThis.__registryHeld = await Promise.all(${JSON.stringify(entities)}.map(async (path) => (await fetch(chrome.runtime.getURL(path))).json()));
      return globalThis.__registryHeld.length;
    })()`) as () => Promise<number>);
    await measure(`every entity's file held (${held} files), as one file would be`);
  }
  await profiler.close();
  console.log(`load at the end ${load()}`);
} finally {
  await browser.close();
  await devnet.stop();
}
