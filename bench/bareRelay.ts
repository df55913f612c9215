/**
 * Two bare extensions that only relay a page's read to the node, page → content script → worker → node, one through
 * window.postMessage and one through a CustomEvent: the browser's own floor for any extension in the path
 * (readVariants.ts sets the wallet beside them, readProfile.ts profiles them).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type BrowserName = 'chromium' | 'firefox';

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

/** Chromium's worker is a service worker; Firefox's an event page, and an add-on needs an id. */
export function bareRelay(dir: string, via: keyof typeof relayScripts, browser: BrowserName, rpcUrl: string): string {
  const copy = join(dir, `${via}-${browser}`);
  mkdirSync(copy);
  const script = (file: string, world?: string) => ({ matches: ['http://*/*'], js: [file], run_at: 'document_start', ...(world ? { world } : {}) });
  const background = browser === 'chromium' ? { service_worker: 'background.js' } : { scripts: ['background.js'] };
  const gecko = browser === 'firefox' ? { browser_specific_settings: { gecko: { id: `relay-${via}@bench` } } } : {};
  writeFileSync(join(copy, 'manifest.json'), JSON.stringify({ manifest_version: 3, name: `relay by ${via}`, version: '1', background, content_scripts: [script('content.js'), script('inpage.js', 'MAIN')], ...gecko }));
  writeFileSync(join(copy, 'background.js'), relayWorker(rpcUrl));
  writeFileSync(join(copy, 'content.js'), relayScripts[via].content);
  writeFileSync(join(copy, 'inpage.js'), relayScripts[via].inpage);
  return copy;
}
