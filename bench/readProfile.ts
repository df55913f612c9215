/**
 * Where a node read's time goes, in CPU rather than in the pages' clocks (Chromium's step by 0.1 ms): reads of
 * `eth_getBalance` through the wallet as built, the builds named in COMPARE (another build's dist/chrome) and the bare
 * relay by CustomEvent (bareRelay.ts), each in a Chromium of its own, all open at once. First the threads' CPU time as
 * Linux counts it (threadCpu.ts: the worker, the page with its content script, the browser process that passes the
 * messages, and all of them), over ROUNDS batches of 20 reads with the variants in turn, so that the machine's load
 * weighs on all alike; then (unless PROFILE=0) READS reads of each under V8's sampling profiler, in the page and in
 * the worker: each thread's busy time per read, and the functions that took most of it (minified names: the location
 * points into the built script; build with `minify: false` in scripts/bundle.ts to read them). The profiler's clock
 * counts the time a busy machine keeps a thread waiting, so its figures move with the load more than the CPU times.
 * Reads come at most 40 a second, under the wallet's request budget. Numbers only; nothing is asserted.
 * Run: npm run build && flock /tmp/e2e.lock npx tsx bench/readProfile.ts
 *      (ROUNDS=n, 30 by default; READS=n, 400; TOP=n, 12; COMPARE=dir,dir; SAVE=dir: the profiles as .cpuprofile
 *      files, for DevTools; PROFILE=0: the CPU times only)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';
import { startDevnet } from '../devnet';
import { launchWithExtension } from '../e2e/driver/chromium/launch';
import { bareRelay } from './bareRelay';
import { snapshot, spent, type ThreadCpu } from './threadCpu';

const READS = Number(process.env.READS ?? 400);
const TOP = Number(process.env.TOP ?? 12);
const ROUNDS = Number(process.env.ROUNDS ?? 30);
const BATCH = 20;
const SAVE = process.env.SAVE;
const PROFILE = process.env.PROFILE !== '0';
const compared = (process.env.COMPARE ?? '').split(',').filter((path) => path !== '').map((path) => resolve(path));
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
      // Within the budget: 40 a second.
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

/** Each thread's busy time per read, in µs, by the profiler's clock. */
type Busy = { page: number; worker: number };

interface Opened {
  name: string;
  page: import('@playwright/test').Page;
  profileDir: string;
  port: number;
  close(): Promise<void>;
}

/** A Chromium of its own with `extension`, its DevTools on `port`, on the dapp's page once its provider is there. */
async function open(name: string, extension: string, port: number, dappUrl: string, params: unknown[]): Promise<Opened> {
  const launched = await launchWithExtension(extension, { extraArgs: [`--remote-debugging-port=${port}`] });
  const page = await launched.context.newPage();
  await page.goto(dappUrl);
  await page.waitForFunction(() => 'ethereum' in window);
  // Warmed up: the worker's first reads load and compile what later ones reuse.
  await readAll(page, params, 40);
  return { name, page, profileDir: launched.profileDir, port, close: () => launched.close() };
}

/** `READS` reads under V8's sampling profiler, in the page and in the worker: each thread's busy time per read. */
async function profileReads({ name, page, port }: Opened, dappUrl: string, params: unknown[]): Promise<Busy> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { type: string; url: string; webSocketDebuggerUrl: string }[];
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
  const busyPerRead: Busy = { page: 0, worker: 0 };
  for (const [i, thread] of (Object.keys(threads) as (keyof Busy)[]).entries()) {
    const { profile } = await sessions[i].send<{ profile: Profile }>('Profiler.stop');
    if (SAVE) writeFileSync(join(SAVE, `${name.replace(/\W+/g, '_')}-${thread}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    const { busy, top } = selfTimes(profile);
    busyPerRead[thread] = (busy / READS) * 1000;
    console.log(`  ${thread}: busy ${busyPerRead[thread].toFixed(0)} µs a read`);
    for (const [fn, ms] of top) console.log(`    ${((ms / READS) * 1000).toFixed(0).padStart(5)} µs  ${fn}`);
    sessions[i].close();
  }
  return busyPerRead;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const loadAtStart = loadavg();
const devnet = await startDevnet();
const opened: Opened[] = [];
try {
  const params = [devnet.accounts[0].address, 'pending'];
  const variants = [
    { name: 'wallet as built', extension: resolve(import.meta.dirname, '../dist/chrome') },
    ...compared.map((path) => ({ name: path, extension: path })),
    { name: 'bare relay, CustomEvent', extension: bareRelay(dir, 'customEvent', 'chromium', devnet.rpcUrl) },
  ];
  for (const [v, { name, extension }] of variants.entries()) opened.push(await open(name, extension, DEBUGGING_PORT + v, devnet.dappUrl, params));
  // Batches of BATCH reads, the variants in turn: what the machine's load does to one it does to the others.
  const batches = variants.map((): ThreadCpu[] => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [v, { page, profileDir }] of opened.entries()) {
      const before = snapshot(profileDir);
      await readAll(page, params, BATCH);
      batches[v].push(spent(before, snapshot(profileDir), BATCH));
    }
    // The wallet's request budget refills (50 reads a second).
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.log(`CPU time (/proc) a read, µs: the median of ${ROUNDS} batches of ${BATCH} reads, the variants in turn`);
  for (const [v, { name }] of variants.entries()) {
    const column = (of: (cpu: ThreadCpu) => number) => median(batches[v].map(of)).toFixed(0).padStart(5);
    console.log(`  ${name.padEnd(26)} worker ${column((c) => c.worker)}   page ${column((c) => c.page)}   browser ${column((c) => c.browser)}   all ${column((c) => c.all)}`);
  }
  if (PROFILE) for (const variant of opened) await profileReads(variant, devnet.dappUrl, params);
  console.log(`\nload average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} → ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  for (const variant of opened) await variant.close();
  await devnet.stop();
  rmSync(dir, { recursive: true, force: true });
}
