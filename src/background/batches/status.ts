/** EIP-5792 status codes of a batch, from what was sent and the receipts seen so far. */
import type { BatchRecord, BatchTransaction, Submission } from './types';

export const CallsStatus = {
  pending: 100,
  confirmed: 200,
  offchainFailure: 400,
  reverted: 500,
  partial: 600,
} as const;

/** A receipt's block must be this many blocks deep before it is no longer checked for reorgs. */
export const FINAL_CONFIRMATIONS = 5;
/** What could no longer be included, and is still missing this many blocks later, is dropped. */
export const DROP_AFTER_BLOCKS = 10;

/** A receipt's status says success; one that is no number (a record planted in storage.local) does not, nor throws. */
export function succeeded(status: string): boolean {
  try {
    return BigInt(status) === 1n;
  } catch {
    return false;
  }
}

/** What reaches the chain for a batch: its transactions, or its one sponsored UserOperation. */
export const submissions = (batch: BatchRecord): Submission[] => (batch.userOperation ? [batch.userOperation] : batch.transactions);

/**
 * A transaction and those that took its place one after the other (each Speed up or Cancel replaces the newest). Each
 * once, in one chain only (`walked`, shared by the batch's chains; the wallet's own never share one): a record planted
 * in storage.local may name them in a loop, or name one chain from many transactions, which walked again from each took
 * minutes.
 */
function replacementChain(byHash: Map<string, BatchTransaction>, walked: Set<BatchTransaction>, root: BatchTransaction): BatchTransaction[] {
  const chain = [root];
  walked.add(root);
  for (let next = root.replacedBy; next; ) {
    const tx = byHash.get(next);
    if (!tx || walked.has(tx)) break;
    walked.add(tx);
    chain.push(tx);
    next = tx.replacedBy;
  }
  return chain;
}

/** What counts, with the calls it carries: the userOp carries every call; a transaction, its own (a replacement, the same). */
function countedCarriers(batch: BatchRecord): { counts: Submission; calls: number[] }[] {
  if (batch.userOperation) return [{ counts: batch.userOperation, calls: batch.calls.map((_, i) => i) }];
  // The first of a hash, as a search from the start finds it.
  const byHash = new Map<string, BatchTransaction>();
  for (const tx of batch.transactions) if (!byHash.has(tx.hash)) byHash.set(tx.hash, tx);
  const walked = new Set<BatchTransaction>();
  return batch.transactions
    .filter((t) => !t.replaces)
    .map((root) => {
      const chain = replacementChain(byHash, walked, root);
      const chosen = chain.find((t) => t.receipt) ?? chain[chain.length - 1];
      if (!chosen.cancel) return { counts: chosen, calls: root.calls };
      const { receipt, ...cancel } = chosen;
      return { counts: receipt ? { ...cancel, dropped: true } : cancel, calls: root.calls };
    });
}

/**
 * What counts for the batch's status and receipts: of each transaction and its replacements, the one that landed,
 * else the newest. A cancel that landed means the calls did not run: it counts as dropped.
 */
export const counted = (batch: BatchRecord): Submission[] => countedCarriers(batch).map((c) => c.counts);

/**
 * Of each call (by index), what counts for it: the counted submission that carries it, so a sequential batch's call is
 * judged by its own transaction; undefined while none carries it yet (not signed yet, or never).
 */
export function callSubmissions(batch: BatchRecord): (Submission | undefined)[] {
  const of: (Submission | undefined)[] = batch.calls.map(() => undefined);
  for (const { counts, calls } of countedCarriers(batch)) for (const i of calls) of[i] = counts;
  return of;
}

export const anySent = (batch: BatchRecord): boolean => submissions(batch).some((s) => s.sent);

/** Sent, neither included nor dropped yet: the batch is pending while any is. */
export const undecided = (s: Submission): boolean => s.sent && !s.receipt && !s.dropped;

/** Sent and neither dropped nor final: the chain (or the bundler) is still asked about it, reorgs included. */
export const open = (s: Submission): boolean => s.sent && !s.final && !s.dropped;

/**
 * Whether any receipt the status counts is only pre-confirmed (its block not sealed yet): wallet_getCallsStatus's
 * `capabilities.preconfirmed`, and "Pre-confirmed" in Activity. A status of 200 can thus still change until it is false.
 */
export const preconfirmed = (batch: BatchRecord): boolean => counted(batch).some((s) => s.receipt !== undefined && s.preconfirmed === true);

export function batchStatus(batch: BatchRecord): number {
  const all = counted(batch);
  const sent = all.filter((t) => t.sent);
  if (batch.state === 'failed' && sent.length === 0) return CallsStatus.offchainFailure;
  if (batch.state !== 'sent' && batch.state !== 'failed') return CallsStatus.pending;
  if (sent.some(undecided)) return CallsStatus.pending;
  const receipts = sent.flatMap((t) => (t.receipt ? [t.receipt] : []));
  // Everything that went out was dropped: nothing is on chain.
  if (receipts.length === 0) return CallsStatus.offchainFailure;
  if (receipts.length === all.length && receipts.every((r) => succeeded(r.status))) return CallsStatus.confirmed;
  // Something reached the chain, so never 400 ("not included onchain") from here.
  if (receipts.every((r) => !succeeded(r.status))) return CallsStatus.reverted;
  return CallsStatus.partial;
}

/**
 * The status once decided in a sealed block (every receipt in, none only pre-confirmed, or the batch failed);
 * undefined before. Until every receipt is final a reorg can still take it back, or change it.
 */
export function decidedStatus(batch: BatchRecord): number | undefined {
  const status = batchStatus(batch);
  return status === CallsStatus.pending || preconfirmed(batch) ? undefined : status;
}
