/**
 * Settles reservations against the chain: reads the EntryPoint's UserOperationEvent logs for this paymaster (from a
 * cursor in the store, shared by all instances) and marks the matching reservations spent with their actual gas cost,
 * a range of blocks at a time; then expires those whose signature window ended before the last block read, returning
 * them to the budgets.
 * A userOp is matched by sender and nonce, not by hash: re-signing changes the hash, and only one op per nonce can land.
 */
import { Interface, zeroPadValue, type JsonRpcProvider } from 'ethers';
import type { Logger } from './log';
import type { Database } from './store/database';
import { advanceCursor, expireReservations, markSpent, readCursor } from './store/settlement';

const ENTRY_POINT = new Interface([
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
]);
const USER_OPERATION_EVENT = ENTRY_POINT.getEvent('UserOperationEvent')!.topicHash;
/** Blocks per eth_getLogs: nodes time out or refuse ranges of 2,000 and more. */
const MAX_BLOCK_RANGE = 1_000;

export interface ReconcilerDeps {
  db: Database;
  provider: JsonRpcProvider;
  chainId: bigint;
  entryPoint: string;
  paymaster: string;
  logger: Logger;
}

export interface Reconciled {
  spent: number;
  expired: number;
  /** The last block read. */
  block: number;
}

/** Where a new store starts reading: the current block, before which this store signed nothing. */
export async function startCursor({ db, provider, chainId }: ReconcilerDeps): Promise<void> {
  if ((await readCursor(db, chainId)) === undefined) await advanceCursor(db, chainId, await provider.getBlockNumber());
}

export async function reconcile(deps: ReconcilerDeps): Promise<Reconciled> {
  const { db, provider, chainId } = deps;
  const latest = await provider.getBlock('latest');
  if (!latest) throw new Error('the node returned no latest block');
  let spent = 0;
  for (let from = ((await readCursor(db, chainId)) ?? latest.number) + 1; from <= latest.number; from += MAX_BLOCK_RANGE) {
    const to = Math.min(latest.number, from + MAX_BLOCK_RANGE - 1);
    const logs = await provider.getLogs({
      address: deps.entryPoint,
      topics: [USER_OPERATION_EVENT, null, null, zeroPadValue(deps.paymaster, 32)],
      fromBlock: from,
      toBlock: to,
    });
    spent += await markSpent(db, chainId, logs.map((log) => {
      const event = ENTRY_POINT.parseLog(log)!;
      return {
        sender: event.args.sender as string,
        nonce: event.args.nonce as bigint,
        userOpHash: event.args.userOpHash as string,
        actualGasCost: event.args.actualGasCost as bigint,
      };
    }));
    // Only after the range's reservations are marked: an instance that reads the cursor may rely on them.
    await advanceCursor(db, chainId, to);
  }
  // Every log up to `latest` is read: a signature whose window ended before its time can no longer be used.
  const expired = await expireReservations(db, chainId, latest.timestamp);
  if (spent + expired > 0) deps.logger.info({ spent, expired, block: latest.number }, `reconciled: ${spent} spent, ${expired} expired`);
  return { spent, expired, block: latest.number };
}

/** Runs reconcile every `intervalMs` (0: never by itself) and on demand, one run at a time. */
export function reconciler(deps: ReconcilerDeps, intervalMs: number): { run(): Promise<Reconciled>; stop(): Promise<void> } {
  let running: Promise<Reconciled> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = () => (running ??= reconcile(deps).finally(() => (running = undefined)));
  const schedule = () => {
    if (stopped || intervalMs <= 0) return;
    timer = setTimeout(() => {
      run().catch((error: Error) => deps.logger.warn({ err: error }, `reconciler: ${error.message}; trying again in ${intervalMs / 1000} s`)).finally(schedule);
    }, intervalMs);
  };
  schedule();
  return {
    run,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
