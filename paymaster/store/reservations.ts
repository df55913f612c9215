/**
 * Daily budgets: checking a userOp against them (pm_getPaymasterStubData) and reserving its cost (pm_getPaymasterData).
 * A reservation locks the day's counter rows (service, app, sender; always in that order, so that concurrent
 * transactions never deadlock) before reading them, so instances sharing one Postgres never together exceed a limit.
 */
import type { Database, Queryable } from './database';

/** A userOp, charged to the budgets of one UTC day. */
export interface Charge {
  app: string;
  chainId: bigint;
  sender: string;
  nonce: bigint;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** The most the userOp can cost the paymaster (budget.ts maxCost). */
  maxCost: bigint;
}

/** What pm_getPaymasterData signed, recorded with the reservation. */
export interface Signature {
  userOpHash: string;
  /** Chain time (s) after which the signature can no longer be used: the reservation expires then unless spent. */
  validUntil: number;
  decidedAt: Date;
}

/** Per UTC day; an absent limit is no limit. */
export interface Limits {
  senderOperations?: number;
  senderWei?: bigint;
  appWei?: bigint;
  globalWei?: bigint;
}

export type LimitReason = 'dailyLimit' | 'senderBudget' | 'appBudget' | 'globalBudget';

export interface LimitExceeded {
  reason: LimitReason;
  limit: bigint;
  /** Already used today (operations for dailyLimit, else wei). */
  used: bigint;
  /** What this userOp would add. */
  adds: bigint;
}

interface Counter {
  operations: number;
  wei: bigint;
}

interface Usage {
  global: Counter;
  app: Counter;
  sender: Counter;
  /** The same app, sender and nonce already reserved today: signing it again counts once, at the larger cost. */
  reserved?: { maxCost: bigint };
}

/** Whether the charge fits the limits now; reserves nothing. */
export async function checkCharge(db: Database, charge: Charge, limits: Limits): Promise<LimitExceeded | undefined> {
  return exceeded(await readUsage(db, charge, ''), charge, limits);
}

/** Reserves the charge unless it exceeds a limit, atomically; returns the limit it would exceed. */
export async function reserveCharge(db: Database, charge: Charge, signature: Signature, limits: Limits): Promise<LimitExceeded | undefined> {
  return db.transaction(async (tx) => {
    const keys = counterKeys(charge);
    await tx.query(
      `INSERT INTO budget_usage (day, chain_id, app, sender) VALUES ($1, $2, '', ''), ($1, $2, $3, ''), ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      keys,
    );
    const usage = await readUsage(tx, charge, 'FOR UPDATE');
    const over = exceeded(usage, charge, limits);
    if (over) return over;
    const { operations, wei } = additions(usage, charge);
    await tx.query(
      `UPDATE budget_usage SET operations = operations + $5, wei = wei + $6
       WHERE day = $1 AND chain_id = $2 AND ((app = '' AND sender = '') OR (app = $3 AND sender IN ('', $4)))`,
      [...keys, operations, wei.toString()],
    );
    const row = [charge.chainId.toString(), charge.app, charge.sender.toLowerCase(), charge.nonce.toString(), charge.day];
    const signed = [charge.maxCost.toString(), signature.validUntil, signature.userOpHash, signature.decidedAt];
    await tx.query(
      usage.reserved
        ? `UPDATE sponsorships SET max_cost_wei = GREATEST(max_cost_wei, $6), valid_until = GREATEST(valid_until, $7), user_op_hash = $8, decided_at = $9
           WHERE chain_id = $1 AND app = $2 AND sender = $3 AND nonce = $4 AND day = $5 AND status = 'reserved'`
        : `INSERT INTO sponsorships (chain_id, app, sender, nonce, day, max_cost_wei, valid_until, user_op_hash, decided_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [...row, ...signed],
    );
    return undefined;
  });
}

export interface AppUsage {
  /** '' for the whole service. */
  app: string;
  operations: number;
  wei: bigint;
}

/** Today's totals per app and for the whole service (for /metrics). */
export async function dailyUsage(db: Queryable, chainId: bigint, day: string): Promise<AppUsage[]> {
  const rows = await db.query<{ app: string; operations: number; wei: string }>(
    `SELECT app, operations, wei::text AS wei FROM budget_usage WHERE day = $1 AND chain_id = $2 AND sender = '' ORDER BY app`,
    [day, chainId.toString()],
  );
  return rows.map((row) => ({ app: row.app, operations: row.operations, wei: BigInt(row.wei) }));
}

const counterKeys = (charge: Charge) => [charge.day, charge.chainId.toString(), charge.app, charge.sender.toLowerCase()];

async function readUsage(db: Queryable, charge: Charge, lock: '' | 'FOR UPDATE'): Promise<Usage> {
  const keys = counterKeys(charge);
  const rows = await db.query<{ app: string; sender: string; operations: number; wei: string }>(
    `SELECT app, sender, operations, wei::text AS wei FROM budget_usage
     WHERE day = $1 AND chain_id = $2 AND ((app = '' AND sender = '') OR (app = $3 AND sender IN ('', $4)))
     ORDER BY app, sender ${lock}`,
    keys,
  );
  const counter = (app: string, sender: string): Counter => {
    const row = rows.find((r) => r.app === app && r.sender === sender);
    return row ? { operations: row.operations, wei: BigInt(row.wei) } : { operations: 0, wei: 0n };
  };
  const [reserved] = await db.query<{ max_cost: string }>(
    `SELECT max_cost_wei::text AS max_cost FROM sponsorships
     WHERE chain_id = $2 AND app = $3 AND sender = $4 AND nonce = $5 AND day = $1 AND status = 'reserved'`,
    [...keys, charge.nonce.toString()],
  );
  return {
    global: counter('', ''),
    app: counter(charge.app, ''),
    sender: counter(charge.app, charge.sender.toLowerCase()),
    reserved: reserved && { maxCost: BigInt(reserved.max_cost) },
  };
}

/** A new reservation adds one operation and its cost; signing a reserved one again adds only what its cost grew by. */
function additions(usage: Usage, charge: Charge): Counter {
  if (!usage.reserved) return { operations: 1, wei: charge.maxCost };
  return { operations: 0, wei: charge.maxCost > usage.reserved.maxCost ? charge.maxCost - usage.reserved.maxCost : 0n };
}

function exceeded(usage: Usage, charge: Charge, limits: Limits): LimitExceeded | undefined {
  const { operations, wei } = additions(usage, charge);
  const checks: [LimitReason, bigint | undefined, bigint, bigint][] = [
    ['dailyLimit', limits.senderOperations === undefined ? undefined : BigInt(limits.senderOperations), BigInt(usage.sender.operations), BigInt(operations)],
    ['senderBudget', limits.senderWei, usage.sender.wei, wei],
    ['appBudget', limits.appWei, usage.app.wei, wei],
    ['globalBudget', limits.globalWei, usage.global.wei, wei],
  ];
  for (const [reason, limit, used, adds] of checks) {
    if (limit !== undefined && used + adds > limit) return { reason, limit, used, adds };
  }
  return undefined;
}
