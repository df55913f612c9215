/**
 * Receipts of a batch's transactions. Polling starts at 50 ms and backs off to 1 s, so a status
 * follows the chain's ~200 ms pre-confirmation increments instead of ethers' 4 s default.
 */
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../services';
import type { BatchDeps } from './execute';
import { submissions } from './status';
import type { BatchRecord, CallReceipt } from './types';

const FIRST_DELAY_MS = 50;
const MAX_DELAY_MS = 1000;
/** A batch not mined after this long is left to getCallsStatus, which looks again on each call. */
const GIVE_UP_AFTER_MS = 10 * 60_000;

interface NodeReceipt extends CallReceipt {
  [extra: string]: unknown;
}

const toCallReceipt = (r: NodeReceipt): CallReceipt => ({
  logs: r.logs.map(({ address, data, topics }) => ({ address, data, topics })),
  status: r.status,
  blockHash: r.blockHash,
  blockNumber: r.blockNumber,
  gasUsed: r.gasUsed,
  transactionHash: r.transactionHash,
});

const waiting = (batch: BatchRecord) => submissions(batch).filter((t) => t.sent && !t.receipt);

interface UserOperationReceipt {
  success: boolean;
  actualGasUsed: Hex;
  logs: NodeReceipt['logs'];
  receipt: NodeReceipt;
}

/** A sponsored batch's receipt is its UserOperation's: `success` says whether the calls ran, not the bundle transaction. */
async function refreshUserOperation(deps: BatchDeps, batch: BatchRecord): Promise<BatchRecord> {
  const bundler = await deps.bundlerFor(batch.chainId);
  const found = await bundler<UserOperationReceipt | null>('eth_getUserOperationReceipt', [batch.userOperation!.hash]);
  if (!found) return batch;
  const receipt: CallReceipt = {
    ...toCallReceipt({ ...found.receipt, logs: found.logs }),
    status: found.success ? '0x1' : '0x0',
    gasUsed: found.actualGasUsed,
  };
  return deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, userOperation: { ...b.userOperation!, receipt } }));
}

/** Asks the node (or bundler) once for every missing receipt and stores what it has. */
export async function refreshReceipts(deps: BatchDeps, batch: BatchRecord, node?: ChainNode): Promise<BatchRecord> {
  if (waiting(batch).length === 0) return batch;
  if (batch.userOperation) return refreshUserOperation(deps, batch);
  const missing = batch.transactions.filter((t) => t.sent && !t.receipt);
  if (missing.length === 0) return batch;
  const chain = node ?? (await deps.nodeFor(batch.chainId));
  const found = await Promise.all(missing.map((t) => chain<NodeReceipt | null>('eth_getTransactionReceipt', [t.hash])));
  const byHash = new Map<Hex, CallReceipt>();
  found.forEach((r, i) => r && byHash.set(missing[i].hash, toCallReceipt(r)));
  if (byHash.size === 0) return batch;
  return deps.batches.update(batch.origin, batch.id, (b) => ({
    ...b,
    transactions: b.transactions.map((t) => (byHash.has(t.hash) ? { ...t, receipt: byHash.get(t.hash) } : t)),
  }));
}

/** Polls until every sent transaction has a receipt; stored receipts feed the popup's Activity view. */
export async function followBatch(deps: BatchDeps, origin: string, id: string): Promise<void> {
  const started = Date.now();
  let delay = FIRST_DELAY_MS;
  let batch = await deps.batches.get(origin, id);
  if (!batch) return;
  const node = await deps.nodeFor(batch.chainId);
  while (batch && waiting(batch).length > 0 && Date.now() - started < GIVE_UP_AFTER_MS) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, MAX_DELAY_MS);
    batch = await refreshReceipts(deps, batch, node).catch(() => batch);
  }
}
