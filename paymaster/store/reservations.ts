/**
 * Daily budgets: checking a userOp against them (pm_getPaymasterStubData) and reserving its cost (pm_getPaymasterData).
 * A reservation is one statement (budgetFunctions.ts reserve_charge): one conditional update per limit, so instances
 * sharing one Postgres never together exceed a limit, and no row stays locked across a round trip.
 */
import type { Queryable } from './database';

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
  /** What identifies the request (methods.ts requestKey): asked again, it gets paymasterData again. */
  requestKey: string;
  paymasterData: string;
  userOpHash: string;
  /** Chain time (s) after which the signature can no longer be used: the reservation expires then unless spent. */
  validUntil: number;
  decidedAt: Date;
  /** The latest block's time (s): an earlier signature of the same request is answered again only if valid after it. */
  chainTime: number;
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
export async function checkCharge(db: Queryable, charge: Charge, limits: Limits): Promise<LimitExceeded | undefined> {
  return exceeded(await readUsage(db, charge), charge, limits);
}

/** The signed answer that holds the reservation: this signature's, or the earlier one of the same request. */
export type Reservation = { paymasterData: string } | { exceeded: LimitExceeded };

/** Reserves the charge unless it exceeds a limit, atomically; the same request again is answered with its first signature. */
export async function reserveCharge(db: Queryable, charge: Charge, signature: Signature, limits: Limits): Promise<Reservation> {
  const [row] = await db.query<{ outcome: 'reserved' | 'same' | 'exceeded'; reason: LimitReason; used: string; adds: string; paymaster_data: string }>(
    `SELECT outcome, reason, used::text, adds::text, paymaster_data FROM reserve_charge(
       $1::bigint, $2, $3, $4::numeric, $5::date, $6::numeric, $7, $8, $9, $10::bigint, $11::timestamptz, $12::bigint,
       $13::int, $14::numeric, $15::numeric, $16::numeric)`,
    [
      charge.chainId.toString(), charge.app, charge.sender.toLowerCase(), charge.nonce.toString(), charge.day, charge.maxCost.toString(),
      signature.requestKey, signature.paymasterData, signature.userOpHash, signature.validUntil, signature.decidedAt, signature.chainTime,
      limits.senderOperations ?? null, limits.senderWei?.toString() ?? null, limits.appWei?.toString() ?? null, limits.globalWei?.toString() ?? null,
    ],
  );
  if (row.outcome !== 'exceeded') return { paymasterData: row.paymaster_data };
  const limit = { dailyLimit: limits.senderOperations, senderBudget: limits.senderWei, appBudget: limits.appWei, globalBudget: limits.globalWei }[row.reason];
  return { exceeded: { reason: row.reason, limit: BigInt(limit!), used: BigInt(row.used), adds: BigInt(row.adds) } };
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

async function readUsage(db: Queryable, charge: Charge): Promise<Usage> {
  const keys = counterKeys(charge);
  const rows = await db.query<{ app: string; sender: string; operations: number; wei: string }>(
    `SELECT app, sender, operations, wei::text AS wei FROM budget_usage
     WHERE day = $1 AND chain_id = $2 AND ((app = '' AND sender = '') OR (app = $3 AND sender IN ('', $4)))
     ORDER BY app, sender`,
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
