/**
 * Two service instances on one real Postgres (testing/postgres.ts), as behind a load balancer: limits hold across
 * them under concurrency, survive a restart of both, and the service's daily wei budget is never exceeded; the store
 * down or stalled gets a clear error and the instances recover by themselves; a third instance, in a process of its
 * own, killed under load loses nothing. Uses a bare anvil of its own (chain time, chain id) on port 8647.
 */
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type Anvil } from '../devnet/anvil';
import { ENTRY_POINT_ADDRESS, PAYMASTER_SIGNER, VERIFYING_PAYMASTER_ADDRESS } from '../devnet/constants';
import { jsonRpc } from '../src/shared/jsonRpc';
import { maxCost } from './budget';
import { PAYMASTER_POST_OP_GAS_LIMIT, PAYMASTER_VERIFICATION_GAS_LIMIT } from './methods';
import { ErrorCode } from './rpc';
import { startPaymasterService, type PaymasterService } from './server';
import type { Database } from './store/database';
import { openDatabase } from './store/open';
import { startInstance } from './testing/instance';
import { startTestPostgres, type TestPostgres } from './testing/postgres';
import { parseUserOperation } from './userOp';

const RPC_PORT = 8647;
const SENDERS = 20;
const LIMIT = 10;
const REQUESTS = 500;
const METRICS_TOKEN = 'metrics-token-of-the-tests';
const withToken = { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } };
const FIELDS = { paymaster: VERIFYING_PAYMASTER_ADDRESS, paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS_LIMIT, paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS_LIMIT };

let anvil: Anvil;
let postgres: TestPostgres;
let databaseUrl: string;
let db: Database;
let instances: PaymasterService[] = [];

async function startInstances(globalDailyWei?: bigint): Promise<void> {
  instances = await Promise.all([0, 1].map(() => startPaymasterService({
    port: 0, rpcUrl: anvil.rpcUrl, signerKey: PAYMASTER_SIGNER.privateKey, paymaster: VERIFYING_PAYMASTER_ADDRESS,
    policy: { sponsor: { name: 'Shared' }, chainIds: [31337], dailyLimitPerSender: LIMIT },
    store: { databaseUrl }, globalDailyWei, reconcileIntervalMs: 0, metricsToken: METRICS_TOKEN,
  })));
}
const stopInstances = () => Promise.all(instances.map((instance) => instance.stop()));

beforeAll(async () => {
  [anvil, postgres] = await Promise.all([startAnvil({ port: RPC_PORT }), startTestPostgres()]);
  databaseUrl = await postgres.createDatabase('paymaster');
  await startInstances();
  db = await openDatabase({ databaseUrl });
}, 60_000);

afterAll(async () => {
  await stopInstances();
  await db?.close();
  await postgres?.destroy();
  await anvil?.stop();
});

function userOp(sender: string, nonce: number, maxFeePerGas = 0x7b4fcd78) {
  return {
    sender, nonce: `0x${nonce.toString(16)}`, callData: '0x', signature: '0x',
    callGasLimit: '0x5c5f', verificationGasLimit: '0xe7a8', preVerificationGas: '0x13613',
    maxFeePerGas: `0x${maxFeePerGas.toString(16)}`, maxPriorityFeePerGas: '0x1',
  };
}

type Reply = { result?: { paymasterData: string }; error?: { code: number; message: string; data?: { reason: string } } };
async function getPaymasterData(instance: { url: string }, op: ReturnType<typeof userOp>, headers: Record<string, string> = {}): Promise<Reply & { status: number }> {
  const reply = await fetch(instance.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterData', params: [op, ENTRY_POINT_ADDRESS, '0x7a69', {}] }),
  });
  return { status: reply.status, ...(await reply.json()) };
}

const senders = Array.from({ length: SENDERS }, () => Wallet.createRandom().address);

describe('two instances on one Postgres', () => {
  it(`sign exactly ${SENDERS} × ${LIMIT} of ${REQUESTS} concurrent requests from ${SENDERS} senders limited to ${LIMIT} a day`, async () => {
    const replies = await Promise.all(Array.from({ length: REQUESTS }, (_, i) =>
      getPaymasterData(instances[i % 2], userOp(senders[i % SENDERS], Math.floor(i / SENDERS)))));
    const signed = replies.filter((reply) => reply.result);
    const refused = replies.filter((reply) => reply.error);
    expect(signed).toHaveLength(SENDERS * LIMIT);
    expect(refused).toHaveLength(REQUESTS - SENDERS * LIMIT);
    for (const { error } of refused) {
      expect(error).toMatchObject({ code: ErrorCode.limitExceeded, message: expect.stringMatching(/has used its 10 sponsored operations for today \(UTC\)$/), data: { reason: 'dailyLimit' } });
    }
    const perSender = await db.query<{ sender: string; operations: number }>(`SELECT sender, operations FROM budget_usage WHERE app = 'default' AND sender <> ''`);
    expect(perSender).toHaveLength(SENDERS);
    expect(perSender.every((row) => row.operations === LIMIT)).toBe(true);
    const [{ count }] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM sponsorships WHERE status = 'reserved'`);
    expect(count).toBe(SENDERS * LIMIT);
  }, 120_000);

  it('keep the counts when both restart', async () => {
    await stopInstances();
    await startInstances();
    for (const [i, instance] of instances.entries()) {
      expect((await getPaymasterData(instance, userOp(senders[i], 100))).error?.data).toEqual({ reason: 'dailyLimit' });
    }
    // An op it already got signed is signed again, counting once.
    const [{ nonce }] = await db.query<{ nonce: string }>(`SELECT nonce::text FROM sponsorships WHERE sender = $1 LIMIT 1`, [senders[0].toLowerCase()]);
    expect((await getPaymasterData(instances[1], userOp(senders[0], Number(nonce)))).result).toBeDefined();
    const metrics = await (await fetch(instances[0].url.replace('/rpc', '/metrics'), withToken)).text();
    expect(metrics).toContain(`paymaster_sponsored_operations{app="default"} ${SENDERS * LIMIT}`);
  }, 60_000);

  it('never exceed the service\'s daily wei budget, not even by one wei', async () => {
    const [{ used }] = await db.query<{ used: string }>(`SELECT wei::text AS used FROM budget_usage WHERE app = '' AND sender = ''`);
    const unit = maxCost(parseUserOperation(userOp(senders[0], 0), 'required'), FIELDS);
    const budget = BigInt(used) + 37n * unit + unit / 3n;
    await stopInstances();
    await startInstances(budget);
    // Each from a sender of its own, at a fee of its own: the costs do not divide the budget evenly.
    const ops = Array.from({ length: 120 }, (_, i) => userOp(Wallet.createRandom().address, 0, 0x7b4fcd78 + i * 7919));
    const replies = await Promise.all(ops.map((op, i) => getPaymasterData(instances[i % 2], op)));
    const cost = (i: number) => maxCost(parseUserOperation(ops[i], 'required'), FIELDS);
    const [{ total }] = await db.query<{ total: string }>(`SELECT wei::text AS total FROM budget_usage WHERE app = '' AND sender = ''`);
    const [{ reserved }] = await db.query<{ reserved: string }>(`SELECT sum(max_cost_wei)::text AS reserved FROM sponsorships WHERE status = 'reserved'`);
    expect(BigInt(total)).toBe(BigInt(reserved));
    expect(BigInt(total)).toBeLessThanOrEqual(budget);
    const refused = replies.flatMap((reply, i) => (reply.error ? [i] : []));
    expect(refused.length).toBeGreaterThan(0);
    // Usage only grew during the run, so each refusal still holds against the final total.
    for (const i of refused) {
      expect(replies[i].error?.data).toEqual({ reason: 'globalBudget' });
      expect(BigInt(total) + cost(i)).toBeGreaterThan(budget);
    }
    expect(BigInt(used) + replies.reduce((sum, reply, i) => (reply.result ? sum + cost(i) : sum), 0n)).toBe(BigInt(total));
  }, 60_000);

  it('report the store down on /health, refuse unknown keys without it, and recover when it is back', async () => {
    const health = async (init: RequestInit = withToken) => {
      const reply = await fetch(instances[0].url.replace('/rpc', '/health'), init);
      return { http: reply.status, ...(await reply.json()) };
    };
    await postgres.stop();
    try {
      expect(await health()).toMatchObject({ http: 503, status: 'unavailable', store: { ok: false }, node: { ok: true } });
      // Without the token: no database host, no error text.
      expect(await health({})).toEqual({ http: 503, status: 'unavailable' });
      // The key is checked in memory: the answer does not depend on the store.
      expect(await getPaymasterData(instances[0], userOp(senders[0], 200), { Authorization: 'Bearer pmk_unknown' }))
        .toMatchObject({ status: 401, error: { code: -32001, message: 'Unauthorized: unknown API key' } });
      expect((await getPaymasterData(instances[1], userOp(Wallet.createRandom().address, 0))).error).toEqual({
        code: ErrorCode.resourceUnavailable,
        message: 'Resource unavailable: the sponsorship store cannot be reached; nothing was signed; try again in a few seconds',
        data: { reason: 'storeUnavailable' },
      });
    } finally {
      await postgres.start();
    }
    expect(await health()).toMatchObject({ http: 200, status: 'ok', store: { ok: true } });
    // The same instance, not restarted, reads the store again: the budget of the previous test is spent.
    expect((await getPaymasterData(instances[1], userOp(Wallet.createRandom().address, 0))).error?.data).toEqual({ reason: 'globalBudget' });
  }, 60_000);

  it('answer a statement the store holds up beyond its time with the clear error, not a hang', async () => {
    await stopInstances();
    await startInstances();
    await db.transaction(async (tx) => {
      // Every reservation waits for this lock: the store is alive but does not answer in time.
      await tx.query('LOCK TABLE sponsorships IN EXCLUSIVE MODE');
      expect((await getPaymasterData(instances[0], userOp(Wallet.createRandom().address, 0))).error?.data).toEqual({ reason: 'storeUnavailable' });
    });
    expect((await getPaymasterData(instances[0], userOp(Wallet.createRandom().address, 0))).result).toBeDefined();
  }, 60_000);

  it('answer the same userOp asked of both at once, and again, with one signature, reserved once', async () => {
    const op = userOp(Wallet.createRandom().address, 7);
    const replies = await Promise.all([getPaymasterData(instances[0], op), getPaymasterData(instances[1], op)]);
    // A later block: signed anew, the window (and so the answer) would differ.
    await jsonRpc(anvil.rpcUrl, 'evm_increaseTime', [5]);
    await jsonRpc(anvil.rpcUrl, 'evm_mine', []);
    replies.push(await getPaymasterData(instances[0], op));
    const data = replies.map((reply) => reply.result?.paymasterData);
    expect(data[0]).toMatch(/^0x[0-9a-f]+$/);
    expect(data).toEqual([data[0], data[0], data[0]]);
    const rows = await db.query<{ data: string; operations: number }>(
      `SELECT s.paymaster_data AS data, b.operations FROM sponsorships s JOIN budget_usage b ON b.app = s.app AND b.sender = s.sender AND b.day = s.day
       WHERE s.sender = $1`, [op.sender.toLowerCase()]);
    expect(rows).toEqual([{ data: data[0], operations: 1 }]);
    // Other gas is another request for the same nonce: signed anew, still one operation.
    const other = await getPaymasterData(instances[1], { ...op, callGasLimit: '0x5c60' });
    expect(other.result?.paymasterData).not.toBe(data[0]);
    expect(await db.query(`SELECT operations FROM budget_usage WHERE sender = $1`, [op.sender.toLowerCase()])).toEqual([{ operations: 1 }]);
  }, 60_000);

  it('lose nothing when one is killed under load: what it signed is kept, a retry elsewhere gets the same answer, and every reservation comes back once expired', async () => {
    const doomed = await startInstance({
      rpcUrl: anvil.rpcUrl, signerKey: PAYMASTER_SIGNER.privateKey, paymaster: VERIFYING_PAYMASTER_ADDRESS,
      policy: { sponsor: { name: 'Shared' }, chainIds: [31337], dailyLimitPerSender: LIMIT }, databaseUrl,
    });
    const ops = Array.from({ length: 30 }, () => Wallet.createRandom().address).flatMap((sender) => Array.from({ length: LIMIT }, (_, nonce) => userOp(sender, nonce)));
    const answers = new Map<number, string>();
    let killed: Promise<void> | undefined;
    await Promise.all(ops.map(async (op, i) => {
      const reply = await getPaymasterData(doomed, op).catch(() => undefined);
      if (reply?.result) answers.set(i, reply.result.paymasterData);
      if (answers.size >= ops.length / 4) killed ??= doomed.kill();
    }));
    await killed;
    // Killed mid-load: some were answered, some not.
    expect(answers.size).toBeGreaterThanOrEqual(ops.length / 4);
    expect(answers.size).toBeLessThan(ops.length);
    // What the killed instance answered is reserved, with the answer it gave.
    const rows = async () => new Map((await db.query<{ sender: string; nonce: string; data: string }>(
      `SELECT sender, nonce::text, paymaster_data AS data FROM sponsorships WHERE status = 'reserved' AND sender = ANY($1)`,
      [[...new Set(ops.map((op) => op.sender.toLowerCase()))]],
    )).map((row) => [`${row.sender}/${Number(row.nonce)}`, row.data]));
    const key = (op: ReturnType<typeof userOp>) => `${op.sender.toLowerCase()}/${Number(op.nonce)}`;
    const kept = await rows();
    for (const [i, data] of answers) expect(kept.get(key(ops[i]))).toBe(data);
    // The clients of the killed instance ask another: each op is signed once, the earlier answer given again.
    const retried = await Promise.all(ops.map((op, i) => (answers.has(i) ? undefined : getPaymasterData(instances[i % 2], op))));
    const after = await rows();
    expect(after.size).toBe(ops.length);
    retried.forEach((reply, i) => {
      if (!reply) return;
      expect(reply.result?.paymasterData).toBe(after.get(key(ops[i])));
      if (kept.has(key(ops[i]))) expect(reply.result?.paymasterData).toBe(kept.get(key(ops[i])));
    });
    const perSender = await db.query<{ operations: number }>(`SELECT operations FROM budget_usage WHERE sender = ANY($1)`, [[...new Set(ops.map((op) => op.sender.toLowerCase()))]]);
    expect(perSender.map((row) => row.operations)).toEqual(Array(30).fill(LIMIT));
    // Past every signature's window, every reservation of the day, the killed instance's too, comes back.
    await jsonRpc(anvil.rpcUrl, 'evm_increaseTime', [601]);
    await jsonRpc(anvil.rpcUrl, 'evm_mine', []);
    expect((await instances[1].reconcile()).expired).toBeGreaterThan(0);
    const counters = await db.query<{ operations: number; wei: string }>('SELECT operations, wei::text AS wei FROM budget_usage');
    expect(counters.filter((row) => row.operations !== 0 || row.wei !== '0')).toEqual([]);
  }, 120_000);
});
