/**
 * A node read (`eth_getBalance`) through browsers that differ only in the extension they run, taken in turn each round
 * so that the machine's load weighs on all alike: the wallet as built, the builds named in COMPARE (their dist/chrome
 * folders, e.g. another commit's), and two bare extensions that only relay the read to the node, page → content
 * script → worker → node, one through window.postMessage and one through a CustomEvent: the browser's own floor for
 * any extension in the path. Each page fetches the same read straight from the node in alternation with it, and each
 * line sets one against the other. Numbers only; nothing is asserted.
 * Run: npm run build && flock /tmp/e2e.lock npx tsx bench/readVariants.ts   (ROUNDS=n, 20 by default; COMPARE=dir,dir)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { startDevnet } from '../devnet';
import { launchWithExtension } from '../e2e/driver/chromium/launch';
import { figures } from './figures';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const PER_ROUND = 20;
const WARM_UP = 2;
const dir = mkdtempSync(join(tmpdir(), 'read-variants-'));
const built = resolve(import.meta.dirname, '../dist/chrome');
const compared = (process.env.COMPARE ?? '').split(',').filter((path) => path !== '');

/** The worker of both bare relays: each request it hears on a port goes to the node, and its answer back. */
const relayWorker = (rpcUrl: string) => `
chrome.runtime.onConnect.addListener((port) => port.onMessage.addListener(async ({ id, method, params }) => {
  const reply = await (await fetch(${JSON.stringify(rpcUrl)}, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json();
  port.postMessage({ id, result: reply.result });
}));`;

/** Page ↔ content script by `via`; `window.ethereum.request` in the page, as the wallet's. */
const relayScripts = {
  postMessage: {
    content: `let port;
window.addEventListener('message', (e) => {
  if (e.source !== window || e.data?.to !== 'relay') return;
  port ??= chrome.runtime.connect();
  if (!port.heard) port.onMessage.addListener((m) => window.postMessage({ to: 'page', m }, window.origin)), (port.heard = true);
  port.postMessage(e.data.m);
});`,
    inpage: `const waiting = new Map(); let n = 0;
window.addEventListener('message', (e) => { if (e.source === window && e.data?.to === 'page') { waiting.get(e.data.m.id)?.(e.data.m.result); waiting.delete(e.data.m.id); } });
window.ethereum = { request: ({ method, params }) => new Promise((resolve) => { const id = ++n; waiting.set(id, resolve); window.postMessage({ to: 'relay', m: { id, method, params } }, window.origin); }) };`,
  },
  customEvent: {
    content: `let port;
window.addEventListener('relay', (e) => {
  port ??= chrome.runtime.connect();
  if (!port.heard) port.onMessage.addListener((m) => window.dispatchEvent(new CustomEvent('page', { detail: JSON.stringify(m) }))), (port.heard = true);
  port.postMessage(JSON.parse(e.detail));
});`,
    inpage: `const waiting = new Map(); let n = 0;
window.addEventListener('page', (e) => { const m = JSON.parse(e.detail); waiting.get(m.id)?.(m.result); waiting.delete(m.id); });
window.ethereum = { request: ({ method, params }) => new Promise((resolve) => { const id = ++n; waiting.set(id, resolve); window.dispatchEvent(new CustomEvent('relay', { detail: JSON.stringify({ id, method, params }) })); }) };`,
  },
};

function bareRelay(via: keyof typeof relayScripts, rpcUrl: string): string {
  const copy = join(dir, via);
  mkdirSync(copy);
  const script = (file: string, world?: string) => ({ matches: ['http://*/*'], js: [file], run_at: 'document_start', ...(world ? { world } : {}) });
  writeFileSync(join(copy, 'manifest.json'), JSON.stringify({ manifest_version: 3, name: `relay by ${via}`, version: '1', background: { service_worker: 'background.js' }, content_scripts: [script('content.js'), script('inpage.js', 'MAIN')] }));
  writeFileSync(join(copy, 'background.js'), relayWorker(rpcUrl));
  writeFileSync(join(copy, 'content.js'), relayScripts[via].content);
  writeFileSync(join(copy, 'inpage.js'), relayScripts[via].inpage);
  return copy;
}

/** `rounds` reads through the extension and as many fetched by the page, in alternation. */
const alternate = (page: Page, rpcUrl: string, params: unknown[], rounds: number) =>
  page.evaluate(
    async ({ rpcUrl, params, rounds }) => {
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
    },
    { rpcUrl, params, rounds },
  );

const loadAtStart = loadavg();
const devnet = await startDevnet();
const closers: (() => Promise<unknown>)[] = [];
try {
  const variants: Record<string, string> = {
    'wallet as built': built,
    ...Object.fromEntries(compared.map((path) => [path, resolve(path)])),
    'bare relay, postMessage': bareRelay('postMessage', devnet.rpcUrl),
    'bare relay, CustomEvent': bareRelay('customEvent', devnet.rpcUrl),
  };
  const pages: Record<string, Page> = {};
  for (const [name, extension] of Object.entries(variants)) {
    const launched = await launchWithExtension(extension);
    closers.push(() => launched.close());
    pages[name] = await launched.context.newPage();
    await pages[name].goto(devnet.dappUrl);
    await pages[name].waitForFunction(() => 'ethereum' in window);
  }
  const params = [devnet.accounts[0].address, 'pending'];
  const samples = Object.fromEntries(Object.keys(pages).map((name) => [name, { through: [] as number[], direct: [] as number[] }]));
  for (let i = 0; i < WARM_UP + ROUNDS; i++) {
    for (const [name, page] of Object.entries(pages)) {
      const { through, direct } = await alternate(page, devnet.rpcUrl, params, PER_ROUND);
      if (i < WARM_UP) continue;
      samples[name].through.push(...through);
      samples[name].direct.push(...direct);
    }
  }
  for (const [name, { through, direct }] of Object.entries(samples)) {
    const [t, d] = [figures(through), figures(direct)];
    console.log(`${name.padEnd(28)} through ${t.median.toFixed(2)} ms (p95 ${t.p95.toFixed(2)})   direct ${d.median.toFixed(2)} ms   ${(t.median / d.median).toFixed(2)}×, +${(t.median - d.median).toFixed(2)} ms   n=${t.n}`);
  }
  console.log(`load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} → ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  for (const close of closers) await close();
  await devnet.stop();
  rmSync(dir, { recursive: true, force: true });
}
