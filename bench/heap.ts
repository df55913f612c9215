/**
 * What the service worker's heap keeps (issue 42 item 11b): the worker's heap after its start, after 1, 10 and 100
 * atomic batches (each `wallet_sendCalls` with one call, approved in its window), each after a full garbage
 * collection, and from heap snapshots taken at the same points what grew, by class and by the path that holds it.
 * Numbers only; nothing is asserted. The snapshots stay in the folder printed last (open them in DevTools' Memory tab).
 * Run: npm run build && flock /tmp/e2e.lock npx tsx bench/heap.ts   (BATCHES=100 by default; EXTENSION=<another build's
 * dist/chrome> to measure that build)
 */
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startDevnet } from '../devnet';
import { PlaywrightChromium } from '../e2e/driver/chromium/session';
import { ApprovalWindow } from '../e2e/pages/approval';
import { firstRequestAfterStop } from './afterStop';
import { connectedDapp } from './connectedDapp';
import { byClass, readHeapSnapshot, type HeapGraph } from './heapSnapshot';

const BATCHES = Number(process.env.BATCHES ?? 100);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`;

type Kind = 'bytecode' | 'machine' | 'objects' | 'internal' | 'source' | 'embedder';

/** V8's classes of the machine code its compilers make of functions that run often, with what goes with it. */
const MACHINE_CODE = /InstructionStream|system \/ Code$|TrustedByteArray|ProtectedFixedArray|TrustedWeakFixedArray|CodeWrapper|FeedbackVector/;

/**
 * Where a class counts: the scripts' code (bytecode and what V8 keeps beside it), the machine code of hot functions,
 * the scripts' source and the browser's own objects apart from the wallet's objects.
 */
function kindOf(name: string): Kind {
  if (MACHINE_CODE.test(name)) return 'machine';
  if (name.startsWith('(code)')) return 'bytecode';
  if (name === 'system / ExternalStringData') return 'source';
  if (name.includes('::')) return 'embedder';
  if (name.startsWith('system /') || name.startsWith('(object shape)')) return 'internal';
  return 'objects';
}

function byKind(graph: HeapGraph): Record<Kind, number> {
  const sums: Record<Kind, number> = { bytecode: 0, machine: 0, objects: 0, internal: 0, source: 0, embedder: 0 };
  for (const { name, size } of byClass(graph)) sums[kindOf(name)] += size;
  return sums;
}

/** The batch records in the heap (the fields every record has), and what they retain. */
function batchRecords(graph: HeapGraph): { count: number; size: number } {
  const fields = ['origin', 'id', 'calls', 'transactions', 'createdAt', 'state'];
  let count = 0;
  let size = 0;
  for (let n = 0; n < graph.count; n++) {
    if (graph.classOf(n) !== 'Object') continue;
    const names = new Set(graph.propertyNames(n));
    if (!fields.every((f) => names.has(f))) continue;
    count++;
    size += graph.retained[n];
  }
  return { count, size };
}

/** The last steps of the path from the roots to `node`, with what varies from one object to the next left out. */
const placeOf = (graph: HeapGraph, node: number): string =>
  graph.pathTo(node).slice(-4).map((step) => step.replace(/\[\d+\]/g, '[i]').replace(/@\d+/g, '@').replace(/\.[^.→]*( |0x[0-9a-f]{16})[^.→]*$/, '.<key>')).join(' → ');

/**
 * What grew from `earlier` to `later`, of the classes `counted` names: own sizes summed by class and by place (the
 * path from the roots), and the differences printed. Set side by side, not by object ids: a snapshot may give a new
 * object the id of one that died.
 */
function grown(earlier: HeapGraph, later: HeapGraph, counted: (name: string) => boolean, per = 1, rows = 15) {
  const sums = (graph: HeapGraph, keyOf: (node: number) => string) => {
    const totals = new Map<string, number>();
    for (let n = 1; n < graph.count; n++) {
      if (!counted(graph.classOf(n))) continue;
      const key = keyOf(n);
      totals.set(key, (totals.get(key) ?? 0) + graph.selfSize[n]);
    }
    return totals;
  };
  const print = (title: string, keyOf: (graph: HeapGraph) => (node: number) => string) => {
    const [before, after] = [sums(earlier, keyOf(earlier)), sums(later, keyOf(later))];
    const changes = [...after].map(([key, size]) => [key, size - (before.get(key) ?? 0)] as const);
    const total = changes.reduce((sum, [, change]) => sum + change, 0) - [...before].filter(([key]) => !after.has(key)).reduce((sum, [, size]) => sum + size, 0);
    console.log(`  ${title}: ${kb(total)} in all${per > 1 ? ` (${kb(total / per)} per batch)` : ''}; the largest growths:`);
    for (const [key, change] of changes.sort((x, y) => y[1] - x[1]).slice(0, rows)) if (change > 0) console.log(`    ${kb(change).padStart(10)}  ${key.slice(-300)}`);
  };
  print('by class', (graph) => (n) => graph.classOf(n));
  print('by place', (graph) => (n) => `${graph.classOf(n)} ← ${placeOf(graph, n)}`);
}

/** The wallet's objects retaining `min` bytes or more that no other such object dominates, largest first. */
function holders(graph: HeapGraph, min: number): string[] {
  const big = (n: number) => graph.retained[n] >= min && kindOf(graph.classOf(n)) === 'objects' && !/^\((string|array|synthetic)/.test(graph.classOf(n));
  const found: number[] = [];
  for (let n = 1; n < graph.count; n++) {
    if (!big(n)) continue;
    let above = graph.dominatorOf(n);
    while (above > 0 && !big(above)) above = graph.dominatorOf(above);
    if (above <= 0) found.push(n);
  }
  return found
    .sort((a, b) => graph.retained[b] - graph.retained[a])
    .map((n) => `${kb(graph.retained[n]).padStart(10)}  ${graph.classOf(n)} ← ${graph.pathTo(n).slice(-4).join(' → ').slice(-300)}`);
}

const work = mkdtempSync(join(tmpdir(), 'wallet-heap-'));
const extension = join(work, 'chrome');
cpSync(process.env.EXTENSION ?? resolve(import.meta.dirname, '../dist/chrome'), extension, { recursive: true });
console.log(`load at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const devnet = await startDevnet();
const browser = await PlaywrightChromium.launch(extension);
try {
  const { dapp, account } = await connectedDapp(browser, devnet);
  const batch = { version: '2.0.0', from: account, chainId: '0x7a69', atomicRequired: true, calls: [{ to: devnet.accounts[5].address, value: '0x1' }] };

  // As `npm run bench` reads it: the worker just started, one request answered.
  await firstRequestAfterStop(browser, dapp, 'eth_accounts');
  const profiler = await browser.workerHeapProfiler();
  const snapshots: Array<{ label: string; heap: number; graph: HeapGraph }> = [];
  const snapshot = async (label: string) => {
    const heap = await profiler.heap();
    const text = await profiler.snapshot();
    writeFileSync(join(work, `${label}.heapsnapshot`), text);
    const graph = readHeapSnapshot(text);
    snapshots.push({ label, heap, graph });
    const kinds = byKind(graph);
    const records = batchRecords(graph);
    console.log(`${`heap after ${label}`.padEnd(22)} ${mb(heap)}: bytecode ${mb(kinds.bytecode)}, machine code ${mb(kinds.machine)}, objects ${mb(kinds.objects)}, shapes and V8's own ${mb(kinds.internal)};` +
      ` batch records ${records.count} (${kb(records.size)}, ${kb(records.count ? records.size / records.count : 0)} each)` +
      ` | beside the heap: scripts' source ${mb(kinds.source)}, the browser's objects ${mb(kinds.embedder)}`);
    return graph;
  };

  await snapshot('start');
  for (let sent = 0; sent < BATCHES; sent++) {
    const sending = dapp.request('wallet_sendCalls', [batch]);
    const approval = await ApprovalWindow.next(browser);
    // The first batch also delegates the fresh devnet's account.
    if (sent === 0) await approval.acceptUpgrade();
    await approval.approve();
    const answer = await sending;
    if (!('result' in answer)) throw new Error(`batch ${sent}: ${JSON.stringify(answer)}`);
    // Until the batch is final, so what follows it may let go.
    const { id } = answer.result as { id: string };
    while ((await dapp.result<{ status: number }>('wallet_getCallsStatus', [id])).status === 100);
    if ([1, 10, BATCHES].includes(sent + 1)) await snapshot(`${sent + 1} batches`);
  }

  // The records as stored (JSON), beside what they take in the heap.
  const stored = await browser.evaluateInWorker(async () => {
    const { batches } = await (globalThis as unknown as { chrome: { storage: { local: { get(key: string): Promise<Record<string, object>> } } } }).chrome.storage.local.get('batches');
    return { count: Object.keys(batches ?? {}).length, bytes: JSON.stringify(batches ?? {}).length };
  });
  console.log(`batch records as stored: ${stored.count}, ${kb(stored.bytes)} of JSON (${kb(stored.bytes / Math.max(1, stored.count))} each)`);
  const [start, one, ten, last] = snapshots;
  console.log('\nstart → 1 batch: what the first batch loads');
  grown(start.graph, one.graph, (name) => kindOf(name) !== 'embedder');
  console.log(`\nheld after ${BATCHES} batches: the objects of 40 KB or more (retained), outermost first`);
  for (const line of holders(last.graph, 40 * 1024)) console.log(`  ${line}`);
  console.log(`\n10 → ${BATCHES} batches: what each batch leaves (code aside), of ${kb((last.heap - ten.heap) / (BATCHES - 10))} of heap per batch in all`);
  grown(ten.graph, last.graph, (name) => kindOf(name) === 'objects', BATCHES - 10);
  await profiler.close();
  console.log(`\nload at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}; snapshots in ${work}`);
} finally {
  await browser.close();
  await devnet.stop();
}
