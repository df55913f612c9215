/**
 * The store's SQL, the same suite on both backends: the embedded one (PGlite, in a temporary data directory) and a
 * real Postgres server started for this file (testing/postgres.ts). Each test uses an app of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './store/database';
import { openDatabase } from './store/open';
import { MIGRATIONS, SCHEMA_VERSION, migrate } from './store/migrations';
import { checkCharge, dailyUsage, reserveCharge, type Charge, type Limits, type Signature } from './store/reservations';
import { advanceCursor, expireReservations, markSpent, readCursor } from './store/settlement';
import { startTestPostgres, type TestPostgres } from './testing/postgres';

const CHAIN = 31337n;
const DAY = '2026-05-01';
let apps = 0;
let keys = 0;

let postgres: TestPostgres;
let dataDir: string;
beforeAll(async () => {
  postgres = await startTestPostgres();
  dataDir = mkdtempSync(join(tmpdir(), 'paymaster-store-'));
}, 60_000);
afterAll(async () => {
  await postgres?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Each backend's store, and a second instance of it: a second pool on Postgres; the same store on PGlite (one process only). */
const backends = [
  ['embedded (PGlite)', async () => {
    const db = await openDatabase({ dataDir });
    return [db, db];
  }],
  ['Postgres', async () => {
    const databaseUrl = await postgres.createDatabase('store');
    return Promise.all([openDatabase({ databaseUrl }), openDatabase({ databaseUrl })]);
  }],
] as const;

describe.each(backends)('the store on %s', (_, open) => {
  let db: Database;
  let twin: Database;
  beforeAll(async () => {
    [db, twin] = await open();
  }, 60_000);
  afterAll(async () => {
    if (twin !== db) await twin?.close();
    await db?.close();
  });

  /** A charge of a new app, so that tests do not share counters. */
  function charges(overrides: Partial<Charge> = {}) {
    const app = `app${++apps}`;
    const sender = Wallet.createRandom().address;
    let nonce = 0n;
    return (more: Partial<Charge> = {}): Charge => ({ app, chainId: CHAIN, sender, nonce: nonce++, day: DAY, maxCost: 100n, ...overrides, ...more });
  }
  /** A signature of a request of its own (unless `requestKey` says which), valid until `validUntil`, asked at chain time 0. */
  const signed = (validUntil = 1_000, requestKey = `key${++keys}`): Signature =>
    ({ requestKey, paymasterData: `0x${(++keys).toString(16).padStart(4, '0')}`, userOpHash: `0x${'ab'.repeat(32)}`, validUntil, decidedAt: new Date(), chainTime: 0 });
  /** Reserves with a signature of its own: 'reserved' when that signature holds the reservation, else what came back. */
  const reserve = async (charge: Charge, limits: Limits, validUntil?: number) => {
    const signature = signed(validUntil);
    const result = await reserveCharge(db, charge, signature, limits);
    return 'paymasterData' in result && result.paymasterData === signature.paymasterData ? 'reserved' : result;
  };
  const usage = async (app: string, day = DAY) => (await dailyUsage(db, CHAIN, day)).find((row) => row.app === app);
  const globalUsage = async (day = DAY) => (await dailyUsage(db, CHAIN, day)).find((row) => row.app === '')?.wei ?? 0n;

  it('runs the migrations once, records their versions, and refuses a newer schema', async () => {
    const versions = () => db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(await versions()).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
    await migrate(db);
    expect(await versions()).toHaveLength(MIGRATIONS.length);
    await db.query(`INSERT INTO schema_migrations (version, name) VALUES (${SCHEMA_VERSION + 1}, 'from the future')`);
    try {
      await expect(migrate(db)).rejects.toThrow(`has schema version ${SCHEMA_VERSION + 1}, newer than this service's ${SCHEMA_VERSION}`);
    } finally {
      await db.query(`DELETE FROM schema_migrations WHERE version = ${SCHEMA_VERSION + 1}`);
    }
  });

  it('counts operations per sender and day; the same nonce signed again counts once, at its larger cost', async () => {
    const next = charges();
    const limits: Limits = { senderOperations: 2 };
    const first = next();
    expect(await reserve(first, limits)).toBe('reserved');
    expect(await reserve(next(), limits)).toBe('reserved');
    const third = next();
    expect(await checkCharge(db, third, limits)).toEqual({ reason: 'dailyLimit', limit: 2n, used: 2n, adds: 1n });
    expect(await reserveCharge(db, third, signed(), limits)).toEqual({ exceeded: { reason: 'dailyLimit', limit: 2n, used: 2n, adds: 1n } });
    expect(await reserve({ ...first, maxCost: 150n }, limits, 2_000)).toBe('reserved');
    expect(await reserve({ ...first, maxCost: 120n }, limits)).toBe('reserved');
    expect(await usage(first.app)).toEqual({ app: first.app, operations: 2, wei: 250n });
    const [row] = await db.query<{ max_cost: string; valid_until: string }>(
      `SELECT max_cost_wei::text AS max_cost, valid_until::text FROM sponsorships WHERE app = $1 AND nonce = 0`, [first.app]);
    expect(row).toEqual({ max_cost: '150', valid_until: '2000' });
    expect(await reserve({ ...third, day: '2026-05-02' }, limits)).toBe('reserved');
  });

  it('keeps each sender, each app and the service within their daily wei', async () => {
    const next = charges({ maxCost: 40n });
    expect(await reserve(next(), { senderWei: 100n })).toBe('reserved');
    expect(await reserve(next(), { senderWei: 100n })).toBe('reserved');
    expect(await reserveCharge(db, next(), signed(), { senderWei: 100n })).toEqual({ exceeded: { reason: 'senderBudget', limit: 100n, used: 80n, adds: 40n } });
    expect(await reserve(next({ maxCost: 20n }), { senderWei: 100n })).toBe('reserved');

    const other = charges({ maxCost: 40n });
    const app = other().app;
    expect(await reserve(other({ sender: Wallet.createRandom().address }), { appWei: 50n })).toBe('reserved');
    expect(await reserveCharge(db, other({ sender: Wallet.createRandom().address }), signed(), { appWei: 50n })).toEqual({ exceeded: { reason: 'appBudget', limit: 50n, used: 40n, adds: 40n } });
    expect((await usage(app))?.wei).toBe(40n);

    const used = await globalUsage();
    const limit = used + 10n;
    expect(await reserveCharge(db, charges()({ maxCost: 11n }), signed(), { globalWei: limit })).toEqual({ exceeded: { reason: 'globalBudget', limit, used, adds: 11n } });
    expect(await reserve(charges()({ maxCost: 10n }), { globalWei: limit })).toBe('reserved');
    expect(await globalUsage()).toBe(limit);
  });

  it('checks without reserving', async () => {
    const next = charges();
    const charge = next();
    expect(await checkCharge(db, charge, { senderOperations: 1, senderWei: 100n })).toBeUndefined();
    expect(await checkCharge(db, { ...charge, maxCost: 101n }, { senderWei: 100n })).toMatchObject({ reason: 'senderBudget' });
    expect(await usage(charge.app)).toBeUndefined();
  });

  it('never exceeds the global budget under concurrent reservations', async () => {
    const day = '2026-06-01';
    const limit = 37n * 1000n + 999n;
    const results = await Promise.all(Array.from({ length: 60 }, () => reserve(charges({ day, maxCost: 1000n })(), { globalWei: limit })));
    expect(results.filter((r) => r === 'reserved')).toHaveLength(37);
    expect(results.filter((r) => r !== 'reserved' && 'exceeded' in r && r.exceeded.reason === 'globalBudget')).toHaveLength(23);
    expect(await globalUsage(day)).toBe(37_000n);
  });

  it('keeps senders, apps and the service within their wei, to the wei, under concurrent reservations from two store instances', async () => {
    const chainId = 31338n;
    const day = '2026-07-01';
    const [budgeted, open] = [`app${++apps}`, `app${++apps}`];
    const senders = Array.from({ length: 8 }, () => Wallet.createRandom().address.toLowerCase());
    const limits: Record<string, Limits> = {
      [budgeted]: { senderWei: 2_500n, appWei: 5_000n, globalWei: 11_111n },
      [open]: { senderWei: 2_500n, globalWei: 11_111n },
    };
    const all = Array.from({ length: 200 }, (_, i): Charge =>
      ({ app: i % 2 ? budgeted : open, chainId, sender: senders[i % 8], nonce: BigInt(i), day, maxCost: 100n + BigInt((i * 37) % 400) }));
    const results = await Promise.all(all.map(async (charge, i) => {
      const signature = signed(50);
      const result = await reserveCharge(i % 3 ? db : twin, charge, signature, limits[charge.app]);
      return { charge, result, reserved: 'paymasterData' in result && result.paymasterData === signature.paymasterData };
    }));
    const counters = await db.query<{ app: string; sender: string; operations: number; wei: string }>(
      `SELECT app, sender, operations, wei::text AS wei FROM budget_usage WHERE chain_id = $1 AND day = $2`, [chainId.toString(), day]);
    const counter = (app: string, sender: string) => BigInt(counters.find((row) => row.app === app && row.sender === sender)?.wei ?? 0);
    const reservedWei = (keep: (charge: Charge) => boolean) =>
      results.reduce((sum, { charge, reserved }) => (reserved && keep(charge) ? sum + charge.maxCost : sum), 0n);
    // Each counter holds exactly what its reservations cost, and stays within its limit.
    expect(counter('', '')).toBe(reservedWei(() => true));
    expect(counter('', '')).toBeLessThanOrEqual(11_111n);
    expect(counter(budgeted, '')).toBe(reservedWei((charge) => charge.app === budgeted));
    expect(counter(budgeted, '')).toBeLessThanOrEqual(5_000n);
    for (const app of [budgeted, open]) {
      for (const sender of senders) {
        expect(counter(app, sender)).toBe(reservedWei((charge) => charge.app === app && charge.sender === sender));
        expect(counter(app, sender)).toBeLessThanOrEqual(2_500n);
      }
    }
    // Counters only grew during the run: each refusal still holds against their final values.
    const refused = results.filter(({ reserved }) => !reserved);
    expect(refused.length).toBeGreaterThan(0);
    for (const { charge, result } of refused) {
      if (!('exceeded' in result)) throw new Error(`refused without a reason: ${JSON.stringify(result)}`);
      const [app, sender] = { senderBudget: [charge.app, charge.sender], appBudget: [charge.app, ''], globalBudget: ['', ''], dailyLimit: [] }[result.exceeded.reason];
      expect(counter(app, sender) + charge.maxCost).toBeGreaterThan(result.exceeded.limit);
    }
    const [{ rows }] = await db.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM sponsorships WHERE chain_id = $1 AND status = 'reserved'`, [chainId.toString()]);
    expect(rows).toBe(results.length - refused.length);
    // Past their window, every reservation comes back, to the wei.
    expect(await expireReservations(twin, chainId, 51)).toBe(rows);
    const after = await db.query<{ operations: number; wei: string }>(`SELECT operations, wei::text AS wei FROM budget_usage WHERE chain_id = $1 AND day = $2`, [chainId.toString(), day]);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((row) => row.operations === 0 && row.wei === '0')).toBe(true);
  });

  it('answers the same request asked twice, on two store instances at once, with one signature, charged once', async () => {
    const charge = charges()();
    const limits: Limits = { senderOperations: 1 };
    const request = `request${++keys}`;
    const [first, second] = [signed(1_000, request), signed(1_000, request)];
    const answers = await Promise.all([reserveCharge(db, charge, first, limits), reserveCharge(twin, charge, second, limits)]);
    expect(answers[0]).toEqual(answers[1]);
    expect([first.paymasterData, second.paymasterData]).toContainEqual((answers[0] as { paymasterData: string }).paymasterData);
    expect(await usage(charge.app)).toEqual({ app: charge.app, operations: 1, wei: 100n });
    // Once chain time has passed its window, the same request is signed anew, still counting once.
    const later = { ...signed(2_000, first.requestKey), chainTime: 1_000 };
    expect(await reserveCharge(twin, charge, later, limits)).toEqual({ paymasterData: later.paymasterData });
    expect(await reserveCharge(db, charge, signed(2_000, first.requestKey), limits)).toEqual({ paymasterData: later.paymasterData });
    expect(await usage(charge.app)).toEqual({ app: charge.app, operations: 1, wei: 100n });
  });

  it('returns an expired reservation to the budgets of its day; a spent one stays charged', async () => {
    const next = charges();
    const [kept, lost] = [next(), next()];
    await reserveCharge(db, kept, signed(500), {});
    await reserveCharge(db, lost, signed(600), {});
    const globalBefore = await globalUsage();
    expect(await markSpent(db, CHAIN, [{ sender: kept.sender, nonce: kept.nonce, userOpHash: `0x${'cd'.repeat(32)}`, actualGasCost: 42n }])).toBe(1);
    expect(await expireReservations(db, CHAIN, 600)).toBe(0);
    expect(await expireReservations(db, CHAIN, 601)).toBeGreaterThanOrEqual(1);
    expect(await usage(kept.app)).toEqual({ app: kept.app, operations: 1, wei: 100n });
    expect(await globalUsage()).toBe(globalBefore - 100n);
    const rows = await db.query<{ nonce: string; status: string; actual: string | null; hash: string }>(
      `SELECT nonce::text, status, actual_gas_cost_wei::text AS actual, user_op_hash AS hash FROM sponsorships WHERE app = $1 ORDER BY nonce`, [kept.app]);
    expect(rows).toEqual([
      { nonce: '0', status: 'spent', actual: '42', hash: `0x${'cd'.repeat(32)}` },
      { nonce: '1', status: 'expired', actual: null, hash: `0x${'ab'.repeat(32)}` },
    ]);
    expect(await markSpent(db, CHAIN, [{ sender: lost.sender, nonce: lost.nonce, userOpHash: '0x', actualGasCost: 1n }])).toBe(0);
  });

  it('moves the reconciler cursor only forward', async () => {
    const chain = 999n;
    expect(await readCursor(db, chain)).toBeUndefined();
    await advanceCursor(db, chain, 10);
    await advanceCursor(db, chain, 5);
    expect(await readCursor(db, chain)).toBe(10);
  });
});
