/**
 * Speed up and Cancel for a transaction of a batch still pending: a new transaction at the same nonce whose both fee
 * caps are at least 10% above the pending one's (the rule nodes and the wallet's relay apply), and never below today's
 * market fees. Speed up signs the same transaction again; Cancel sends 0 to the account itself. The replacement joins
 * the batch's record (the original marked `replacedBy`), so the batch follows whichever of the two lands.
 */
import { Transaction, keccak256 } from 'ethers';
import { ErrorCode, RpcError, invalidParams } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { normalizeTransactionError } from '../networks/nodeErrors';
import { type BatchDeps } from './executors/executor';
import { TX_BASE_GAS } from './executors/gas';
import { unclear } from './executors/transactions';
import { suggestFees, type Fees } from './fees';
import { undecided } from './status';
import type { BatchRecord, BatchTransaction } from './types';

export type ReplaceMode = 'speedUp' | 'cancel';

/** The smallest fee that is at least 10% above `previous`. */
export const bumped = (previous: bigint): bigint => (previous * 11n + 9n) / 10n;

/** Both caps ≥ +10% over the pending transaction's, and at least today's market fees; the tip never above the cap. */
export function replacementFees(previous: Fees, today: Fees): Fees {
  const max = (a: bigint, b: bigint) => (a > b ? a : b);
  const maxPriorityFeePerGas = max(bumped(previous.maxPriorityFeePerGas), today.maxPriorityFeePerGas);
  return { maxFeePerGas: max(max(bumped(previous.maxFeePerGas), today.maxFeePerGas), maxPriorityFeePerGas), maxPriorityFeePerGas };
}

/** The transaction the user may replace: sent, not landed, dropped or already replaced. */
function replaceable(batch: BatchRecord | undefined, hash: Hex): BatchTransaction {
  const tx = batch?.transactions.find((t) => t.hash === hash);
  if (!batch || !tx) throw invalidParams(`No transaction ${hash} in this batch`);
  if (!undecided(tx) || tx.replacedBy) throw invalidParams(`Transaction ${hash} is no longer pending: only a pending transaction can be sped up or cancelled`);
  return tx;
}

export async function replaceTransaction(deps: BatchDeps, origin: string, id: string, hash: Hex, mode: ReplaceMode): Promise<Hex> {
  const batch = await deps.batches.get(origin, id);
  const pending = replaceable(batch, hash);
  // A record changed outside the wallet is never signed from.
  if (!(await deps.batches.authentic(batch!))) throw new RpcError(ErrorCode.internal, 'This batch record was altered outside the wallet; it is not acted on');
  const node = await deps.nodeFor(batch!.chainId);
  const original = Transaction.from(pending.raw);
  const fees = replacementFees(
    { maxFeePerGas: original.maxFeePerGas ?? original.gasPrice ?? 0n, maxPriorityFeePerGas: original.maxPriorityFeePerGas ?? original.gasPrice ?? 0n },
    await suggestFees(node, 'market'),
  );
  const common = { type: 2, chainId: original.chainId, nonce: original.nonce, ...fees };
  const request =
    mode === 'cancel'
      ? { ...common, to: batch!.from, value: 0n, data: '0x', gasLimit: TX_BASE_GAS }
      : { ...common, type: original.type ?? 2, to: original.to, value: original.value, data: original.data, gasLimit: original.gasLimit, authorizationList: original.authorizationList };
  const wallet = await deps.accounts.signer(batch!.from);
  const raw = (await wallet.signTransaction(request)) as Hex;
  const replacement: BatchTransaction = {
    hash: keccak256(raw) as Hex, raw, nonce: pending.nonce, calls: mode === 'cancel' ? [] : pending.calls, sent: true, replaces: hash,
    ...(mode === 'cancel' ? { cancel: true as const } : {}),
  };
  // Stored as sent before the bytes go out, as every send of the wallet: a worker stopping now resends them.
  const link = (b: BatchRecord): BatchRecord => ({
    ...b,
    transactions: [...b.transactions.map((t) => (t.hash === hash ? { ...t, replacedBy: replacement.hash } : t)), replacement],
  });
  await deps.batches.update(origin, id, link);
  try {
    await node('eth_sendRawTransaction', [raw]);
  } catch (error) {
    if (unclear(error)) return replacement.hash;
    // Refused (the original landed meanwhile, or the node wants more): the replacement never existed.
    await deps.batches.update(origin, id, (b) => ({
      ...b,
      transactions: b.transactions.filter((t) => t.hash !== replacement.hash).map(({ replacedBy, ...t }) => (t.hash === hash ? t : { ...t, ...(replacedBy ? { replacedBy } : {}) })),
    }));
    throw normalizeTransactionError(error);
  }
  return replacement.hash;
}
