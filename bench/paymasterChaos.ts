/**
 * The chaos pass: three instances on one Postgres under a steady load and a daily budget that runs out before the end;
 * one instance is killed (SIGKILL) and Postgres is stopped and started again during the run. Then, from the store:
 * whether every signature a client got is reserved (lostReservations), whether more was signed or counted than the
 * budget (overBudget, wei), and, once chain time has passed every window, whether all the wei came back (lostWei).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { JsonRpcProvider } from 'ethers';
import type { Anvil } from '../devnet/anvil';
import { ENTRY_POINT_ADDRESS } from '../devnet/constants';
import { jsonRpc } from '../src/shared/jsonRpc';
import { ErrorCode } from '../paymaster/rpc';
import { createLogger } from '../paymaster/log';
import { reconcile } from '../paymaster/reconciler';
import { openDatabase } from '../paymaster/store/open';
import { startInstance, type InstanceOptions } from '../paymaster/testing/instance';
import type { TestPostgres } from '../paymaster/testing/postgres';
import { runLoad } from './paymasterLoad';
import { OP_COST, storeTotals } from './paymasterStore';

const RATE = 200;
const SECONDS = 12;
const KILL_AT_MS = 3_000;
const DATABASE_DOWN_AT_MS = 5_000;
const DATABASE_DOWN_MS = 2_000;

export interface Chaos {
  lostWei: number;
  overBudget: number;
  lostReservations: number;
  /** From the first failed request to the last (scheduled times), in seconds. */
  failedSeconds: number;
  /** From Postgres answering again to the last failed request, in seconds. */
  recoverySeconds: number;
  describe: string;
}

export async function runChaos({ anvil, postgres, common }: { anvil: Anvil; postgres: TestPostgres; common: Omit<InstanceOptions, 'databaseUrl' | 'dataDir'> }): Promise<Chaos> {
  const databaseUrl = await postgres.createDatabase('chaos');
  // Runs out at 80% of the run: the last requests are refused, and none may be signed beyond it.
  const budget = OP_COST * BigInt(Math.round(RATE * SECONDS * 0.8));
  const instances = await Promise.all([0, 1, 2].map(() => startInstance({ ...common, databaseUrl, globalDailyWei: budget })));
  let backAt = 0;
  const answers = await runLoad(instances.map((instance) => instance.url), RATE, SECONDS, async (started) => {
    const at = (ms: number) => delay(Math.max(0, started + ms - performance.now()));
    await at(KILL_AT_MS);
    await instances[2].kill();
    await at(DATABASE_DOWN_AT_MS);
    await postgres.stop();
    await at(DATABASE_DOWN_AT_MS + DATABASE_DOWN_MS);
    await postgres.start();
    backAt = performance.now() - started;
  });
  await Promise.all(instances.slice(0, 2).map((instance) => instance.stop()));

  const failures = answers.filter((answer) => !answer.paymasterData && answer.failure !== ErrorCode.limitExceeded);
  const failed = failures.map((answer) => answer.at);
  const byFailure = new Map<string, number>();
  for (const { failure } of failures) byFailure.set(String(failure), (byFailure.get(String(failure)) ?? 0) + 1);
  const signed = answers.filter((answer) => answer.paymasterData);
  const before = await storeTotals({ databaseUrl });
  const lostReservations = signed.filter((answer) => before.reserved.get(`${answer.sender.toLowerCase()}/${answer.nonce}`) !== answer.paymasterData).length;
  const signedWei = BigInt(signed.length) * OP_COST;
  const overBudget = (before.countedWei > budget ? before.countedWei - budget : 0n) + (signedWei > budget ? signedWei - budget : 0n);
  // Past every signature's window (600 s of chain time): every reservation (none was spent) returns to the budget.
  await jsonRpc(anvil.rpcUrl, 'evm_increaseTime', [601]);
  await jsonRpc(anvil.rpcUrl, 'evm_mine', []);
  await expireAll(anvil.rpcUrl, databaseUrl, common.paymaster);
  const after = await storeTotals({ databaseUrl });
  const drift = before.countedWei > before.reservedWei ? before.countedWei - before.reservedWei : before.reservedWei - before.countedWei;
  return {
    lostWei: Number(drift + after.countedWei),
    overBudget: Number(overBudget),
    lostReservations,
    failedSeconds: failed.length === 0 ? 0 : Math.round((Math.max(...failed) - Math.min(...failed)) / 100) / 10,
    recoverySeconds: failed.length === 0 ? 0 : Math.max(0, Math.round((Math.max(...failed) - backAt) / 100) / 10),
    describe: `3 instances at ${RATE}/s for ${SECONDS} s, ${signed.length} signed, ${answers.length - signed.length - failed.length} refused by the budget, ${failed.length} failed (${[...byFailure].map(([failure, count]) => `${failure} ×${count}`).join(', ') || 'none'}); ` +
      `one killed at ${KILL_AT_MS / 1000} s, Postgres down from ${DATABASE_DOWN_AT_MS / 1000} s for ${DATABASE_DOWN_MS / 1000} s`,
  };
}

/** What any surviving instance's reconciler does: here from the bench, since the instances are stopped. */
async function expireAll(rpcUrl: string, databaseUrl: string, paymaster: string): Promise<void> {
  const db = await openDatabase({ databaseUrl });
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true });
  try {
    await reconcile({ db, provider, chainId: 31337n, entryPoint: ENTRY_POINT_ADDRESS, paymaster, logger: createLogger(undefined) });
  } finally {
    provider.destroy();
    await db.close();
  }
}
