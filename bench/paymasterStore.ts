/** What the bench reads back from a store once its instances are done: the cost it charges per request, its totals. */
import { maxCost } from '../paymaster/budget';
import { PAYMASTER_POST_OP_GAS_LIMIT, PAYMASTER_VERIFICATION_GAS_LIMIT } from '../paymaster/methods';
import type { StoreOptions } from '../paymaster/store/database';
import { openDatabase } from '../paymaster/store/open';
import { parseUserOperation } from '../paymaster/userOp';
import { VERIFYING_PAYMASTER_ADDRESS } from '../devnet/constants';
import { USER_OP_GAS } from './paymasterLoad';

/** What the service charges each of the bench's userOps (they all have the same gas). */
export const OP_COST = maxCost(
  parseUserOperation({ sender: VERIFYING_PAYMASTER_ADDRESS, nonce: '0x0', callData: '0x', signature: '0x', ...USER_OP_GAS }, 'required'),
  { paymaster: VERIFYING_PAYMASTER_ADDRESS, paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS_LIMIT, paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS_LIMIT },
);

export interface StoreTotals {
  /** What the service's counters hold against its budget (all days). */
  countedWei: bigint;
  /** The cost of the reservations held (not spent, not expired). */
  reservedWei: bigint;
  /** The paymasterData of each reserved sender/nonce ("sender/nonce", lower case, nonce in decimal). */
  reserved: Map<string, string>;
}

export async function storeTotals(options: StoreOptions): Promise<StoreTotals> {
  const db = await openDatabase(options);
  try {
    const [{ counted }] = await db.query<{ counted: string }>(`SELECT coalesce(sum(wei), 0)::text AS counted FROM budget_usage WHERE app = '' AND sender = ''`);
    const rows = await db.query<{ sender: string; nonce: string; cost: string; data: string }>(
      `SELECT sender, nonce::text, max_cost_wei::text AS cost, paymaster_data AS data FROM sponsorships WHERE status = 'reserved'`);
    return {
      countedWei: BigInt(counted),
      reservedWei: rows.reduce((sum, row) => sum + BigInt(row.cost), 0n),
      reserved: new Map(rows.map((row) => [`${row.sender}/${row.nonce}`, row.data])),
    };
  } finally {
    await db.close();
  }
}
