/**
 * Listening to the chain (issue 42 item 11), on the devnet's 0.2 s blocks: a log's block → the page's `message`
 * callback with one subscription, then with 50 live ones (25 newHeads in one origin, 25 logs subscriptions each with
 * its own topic filter in another), the worker's node requests per second (its resource-timing entries) with none and
 * with the 50, and a round trip to the worker (net_version) without and with them. Reported, and recorded as goals.
 * The popup's Home reads the node too (the balance, its value, the tokens: every 2 s), so it is counted apart, and
 * the popup waits on Settings while the subscriptions' requests are counted.
 */
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import type { Devnet } from '../devnet';
import { PLAIN_HTTP_HOST } from '../e2e/driver/hosts';
import type { PlaywrightChromium } from '../e2e/driver/chromium/session';
import { Dapp } from '../e2e/pages/dapp';
import type { WalletPopup } from '../e2e/pages/wallet';
import { report, results } from './figures';
import { goal } from './goals';

const WARM_UP = 20;

export async function benchListening({ browser, popup, dapp, devnet, logs = 10, roundTrips = 50 }: { browser: PlaywrightChromium; popup: WalletPopup; dapp: Dapp; devnet: Devnet; logs?: number; roundTrips?: number }): Promise<void> {
  /** `rounds` timed net_version calls through the wallet after the warm-up. */
  const timedRoundTrips = () =>
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
      { rounds: roundTrips, warmUp: WARM_UP },
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

  /** `logs` times: a Transfer minted (its send answered) until the page's subscription callback. */
  const logToCallback = async () => {
    const samples: number[] = [];
    // A devnet account the wallet does not use, so its nonces never meet the wallet's.
    const signer = new Wallet(devnet.accounts[8].privateKey, new JsonRpcProvider(devnet.rpcUrl));
    const minter = new Contract(devnet.addresses.testToken, ['function mint(address,uint256)'], signer);
    // Counted here: ethers keeps a nonce it read for 250 ms, less than a round takes now.
    let nonce = await signer.getNonce('pending');
    for (let i = 0; i < logs; i++) {
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

  const heardAlone = report('log sealed → page\'s subscription callback', await logToCallback());
  goal('11', 'log sealed → callback, 1 subscription, Chromium', heardAlone.median, 'ms', { atMost: 250 });
  const homeRequests = await nodeRequestsPerSecond(5000);
  await popup.screen.click('Settings');
  const idleRequests = await nodeRequestsPerSecond(5000);
  const roundTripAlone = report('net_version, no subscriptions', await timedRoundTrips());
  // In pages of two other origins, 25 each (an origin may hold 32): subscriptions pay for their reads from their
  // origin's request budget, which the measured page's own would otherwise share.
  const subscribe = async (host: string, kind: 'newHeads' | 'logs') => {
    const listening = await Dapp.open(browser, devnet.dappUrl.replace('127.0.0.1', host));
    await listening.screen.evaluate(async ({ testToken, kind }) => {
      const ethereum = (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum;
      for (let i = 0; i < 25; i++) {
        const topics = [null, null, `0x${i.toString(16).padStart(64, '0')}`];
        await ethereum.request({ method: 'eth_subscribe', params: kind === 'newHeads' ? ['newHeads'] : ['logs', { address: testToken, topics }] });
      }
    }, { testToken: devnet.addresses.testToken, kind });
  };
  await subscribe('localhost', 'newHeads');
  await subscribe(PLAIN_HTTP_HOST, 'logs');
  const busyRequests = await nodeRequestsPerSecond(5000);
  const roundTripBusy = report('net_version, 50 live subscriptions', await timedRoundTrips(), roundTripAlone, 'without them');
  console.log(`${'node requests/s, none → 50 subscriptions'.padEnd(44)} ${idleRequests.toFixed(1)} → ${busyRequests.toFixed(1)} (one head read and one eth_getLogs a turn for all)`);
  console.log(`${'node requests/s, the popup on Home'.padEnd(44)} ${homeRequests.toFixed(1)} (its balance, values and tokens, read every 2 s)`);
  results['node requests/s, the popup on Home'] = { median: homeRequests, p95: homeRequests, n: 1 };
  results['node requests/s with no subscriptions'] = { median: idleRequests, p95: idleRequests, n: 1 };
  results['node requests/s with 50 subscriptions'] = { median: busyRequests, p95: busyRequests, n: 1 };
  const heardAmongMany = report('log sealed → callback, 50 live subscriptions', await logToCallback());
  goal('11', 'log sealed → callback, 50 subscriptions, Chromium', heardAmongMany.median, 'ms', { atMost: 250 });
  goal('11', 'node requests/s, 50 subscriptions, Chromium', busyRequests, '/s', { atMost: 10 });
  await popup.screen.click('Back');
  goal('11', 'net_version with 50 subscriptions ÷ without, Chromium', roundTripBusy.median / roundTripAlone.median, '×', { atMost: 1.5 });
}
