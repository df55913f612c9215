/**
 * Following a sent batch until it is final: its receipts (re-checked until FINAL_CONFIRMATIONS deep, so a reorg
 * takes a receipt away again), what the node lost (sent again) and what was dropped. Polling starts at 50 ms and
 * doubles up to a quarter of the network's detected block time (../watch/pollLoop.ts quarterBlock), so a status follows
 * a chain's ~200 ms pre-confirmation increments, shows within a fraction of a block, and a 12 s chain is not asked every
 * second for minutes. A receipt that came with the sending (eth_sendRawTransactionSync) is looked at only at that longest wait.
 */
import type { BatchDeps } from './executors/executor';
import { executorOf } from './executors';
import { decidedStatus, open, submissions } from './status';
import { isBatchAltered } from './store';
import type { BatchRecord } from './types';
import { quarterBlock } from '../watch/pollLoop';

const FIRST_DELAY_MS = 50;
/** The longest wait on a network whose block time was not detected (yet). */
const UNKNOWN_BLOCKS_MAX_DELAY_MS = 1000;
/** Sub-second blocks: more than four looks a second would show nothing a person sees sooner, at a public node's cost. */
const SHORTEST_MAX_DELAY_MS = 250;
/** A batch not final after this long is left to getCallsStatus, which looks again on each call. */
const GIVE_UP_AFTER_MS = 10 * 60_000;

const waiting = (batch: BatchRecord) => submissions(batch).filter(open);
/**
 * Everything open already has a receipt from a sealed block (eth_sendRawTransactionSync answers with it): nothing
 * to find quickly, only reorgs to watch until final, so no fast polling.
 */
const onlyReorgsToWatch = (batch: BatchRecord) => waiting(batch).every((s) => s.receipt && !s.preconfirmed);

/** Asks the chain once about what is not final (wallet_getCallsStatus does this on each call). */
export const refreshReceipts = (deps: BatchDeps, batch: BatchRecord): Promise<BatchRecord> =>
  waiting(batch).length === 0 ? Promise.resolve(batch) : executorOf(batch).refresh(deps, batch);

/** Decided in a sealed block: every receipt in (or the batch failed), none of them only pre-confirmed. */
const decided = (batch: BatchRecord): boolean => decidedStatus(batch) !== undefined;

/**
 * Follows until everything sent is final or dropped, on the network's shared poll loop (../watch/pollLoop.ts); stored
 * receipts feed the popup's Activity view. Settles once it stops following; `decidedNow`, if given, is called once
 * as soon as the batch is decided in a sealed block (a first grant's upgrade waits for that, not for finality).
 */
export async function followBatch(deps: BatchDeps, origin: string, id: string, decidedNow?: () => void): Promise<void> {
  // Not a record altered in storage (as followUnfinished): it may name thousands of transactions, or read as decided.
  const first = await deps.batches.own(origin, id);
  if (!first) return;
  let told = false;
  const tell = (batch: BatchRecord) => {
    if (told || !decidedNow || !decided(batch)) return;
    told = true;
    decidedNow();
  };
  tell(first);
  const started = Date.now();
  const blockTimeMs = (await deps.detection.stored(first.chainId).catch(() => undefined))?.blockTimeMs;
  const maxDelay = blockTimeMs === undefined ? UNKNOWN_BLOCKS_MAX_DELAY_MS : quarterBlock(SHORTEST_MAX_DELAY_MS, blockTimeMs);
  let delay = FIRST_DELAY_MS;
  let batch: BatchRecord = first;
  if (waiting(first).length > 0) await new Promise<void>((done) => {
    const stop = deps.loops.watch(first.chainId, async ({ node }) => {
      const current = batch;
      let altered = false;
      // Inside the promise: a planted record naming no executor throws there, and still reaches the give-up below.
      batch = await Promise.resolve(current).then((b) => executorOf(b).refresh(deps, b, node)).catch((error: unknown) => {
        // Changed in storage meanwhile (store.ts update refuses it): nothing the node says is written on it any more.
        altered = isBatchAltered(error);
        return current;
      });
      tell(batch);
      if (altered || waiting(batch).length === 0 || Date.now() - started >= GIVE_UP_AFTER_MS) {
        stop();
        done();
        return maxDelay;
      }
      delay = Math.min(delay * 2, maxDelay);
      return onlyReorgsToWatch(batch) ? maxDelay : delay;
    }, onlyReorgsToWatch(first) ? maxDelay : FIRST_DELAY_MS);
  });
  await deps.firewall?.check(first.chainId).catch((error: Error) => console.warn('[firewall] check after a batch failed', error.message));
}

/**
 * After a worker restart: the wallet's own batches with something not final are followed again (approvals finish the
 * sending). followBatch reads each as the wallet wrote it, so a record planted in storage.local is not followed.
 */
export async function followUnfinished(deps: BatchDeps): Promise<void> {
  const unfinished = (await deps.batches.all()).filter((b) => waiting(b).length > 0);
  await Promise.all(unfinished.map((b) => followBatch(deps, b.origin, b.id)));
}
