/**
 * What the executors that run a batch as one EntryPoint v0.8 userOp of the EIP-7702 account share (sponsored.ts, whose
 * gas a site's paymaster pays; usdc.ts, whose fee the account pays in USDC): the send of the stored signed op, and its
 * following on the chain (the user's node), never on a bundler's word (`look`). In the worker's later script
 * (userOperationCode.ts); the draft is userOperationDraft.ts.
 */
import { ENTRY_POINT_V08 } from '../../../shared/contracts';
import { cleanText } from '../../../shared/displayText';
import { RpcError } from '../../../shared/errors';
import type { Hex } from '../../../shared/params';
import type { ChainNode } from '../../networks/rpcClient';
import { canonicalJson } from '../../storage/seal';
import type { BatchRecord, SentUserOperation } from '../types';
import type { BatchDeps } from './executor';
import { DROP_AFTER_BLOCKS, FINAL_CONFIRMATIONS } from '../status';
import { bundlerError } from './bundlerErrors';
import { unclear } from './nodeAnswers';
import { nonceUsed, receiptOnChain } from './userOperationOnChain';
import { afterPreviousOperations, withoutUpgradeDone } from './userOperationQueue';

/** Sends (or, after a restart, resends) the stored userOp; a bundler that already has it, or that did not answer, may hold it. */
async function submit(bundler: ChainNode, sent: SentUserOperation): Promise<void> {
  try {
    await bundler('eth_sendUserOperation', [sent.op, ENTRY_POINT_V08]);
  } catch (error) {
    if (unclear(error)) return;
    if (/already known|already in mempool|AA25|nonce/i.test((error as Error).message)) {
      const known = await bundler('eth_getUserOperationByHash', [sent.hash]).catch(() => null);
      if (known) return;
    }
    throw bundlerError(error);
  }
}

const MAX_REFUSAL_CHARS = 300;

/** What Activity shows of a bundler's refusal of the signed userOp; `host` names the bundler when the wallet chose it. */
function refusalWords(error: unknown, host?: string): string {
  const detail = error instanceof RpcError ? (error.data as { message?: unknown } | undefined)?.message : undefined;
  const words = typeof detail === 'string' ? `${(error as Error).message}: ${detail}` : (error as Error).message;
  // A server's words, kept with the batch and shown in Activity: bounded and cleaned.
  return `The bundler${host ? ` at ${host}` : ''} refused the user operation (${cleanText(words, MAX_REFUSAL_CHARS)}); it can still run until its nonce is used: Cancel in Activity uses it`;
}

/** Records sent before the wallet noted `fromBlock` are looked for this far back (the spec's eth_getLogs range: under 2,000). */
const SEARCH_BACK_BLOCKS = 1_000;

/**
 * Hands the userOp again to a bundler that says it does not have it (it lost or refused it), once every
 * DROP_AFTER_BLOCKS blocks; what the bundler answers changes nothing.
 */
async function handAgain(bundler: () => Promise<ChainNode>, sent: SentUserOperation, head: number): Promise<SentUserOperation> {
  if (sent.handedAt !== undefined && head - sent.handedAt < DROP_AFTER_BLOCKS) return sent;
  const to = await bundler().catch(() => undefined);
  if (to && !(await to('eth_getUserOperationByHash', [sent.hash]).catch(() => null))) await submit(to, sent).catch(() => undefined);
  return { ...sent, handedAt: head };
}

/**
 * One look at the chain (the user's node, at block `head`). While the account's EntryPoint nonce is unused the userOp
 * has not run and still can, so it is pending whatever a bundler says: reporting it failed would let a bundler that
 * holds it make the user retry and then land both. Once the nonce is used, the UserOperationEvent for its hash gives
 * its receipt (re-checked until final); without one, something else used the nonce, and it is dropped once that has
 * stood DROP_AFTER_BLOCKS blocks.
 */
async function look(chain: ChainNode, bundler: () => Promise<ChainNode>, sent: SentUserOperation, head: number): Promise<SentUserOperation> {
  const { receipt: _seen, final: _final, missingSince, ...waiting } = sent;
  if (!(await nonceUsed(chain, sent.op, head))) return handAgain(bundler, waiting, head);
  const receipt = await receiptOnChain(chain, sent.hash, sent.fromBlock ?? Math.max(0, head - SEARCH_BACK_BLOCKS), head);
  if (receipt) return { ...waiting, receipt, final: head - Number(receipt.blockNumber) >= FINAL_CONFIRMATIONS };
  const since = missingSince ?? head;
  return head - since >= DROP_AFTER_BLOCKS ? { ...waiting, dropped: true } : { ...waiting, missingSince: since };
}

/**
 * Signs the batch's userOp with `build` (once: stored before it leaves), then sends what is unsent through `bundler`.
 * It is built only once the account's userOps sent before it have run (userOperationQueue.ts): drafted from the chain
 * before, it would take their nonces. Marked first, as transactions are: once it may have left, it is only ever sent
 * again as it is. A refusal is the bundler's word too: it may keep the signed userOp and submit it later, so the batch
 * is followed like any sent one (pending until its EntryPoint nonce is used), the refusal shown with it, and never
 * answered as failed.
 */
export async function sendUserOperation(
  deps: BatchDeps, batch: BatchRecord, bundler: ChainNode, build: (batch: BatchRecord) => Promise<SentUserOperation>, host?: string,
): Promise<BatchRecord> {
  if (!batch.userOperation) {
    await afterPreviousOperations(deps, batch);
    const built = await build(await withoutUpgradeDone(deps, batch));
    batch = await deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, state: 'sending', userOperation: built }));
  }
  let refusal: string | undefined;
  if (!batch.userOperation!.sent) {
    await deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, userOperation: { ...b.userOperation!, sent: true, sentAt: Date.now() } }));
    refusal = await submit(bundler, batch.userOperation!).then(() => undefined, (error: unknown) => refusalWords(error, host));
  }
  return deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, state: 'sent', ...(refusal ? { error: refusal } : {}) }));
}

/** Follows the userOp on the chain alone (see `look`): the bundler is only handed it again, never asked what became of it. */
export async function refreshUserOperation(deps: BatchDeps, batch: BatchRecord, bundler: () => Promise<ChainNode>, node?: ChainNode): Promise<BatchRecord> {
  const sent = batch.userOperation;
  if (!sent?.sent || sent.final || sent.dropped) return batch;
  const chain = node ?? (await deps.nodeFor(batch.chainId));
  const head = Number(await chain<Hex>('eth_blockNumber'));
  const next = await look(chain, bundler, sent, head);
  if (JSON.stringify(next) === JSON.stringify(sent)) return batch;
  // Written only onto the userOp looked at: `batch` is the record as the follower read it, which a content script may
  // have swapped for a copy naming another userOp (storage.local, Firefox); the wallet's own put back before this write
  // would have it sealed there, and read as that one's receipt.
  return deps.batches.update(batch.origin, batch.id, (b) => (canonicalJson(b.userOperation) === canonicalJson(sent) ? { ...b, userOperation: next } : b));
}
