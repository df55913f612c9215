/**
 * Prints the latency of pm_getPaymasterData at a fixed request rate against one instance on the embedded store (PGlite
 * in a data directory) and two instances sharing a Postgres server, side by side. Open loop: requests leave on schedule
 * whatever the answers do, and latency counts from the scheduled time; the first second warms up and is not counted.
 * Numbers only; nothing is asserted. Run: npm run bench:paymaster (BENCH_RATE requests/s, default 100; BENCH_SECONDS, default 10)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Wallet } from 'ethers';
import { startAnvil } from '../devnet/anvil';
import { ENTRY_POINT_ADDRESS, PAYMASTER_SIGNER, VERIFYING_PAYMASTER_ADDRESS } from '../devnet/constants';
import { startPaymasterService, type PaymasterServiceOptions } from '../paymaster/server';
import { startTestPostgres } from '../paymaster/testing/postgres';

const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RPC_PORT = 8648;

interface Run {
  label: string;
  latencies: number[];
  errors: number;
}

/** Requests at RATE for `seconds`; the first second's are not counted (connections and caches warming up). */
async function measure(label: string, urls: string[], seconds = SECONDS + 1): Promise<Run> {
  const count = RATE * seconds;
  const senders = Array.from({ length: 50 }, () => Wallet.createRandom().address);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await delay(wait);
    const op = {
      sender: senders[i % senders.length], nonce: `0x${i.toString(16)}`, callData: '0x', signature: '0x',
      callGasLimit: '0x5c5f', verificationGasLimit: '0xe7a8', preVerificationGas: '0x13613', maxFeePerGas: '0x7b4fcd78', maxPriorityFeePerGas: '0x1',
    };
    const body = JSON.stringify({ jsonrpc: '2.0', id: i, method: 'pm_getPaymasterData', params: [op, ENTRY_POINT_ADDRESS, '0x7a69', {}] });
    pending.push(fetch(urls[i % urls.length], { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })
      .then((reply) => reply.json())
      .then((reply: { result?: unknown }) => {
        if (i < RATE) return;
        if (!reply.result) errors++;
        latencies.push(performance.now() - due);
      }, () => void (i >= RATE && errors++)));
  }
  await Promise.all(pending);
  return { label, latencies: latencies.sort((a, b) => a - b), errors };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

const anvil = await startAnvil({ port: RPC_PORT });
const postgres = await startTestPostgres();
const dataDir = mkdtempSync(join(tmpdir(), 'paymaster-bench-'));
const common: PaymasterServiceOptions = {
  port: 0, rpcUrl: anvil.rpcUrl, signerKey: PAYMASTER_SIGNER.privateKey, paymaster: VERIFYING_PAYMASTER_ADDRESS,
  policy: { sponsor: { name: 'Bench' }, chainIds: [31337], dailyLimitPerSender: 1_000_000 },
  reconcileIntervalMs: 0,
};
const runs: Run[] = [];
try {
  const embedded = await startPaymasterService({ ...common, store: { dataDir } });
  runs.push(await measure('one instance, embedded (PGlite)', [embedded.url]));
  await embedded.stop();
  const databaseUrl = await postgres.createDatabase('bench');
  const pair = await Promise.all([0, 1].map(() => startPaymasterService({ ...common, store: { databaseUrl } })));
  runs.push(await measure('two instances, Postgres', pair.map((instance) => instance.url)));
  await Promise.all(pair.map((instance) => instance.stop()));
} finally {
  await postgres.destroy();
  await anvil.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const column = (text: string) => text.padEnd(34);
console.log(`\npm_getPaymasterData at ${RATE} requests/s for ${SECONDS} s after 1 s of warm-up (${RATE * SECONDS} requests per column, each a new sender/nonce)\n`);
console.log(`${column('')}${runs.map((run) => column(run.label)).join('')}`);
for (const p of [50, 99]) console.log(`${column(`p${p}`)}${runs.map((run) => column(`${percentile(run.latencies, p).toFixed(1)} ms`)).join('')}`);
console.log(`${column('max')}${runs.map((run) => column(`${(run.latencies.at(-1) ?? NaN).toFixed(1)} ms`)).join('')}`);
console.log(`${column('not signed')}${runs.map((run) => column(String(run.errors))).join('')}`);
