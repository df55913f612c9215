/**
 * Listening to the chain (issue 42 item 11), on the devnet's 0.2 s blocks: a log's block → the page's `message`
 * callback with one subscription, then with 50 live ones (25 newHeads in one origin, 25 logs subscriptions each with
 * its own topic filter in another), the worker's node requests per second (its resource-timing entries) with none and
 * with the 50, and a round trip to the worker (net_version) without and with them. The same figures as the end of
 * bench/provider.ts (bench/listen.ts), alone. Numbers only; nothing is asserted.
 * Run: npm run build && flock /tmp/e2e.lock npx tsx bench/listening.ts
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startDevnet } from '../devnet';
import { PlaywrightChromium } from '../e2e/driver/chromium/session';
import { connectedDapp } from './connectedDapp';
import { results } from './figures';
import { printGoals } from './goals';
import { benchListening } from './listen';

const LOGS = Number(process.env.LOGS ?? 20);

// A copy, as the e2e setup makes: a build during the run must not change what is measured.
const copies = mkdtempSync(join(tmpdir(), 'wallet-bench-'));
const extension = join(copies, 'chrome');
cpSync(resolve(import.meta.dirname, process.env.BUILD ?? '../dist/chrome'), extension, { recursive: true });
const loadAtStart = loadavg();
const devnet = await startDevnet();
const browser = await PlaywrightChromium.launch(extension);
try {
  const { popup, dapp } = await connectedDapp(browser, devnet);

  await benchListening({ browser, popup, dapp, devnet, logs: LOGS, roundTrips: 100 });
  printGoals();
  const load = { atStart: loadAtStart, atEnd: loadavg(), cores: availableParallelism() };
  console.log(`${'machine load (1, 5, 15 min)'.padEnd(44)} ${load.atStart.map((l) => l.toFixed(2)).join(' ')} at the start, ${load.atEnd.map((l) => l.toFixed(2)).join(' ')} at the end, ${load.cores} cores`);
  console.log(JSON.stringify({ bench: 'listening', results, load }));
} finally {
  await browser.close();
  await devnet.stop();
  rmSync(copies, { recursive: true, force: true });
}
