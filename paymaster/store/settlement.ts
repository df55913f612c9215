/**
 * What becomes of a reservation (reconciler.ts decides): spent when its userOp is seen on chain (the charge stays and
 * the actual gas cost is recorded), expired when its signature's window has passed unseen (the charge returns to the
 * budgets of the day it was made on). Each transition happens once, whichever instance gets there first.
 */
import type { Database, Queryable } from './database';

export interface SpentOperation {
  chainId: bigint;
  sender: string;
  nonce: bigint;
  userOpHash: string;
  actualGasCost: bigint;
}

/** Marks the reservations of this sender and nonce spent (every app's: only one userOp per nonce can be mined); returns how many. */
export async function markSpent(db: Queryable, op: SpentOperation): Promise<number> {
  const rows = await db.query(
    `UPDATE sponsorships SET status = 'spent', actual_gas_cost_wei = $4, user_op_hash = $5, settled_at = now()
     WHERE chain_id = $1 AND sender = $2 AND nonce = $3 AND status = 'reserved' RETURNING id`,
    [op.chainId.toString(), op.sender.toLowerCase(), op.nonce.toString(), op.actualGasCost.toString(), op.userOpHash],
  );
  return rows.length;
}

/** Expires the reservations whose window ended before `chainTime`, returning their charges to the budgets; returns how many. */
export async function expireReservations(db: Database, chainId: bigint, chainTime: number): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.query<{ day: string; app: string; sender: string }>(
      `SELECT DISTINCT day::text AS day, app, sender FROM sponsorships WHERE chain_id = $1 AND status = 'reserved' AND valid_until < $2`,
      [chainId.toString(), chainTime],
    );
    if (due.length === 0) return 0;
    // The counter rows first, in the order reservations lock them, then the reservations: no deadlock with reserveCharge.
    const counters = uniqueCounters(due);
    await tx.query(
      `SELECT 1 FROM budget_usage WHERE chain_id = $1 AND (day, app, sender) IN (SELECT * FROM unnest($2::date[], $3::text[], $4::text[]))
       ORDER BY day, app, sender FOR UPDATE`,
      [chainId.toString(), ...columns(counters)],
    );
    const expired = await tx.query<{ day: string; app: string; sender: string; max_cost: string }>(
      `UPDATE sponsorships SET status = 'expired', settled_at = now()
       WHERE chain_id = $1 AND status = 'reserved' AND valid_until < $2
         AND (day, app, sender) IN (SELECT * FROM unnest($3::date[], $4::text[], $5::text[]))
       RETURNING day::text AS day, app, sender, max_cost_wei::text AS max_cost`,
      [chainId.toString(), chainTime, ...columns(due)],
    );
    const refunds = new Map<string, { key: Key; operations: number; wei: bigint }>();
    for (const row of expired) {
      for (const key of scopes(row)) {
        const id = JSON.stringify(key);
        const refund = refunds.get(id) ?? { key, operations: 0, wei: 0n };
        refund.operations += 1;
        refund.wei += BigInt(row.max_cost);
        refunds.set(id, refund);
      }
    }
    const list = [...refunds.values()];
    await tx.query(
      `UPDATE budget_usage b SET operations = b.operations - r.operations, wei = b.wei - r.wei
       FROM unnest($2::date[], $3::text[], $4::text[], $5::int[], $6::numeric[]) AS r(day, app, sender, operations, wei)
       WHERE b.chain_id = $1 AND b.day = r.day AND b.app = r.app AND b.sender = r.sender`,
      [chainId.toString(), ...columns(list.map((r) => r.key)), list.map((r) => r.operations), list.map((r) => r.wei.toString())],
    );
    return expired.length;
  });
}

/** The last block whose logs the reconciler has read, or undefined before its first run. */
export async function readCursor(db: Queryable, chainId: bigint): Promise<number | undefined> {
  const [row] = await db.query<{ block: string }>('SELECT scanned_block::text AS block FROM reconciler_cursor WHERE chain_id = $1', [chainId.toString()]);
  return row ? Number(row.block) : undefined;
}

/** Moves the cursor forward (never back: another instance may have read further). */
export async function advanceCursor(db: Queryable, chainId: bigint, block: number): Promise<void> {
  await db.query(
    `INSERT INTO reconciler_cursor (chain_id, scanned_block) VALUES ($1, $2)
     ON CONFLICT (chain_id) DO UPDATE SET scanned_block = GREATEST(reconciler_cursor.scanned_block, EXCLUDED.scanned_block)`,
    [chainId.toString(), block],
  );
}

interface Key {
  day: string;
  app: string;
  sender: string;
}

/** The counters a reservation was charged to: the service's, its app's, its sender's. */
const scopes = ({ day, app, sender }: Key): Key[] => [{ day, app: '', sender: '' }, { day, app, sender: '' }, { day, app, sender }];

function uniqueCounters(keys: Key[]): Key[] {
  const unique = new Map(keys.flatMap(scopes).map((key) => [JSON.stringify(key), key]));
  return [...unique.values()];
}

const columns = (keys: Key[]) => [keys.map((k) => k.day), keys.map((k) => k.app), keys.map((k) => k.sender)];
