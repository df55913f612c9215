/**
 * Where a node read's time goes, in CPU rather than in the pages' clocks (Chromium's step by 0.1 ms): reads of
 * `eth_getBalance` through the wallet as built and through the bare relay by CustomEvent (bareRelay.ts), each in its
 * own Chromium, while V8's sampling profiler runs in the page (its content script runs in the same thread) and in the
 * worker. Prints each thread's busy time per read, and the functions that took most of it (minified names: the
 * location points into the built script). Reads come in batches of 40 a second, under the wallet's request budget.
 * Numbers only; nothing is asserted.
 * Run: npm run build && flock /tmp/e2e.lock npx tsx bench/readProfile.ts   (READS=n, 400 by default; TOP=n, 12)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';
import { startDevnet } from '../devnet';
import { launchWithExtension } from '../e2e/driver/chromium/launch';
import { bareRelay } from './bareRelay';

const READS = Number(process.env.READS ?? 400);
const TOP = Number(process.env.TOP ?? 12);
const DEBUGGING_PORT = 9339;
const dir = mkdtempSync(join(tmpdir(), 'read-profile-'));

interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface Profile { nodes: { id: number; callFrame: CallFrame }[]; samples: number[]; timeDeltas: number[] }
type Send = <T>(method: string, params?: object) => Promise<T>;

/** A DevTools session with one target (the page, or the worker), over its own WebSocket. */
function attach(webSocketDebuggerUrl: string): Promise<{ send: Send; close(): void }> {
  const socket = new WebSocket(webSocketDebuggerUrl);
  const waiting = new Map<number, (result: unknown) => void>();
  let next = 0;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  const send: Send = (method, params = {}) =>
    new Promise((resolve) => {
      waiting.set(++next, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id: next, method, params }));
    });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ send, close: () => socket.close() }));
    socket.once('error', reject);
  });
}

/** Self time by function, and the busy total (all but idle), in ms. */
function selfTimes(profile: Profile): { busy: number; top: [string, number][] } {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byFunction = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = frames.get(id)!;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const name = `${frame.functionName || '(anonymous)'}${frame.url ? ` ${frame.url.split('/').pop()}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    if (frame.functionName !== '(idle)') busy += ms;
  });
  return { busy, top: [...byFunction].filter(([name]) => !name.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, TOP) };
}

/** `reads` reads in the page, 40 a second; the mean time of one, by the page's clock. */
const readAll = (page: import('@playwright/test').Page, params: unknown[], reads: number) =>
  page.evaluate(
    async ({ params, reads }) => {
      const ethereum = (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum;
      let spent = 0;
      for (let i = 1; i <= reads; i++) {
        const start = performance.now();
        await ethereum.request({ method: 'eth_getBalance', params });
        spent += performance.now() - start;
        if (i % 40 === 0) await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      return spent / reads;
    },
    { params, reads },
  );

async function profileReads(name: string, extension: string, dappUrl: string, params: unknown[]): Promise<void> {
  const launched = await launchWithExtension(extension, { extraArgs: [`--remote-debugging-port=${DEBUGGING_PORT}`] });
  try {
    const page = await launched.context.newPage();
    await page.goto(dappUrl);
    await page.waitForFunction(() => 'ethereum' in window);
    // Warmed up: the worker's first reads load and compile what later ones reuse.
    await readAll(page, params, 40);
    const targets = (await (await fetch(`http://127.0.0.1:${DEBUGGING_PORT}/json/list`)).json()) as { type: string; url: string; webSocketDebuggerUrl: string }[];
    const threads = {
      page: targets.find((t) => t.type === 'page' && t.url.startsWith(dappUrl)),
      worker: targets.find((t) => t.type === 'service_worker'),
    };
    const sessions = await Promise.all(Object.values(threads).map((target) => attach(target!.webSocketDebuggerUrl)));
    for (const session of sessions) {
      await session.send('Profiler.enable');
      await session.send('Profiler.setSamplingInterval', { interval: 25 });
      await session.send('Profiler.start');
    }
    const perRead = await readAll(page, params, READS);
    console.log(`\n${name}: ${perRead.toFixed(2)} ms a read (by the page's clock, profiled)`);
    for (const [i, thread] of Object.keys(threads).entries()) {
      const { profile } = await sessions[i].send<{ profile: Profile }>('Profiler.stop');
      const { busy, top } = selfTimes(profile);
      console.log(`  ${thread}: busy ${((busy / READS) * 1000).toFixed(0)} µs a read`);
      for (const [fn, ms] of top) console.log(`    ${((ms / READS) * 1000).toFixed(0).padStart(5)} µs  ${fn}`);
      sessions[i].close();
    }
  } finally {
    await launched.close();
  }
}

const loadAtStart = loadavg();
const devnet = await startDevnet();
try {
  const params = [devnet.accounts[0].address, 'pending'];
  await profileReads('wallet as built', resolve(import.meta.dirname, '../dist/chrome'), devnet.dappUrl, params);
  await profileReads('bare relay, CustomEvent', bareRelay(dir, 'customEvent', 'chromium', devnet.rpcUrl), devnet.dappUrl, params);
  console.log(`\nload average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} → ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  await devnet.stop();
  rmSync(dir, { recursive: true, force: true });
}
