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
import { checkCharge, dailyUsage, reserveCharge, type Charge, type Limits } from './store/reservations';
import { advanceCursor, expireReservations, markSpent, readCursor } from './store/settlement';
import { startTestPostgres, type TestPostgres } from './testing/postgres';

const CHAIN = 31337n;
const DAY = '2026-05-01';
let apps = 0;

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

const backends = [
  ['embedded (PGlite)', () => ({ dataDir })],
  ['Postgres', async () => ({ databaseUrl: await postgres.createDatabase('store') })],
] as const;

describe.each(backends)('the store on %s', (_, options) => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase(await options());
  }, 60_000);
  afterAll(async () => db?.close());

  /** A charge of a new app, so that tests do not share counters. */
  function charges(overrides: Partial<Charge> = {}) {
    const app = `app${++apps}`;
    const sender = Wallet.createRandom().address;
    let nonce = 0n;
    return (more: Partial<Charge> = {}): Charge => ({ app, chainId: CHAIN, sender, nonce: nonce++, day: DAY, maxCost: 100n, ...overrides, ...more });
  }
  const signed = (validUntil = 1_000) => ({ userOpHash: `0x${'ab'.repeat(32)}`, validUntil, decidedAt: new Date() });
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
    expect(await reserveCharge(db, first, signed(), limits)).toBeUndefined();
    expect(await reserveCharge(db, next(), signed(), limits)).toBeUndefined();
    const third = next();
    expect(await checkCharge(db, third, limits)).toEqual({ reason: 'dailyLimit', limit: 2n, used: 2n, adds: 1n });
    expect(await reserveCharge(db, third, signed(), limits)).toEqual({ reason: 'dailyLimit', limit: 2n, used: 2n, adds: 1n });
    expect(await reserveCharge(db, { ...first, maxCost: 150n }, signed(2_000), limits)).toBeUndefined();
    expect(await reserveCharge(db, { ...first, maxCost: 120n }, signed(), limits)).toBeUndefined();
    expect(await usage(first.app)).toEqual({ app: first.app, operations: 2, wei: 250n });
    const [row] = await db.query<{ max_cost: string; valid_until: string }>(
      `SELECT max_cost_wei::text AS max_cost, valid_until::text FROM sponsorships WHERE app = $1 AND nonce = 0`, [first.app]);
    expect(row).toEqual({ max_cost: '150', valid_until: '2000' });
    expect(await reserveCharge(db, { ...third, day: '2026-05-02' }, signed(), limits)).toBeUndefined();
  });

  it('keeps each sender, each app and the service within their daily wei', async () => {
    const next = charges({ maxCost: 40n });
    expect(await reserveCharge(db, next(), signed(), { senderWei: 100n })).toBeUndefined();
    expect(await reserveCharge(db, next(), signed(), { senderWei: 100n })).toBeUndefined();
    expect(await reserveCharge(db, next(), signed(), { senderWei: 100n })).toEqual({ reason: 'senderBudget', limit: 100n, used: 80n, adds: 40n });
    expect(await reserveCharge(db, next({ maxCost: 20n }), signed(), { senderWei: 100n })).toBeUndefined();

    const other = charges({ maxCost: 40n });
    const app = other().app;
    expect(await reserveCharge(db, other({ sender: Wallet.createRandom().address }), signed(), { appWei: 50n })).toBeUndefined();
    expect(await reserveCharge(db, other({ sender: Wallet.createRandom().address }), signed(), { appWei: 50n })).toEqual({ reason: 'appBudget', limit: 50n, used: 40n, adds: 40n });
    expect((await usage(app))?.wei).toBe(40n);

    const used = await globalUsage();
    const limit = used + 10n;
    expect(await reserveCharge(db, charges()({ maxCost: 11n }), signed(), { globalWei: limit })).toEqual({ reason: 'globalBudget', limit, used, adds: 11n });
    expect(await reserveCharge(db, charges()({ maxCost: 10n }), signed(), { globalWei: limit })).toBeUndefined();
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
    const results = await Promise.all(Array.from({ length: 60 }, () => reserveCharge(db, charges({ day, maxCost: 1000n })(), signed(), { globalWei: limit })));
    expect(results.filter((r) => r === undefined)).toHaveLength(37);
    expect(results.filter((r) => r?.reason === 'globalBudget')).toHaveLength(23);
    expect(await globalUsage(day)).toBe(37_000n);
  });

  it('returns an expired reservation to the budgets of its day; a spent one stays charged', async () => {
    const next = charges();
    const [kept, lost] = [next(), next()];
    await reserveCharge(db, kept, signed(500), {});
    await reserveCharge(db, lost, signed(600), {});
    const globalBefore = await globalUsage();
    expect(await markSpent(db, { chainId: CHAIN, sender: kept.sender, nonce: kept.nonce, userOpHash: `0x${'cd'.repeat(32)}`, actualGasCost: 42n })).toBe(1);
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
    expect(await markSpent(db, { chainId: CHAIN, sender: lost.sender, nonce: lost.nonce, userOpHash: '0x', actualGasCost: 1n })).toBe(0);
  });

  it('moves the reconciler cursor only forward', async () => {
    const chain = 999n;
    expect(await readCursor(db, chain)).toBeUndefined();
    await advanceCursor(db, chain, 10);
    await advanceCursor(db, chain, 5);
    expect(await readCursor(db, chain)).toBe(10);
  });
});
