/**
 * Listening to the chain (issue 42 item 11), on the devnet's 0.2 s blocks: a log's block → the page's `message`
 * callback with one subscription, then with 50 live ones (25 newHeads in one origin, 25 logs subscriptions each with
 * its own topic filter in another), the worker's node requests per second (its resource-timing entries) with none and
 * with the 50, and a round trip to the worker (net_version) without and with them. The same figures as the end of
 * bench/provider.ts, alone. Numbers only; nothing is asserted.
 * Run: npm run build && flock /tmp/e2e.lock npx tsx bench/listening.ts
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { startDevnet } from '../devnet';
import { PLAIN_HTTP_HOST } from '../e2e/driver/hosts';
import { PlaywrightChromium } from '../e2e/driver/chromium/session';
import { Dapp } from '../e2e/pages/dapp';
import { connectedDapp } from './connectedDapp';
import { report, results } from './figures';

const WARM_UP = 20;
const ROUNDS = 100;
const LOGS = Number(process.env.LOGS ?? 20);

// A copy, as the e2e setup makes: a build during the run must not change what is measured.
const copies = mkdtempSync(join(tmpdir(), 'wallet-bench-'));
const extension = join(copies, 'chrome');
cpSync(resolve(import.meta.dirname, process.env.BUILD ?? '../dist/chrome'), extension, { recursive: true });
const loadAtStart = loadavg();
const devnet = await startDevnet();
const browser = await PlaywrightChromium.launch(extension);
try {
  const { dapp } = await connectedDapp(browser, devnet);

  /** `rounds` timed net_version calls through the wallet after the warm-up. */
  const roundTrips = (rounds = ROUNDS) =>
    dapp.screen.evaluate(
      async ({ rounds, warmUp }) => {
        const ethereum = (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum;
        const samples: number[] = [];
        for (let i = 0; i < warmUp + rounds; i++) {
          const start = performance.now();
          await ethereum.request({ method: 'net_version', params: [] });
          if (i >= warmUp) samples.push(performance.now() - start);
        }
        return samples;
      },
      { rounds, warmUp: WARM_UP },
    );

  /** The node requests the worker made over `ms` (its resource timing entries), per second. */
  const nodeRequestsPerSecond = async (ms: number) => {
    await browser.evaluateInWorker(() => {
      performance.setResourceTimingBufferSize(100_000);
      performance.clearResourceTimings();
    });
    await new Promise((resolve) => setTimeout(resolve, ms));
    const count = await browser.evaluateInWorker(() => performance.getEntriesByType('resource').length);
    return (count * 1000) / ms;
  };
  /** LOGS times: a Transfer minted (its send answered) until the page's subscription callback. */
  const logToCallback = async () => {
    const samples: number[] = [];
    // A devnet account the wallet does not use, so its nonces never meet the wallet's.
    const signer = new Wallet(devnet.accounts[8].privateKey, new JsonRpcProvider(devnet.rpcUrl));
    const minter = new Contract(devnet.addresses.testToken, ['function mint(address,uint256)'], signer);
    // Counted here: ethers keeps a nonce it read for 250 ms, less than a round takes now.
    let nonce = await signer.getNonce('pending');
    for (let i = 0; i < LOGS; i++) {
      await dapp.screen.evaluate(async (testToken) => {
        const w = window as unknown as { heardLog?: Promise<number>; ethereum: { request(a: unknown): Promise<string>; on(e: string, f: (m: { data: { subscription: string } }) => void): void } };
        const id = await w.ethereum.request({ method: 'eth_subscribe', params: ['logs', { address: testToken }] });
        // Heard, the subscription ends: the next round makes its own.
        w.heardLog = new Promise<number>((resolve) => w.ethereum.on('message', (m) => (m.data.subscription === id ? resolve(performance.timeOrigin + performance.now()) : undefined)))
          .then(async (at) => (await w.ethereum.request({ method: 'eth_unsubscribe', params: [id] }), at));
      }, devnet.addresses.testToken);
      await minter.getFunction('mint')(devnet.accounts[5].address, 1n, { nonce: nonce++ });
      const minedAt = Date.now();
      samples.push((await dapp.screen.evaluate(() => (window as unknown as { heardLog: Promise<number> }).heardLog, undefined)) - minedAt);
    }
    return samples;
  };

  report('log sealed → page\'s subscription callback', await logToCallback());
  const idleRequests = await nodeRequestsPerSecond(5000);
  const roundTripAlone = report('net_version, no subscriptions', await roundTrips());
  // In pages of two other origins, 25 each (an origin may hold 32): subscriptions pay for their reads from their
  // origin's request budget, which the measured page's own would otherwise share.
  const subscribe = async (host: string, kind: 'newHeads' | 'logs') => {
    const listening = await Dapp.open(browser, devnet.dappUrl.replace('127.0.0.1', host));
    await listening.screen.evaluate(async ({ testToken, kind }) => {
      const w = window as unknown as { heard: number; ethereum: { request(a: unknown): Promise<unknown>; on(e: string, f: () => void): void } };
      w.heard = 0;
      w.ethereum.on('message', () => void w.heard++);
      for (let i = 0; i < 25; i++) {
        const topics = [null, null, `0x${i.toString(16).padStart(64, '0')}`];
        await w.ethereum.request({ method: 'eth_subscribe', params: kind === 'newHeads' ? ['newHeads'] : ['logs', { address: testToken, topics }] });
      }
    }, { testToken: devnet.addresses.testToken, kind });
    return listening;
  };
  const headsPage = await subscribe('localhost', 'newHeads');
  await subscribe(PLAIN_HTTP_HOST, 'logs');
  const heardBefore = await headsPage.screen.evaluate(() => (window as unknown as { heard: number }).heard, undefined);
  const busyRequests = await nodeRequestsPerSecond(5000);
  const heardAfter = await headsPage.screen.evaluate(() => (window as unknown as { heard: number }).heard, undefined);
  report('net_version, 50 live subscriptions', await roundTrips(), roundTripAlone, 'without them');
  console.log(`${'node requests/s, none → 50 subscriptions'.padEnd(44)} ${idleRequests.toFixed(1)} → ${busyRequests.toFixed(1)}`);
  console.log(`${'newHeads messages/s (25 subscriptions)'.padEnd(44)} ${((heardAfter - heardBefore) / 5).toFixed(1)}`);
  results['node requests/s with no subscriptions'] = { median: idleRequests, p95: idleRequests, n: 1 };
  results['node requests/s with 50 subscriptions'] = { median: busyRequests, p95: busyRequests, n: 1 };
  report('log sealed → callback, 50 live subscriptions', await logToCallback());
  const load = { atStart: loadAtStart, atEnd: loadavg(), cores: availableParallelism() };
  console.log(`${'machine load (1, 5, 15 min)'.padEnd(44)} ${load.atStart.map((l) => l.toFixed(2)).join(' ')} at the start, ${load.atEnd.map((l) => l.toFixed(2)).join(' ')} at the end, ${load.cores} cores`);
  console.log(JSON.stringify({ bench: 'listening', results, load }));
} finally {
  await browser.close();
  await devnet.stop();
  rmSync(copies, { recursive: true, force: true });
}
