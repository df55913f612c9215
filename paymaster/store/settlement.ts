/**
 * What becomes of a reservation (reconciler.ts decides): spent when its userOp is seen on chain (the charge stays and
 * the actual gas cost is recorded), expired when its signature's window has passed unseen (the charge returns to the
 * budgets of the day it was made on). Each transition happens once, whichever instance gets there first.
 */
import type { Queryable } from './database';

export interface SpentOperation {
  sender: string;
  nonce: bigint;
  userOpHash: string;
  actualGasCost: bigint;
}

/**
 * Marks the reservations of these senders' nonces spent (every app's: only one userOp per nonce can be mined), in
 * one statement; returns how many.
 */
export async function markSpent(db: Queryable, chainId: bigint, ops: SpentOperation[]): Promise<number> {
  if (ops.length === 0) return 0;
  const rows = await db.query(
    `UPDATE sponsorships s SET status = 'spent', actual_gas_cost_wei = o.cost, user_op_hash = o.hash, settled_at = now()
     FROM unnest($2::text[], $3::numeric[], $4::numeric[], $5::text[]) AS o(sender, nonce, cost, hash)
     WHERE s.chain_id = $1 AND s.sender = o.sender AND s.nonce = o.nonce AND s.status = 'reserved' RETURNING s.id`,
    [
      chainId.toString(), ops.map((op) => op.sender.toLowerCase()), ops.map((op) => op.nonce.toString()),
      ops.map((op) => op.actualGasCost.toString()), ops.map((op) => op.userOpHash),
    ],
  );
  return rows.length;
}

/** Reservations expired per statement: each statement holds the counters it refunds until it commits. */
const EXPIRY_BATCH = 500;

/**
 * Expires the reservations whose window ended before `chainTime`, returning their charges to the budgets of their
 * day, in batches (budgetFunctions.ts expire_reservations); returns how many. While another instance is expiring,
 * this one leaves it to that one and returns 0.
 */
export async function expireReservations(db: Queryable, chainId: bigint, chainTime: number): Promise<number> {
  let total = 0;
  for (;;) {
    const [{ expired }] = await db.query<{ expired: number | null }>('SELECT expire_reservations($1::bigint, $2::bigint, $3::int) AS expired', [chainId.toString(), chainTime, EXPIRY_BATCH]);
    total += expired ?? 0;
    if ((expired ?? 0) < EXPIRY_BATCH) return total;
  }
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
