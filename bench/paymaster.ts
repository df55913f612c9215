/**
 * How the paymaster service scales: pm_getPaymasterData at fixed rates against 1, 2 and 4 instances sharing a Postgres
 * server and one instance on the embedded store (PGlite), each instance a process of its own, rising until p99 passes
 * 100 ms; then the chaos pass (bench/paymasterChaos.ts). Prints a table, and last one JSON line of all the figures.
 * Open loop (bench/paymasterLoad.ts); each rate runs BENCH_SECONDS (default 3) after 1 s of warm-up that is not
 * counted. Numbers only; nothing is asserted. Run: npm run bench:paymaster
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil } from '../devnet/anvil';
import { PAYMASTER_SIGNER, VERIFYING_PAYMASTER_ADDRESS } from '../devnet/constants';
import type { StoreOptions } from '../paymaster/store/database';
import { startInstance, type InstanceOptions } from '../paymaster/testing/instance';
import { startTestPostgres } from '../paymaster/testing/postgres';
import { runChaos, type Chaos } from './paymasterChaos';
import { percentile, runLoad, type Answer } from './paymasterLoad';
import { OP_COST, storeTotals } from './paymasterStore';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const RATES = [100, 200, 300, 400, 500, 750, 1000, 1500, 2000];
const P99_CEILING_MS = 100;
const RPC_PORT = 8648;

interface Result {
  store: 'postgres' | 'embedded';
  instances: number;
  rate: number;
  p50: number;
  p99: number;
  max: number;
  /** Requests not answered with a signature (errors, 503s, no answer). */
  notSigned: number;
  /** Wei signed for beyond what the store counts against the budget, or counted beyond the budget. */
  overBudget: number;
}

/** One configuration, rate after rate until p99 passes the ceiling; then what the store holds against what was signed. */
async function ladder(store: Result['store'], count: number, storeOptions: StoreOptions, common: Omit<InstanceOptions, 'databaseUrl' | 'dataDir'>): Promise<Result[]> {
  const instances = await Promise.all(Array.from({ length: count }, () => startInstance({ ...common, ...storeOptions })));
  const results: Result[] = [];
  const signed: Answer[] = [];
  try {
    for (const rate of RATES) {
      const answers = await runLoad(instances.map((instance) => instance.url), rate, SECONDS + 1);
      signed.push(...answers.filter((answer) => answer.paymasterData));
      const counted = answers.filter((answer) => answer.at >= 1000);
      const latencies = counted.map((answer) => answer.ms).sort((a, b) => a - b);
      const row = { store, instances: count, rate, p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), max: round(latencies.at(-1) ?? NaN) };
      results.push({ ...row, notSigned: counted.filter((answer) => !answer.paymasterData).length, overBudget: 0 });
      console.log(`  ${store} ×${count} at ${rate}/s: p50 ${row.p50} ms, p99 ${row.p99} ms, max ${row.max} ms, not signed ${results.at(-1)!.notSigned}`);
      if (row.p99 > P99_CEILING_MS) break;
    }
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
  }
  const totals = await storeTotals(storeOptions);
  const overBudget = Number(overBudgetWei(BigInt(signed.length) * OP_COST, totals.countedWei, common.globalDailyWei!));
  return results.map((result) => ({ ...result, overBudget }));
}

const overBudgetWei = (signedWei: bigint, countedWei: bigint, budget: bigint) =>
  (signedWei > countedWei ? signedWei - countedWei : 0n) + (countedWei > budget ? countedWei - budget : 0n);

const round = (ms: number) => Math.round(ms * 10) / 10;

const benchStarted = performance.now();
const anvil = await startAnvil({ port: RPC_PORT });
const postgres = await startTestPostgres();
const dataDir = mkdtempSync(join(tmpdir(), 'paymaster-bench-'));
const common = {
  rpcUrl: anvil.rpcUrl, signerKey: PAYMASTER_SIGNER.privateKey, paymaster: VERIFYING_PAYMASTER_ADDRESS,
  policy: { sponsor: { name: 'Bench' }, chainIds: [31337], dailyLimitPerSender: 1_000_000 },
  // Room for every request of a configuration: the rate runs measure speed; the chaos pass spends its budget.
  globalDailyWei: OP_COST * 100_000n,
};
const results: Result[] = [];
let chaos: Chaos;
try {
  console.log(`pm_getPaymasterData, open loop, ${SECONDS} s per rate after 1 s of warm-up, each request a new userOp`);
  for (const count of [1, 2, 4]) {
    results.push(...await ladder('postgres', count, { databaseUrl: await postgres.createDatabase(`bench${count}`) }, common));
  }
  results.push(...await ladder('embedded', 1, { dataDir }, common));
  chaos = await runChaos({ anvil, postgres, common });
} finally {
  await postgres.destroy();
  await anvil.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const column = (text: string | number, width = 11) => String(text).padStart(width);
console.log(`\n${'store'.padEnd(10)}${column('instances')}${column('rate/s')}${column('p50 ms')}${column('p99 ms')}${column('max ms')}${column('not signed')}${column('over budget')}`);
for (const r of results) console.log(`${r.store.padEnd(10)}${column(r.instances)}${column(r.rate)}${column(r.p50)}${column(r.p99)}${column(r.max)}${column(r.notSigned)}${column(r.overBudget)}`);
console.log('\nhighest rate with p99 ≤ 100 ms:');
for (const [store, count] of [['postgres', 1], ['postgres', 2], ['postgres', 4], ['embedded', 1]] as const) {
  const within = results.filter((r) => r.store === store && r.instances === count && r.p99 <= P99_CEILING_MS && r.notSigned === 0);
  console.log(`  ${store} ×${count}: ${within.at(-1)?.rate ?? 'none'} requests/s`);
}
console.log(`\nchaos (${chaos!.describe}): ${chaos!.lostWei} wei lost, ${chaos!.overBudget} wei over budget, ${chaos!.lostReservations} reservations lost; requests failed for ${chaos!.failedSeconds} s; the first signature ${chaos!.recoverySeconds} s after Postgres was back`);
console.log(`\n(the bench took ${Math.round((performance.now() - benchStarted) / 1000)} s)`);
const { describe: _, recoverySeconds: __, ...chaosFigures } = chaos!;
console.log(JSON.stringify({ bench: 'paymaster', results, chaos: chaosFigures }));
