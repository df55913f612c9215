/**
 * Speed up and Cancel for a transaction of a batch still pending: a new transaction at the same nonce whose both fee
 * caps are at least 10% above the pending one's (the rule nodes and the wallet's relay apply), and never below today's
 * market fees. Speed up signs the same transaction again; Cancel sends 0 to the account itself (with the gas its
 * delegate's receive takes, for a delegated account). The replacement joins the batch's record (the original marked
 * `replacedBy`), so the batch follows whichever of the two lands.
 */
import { keccak256, type Transaction } from 'ethers';
import { invalidParams } from '../../shared/errors';
import { FEE_TIERS, type FeeTier } from '../../shared/fees';
import type { Hex } from '../../shared/params';
import { normalizeTransactionError } from '../networks/nodeErrors';
import type { ChainNode } from '../networks/rpcClient';
import { type BatchDeps } from './executors/executor';
import { TX_BASE_GAS, estimate, hexGas, withMargin } from './executors/gas';
import { unclear } from './executors/nodeAnswers';
import { suggestFees, tierFees, type Fees } from '../fees/tiers';
import { undecided } from './status';
import { batchAltered } from './store';
import type { BatchCall, BatchRecord, BatchTransaction } from './types';

export type ReplaceMode = 'speedUp' | 'cancel';

/** The smallest fee that is at least 10% above `previous`. */
export const bumped = (previous: bigint): bigint => (previous * 11n + 9n) / 10n;

/** Both caps ≥ +10% over the pending transaction's, and at least today's market fees; the tip never above the cap. */
export function replacementFees(previous: Fees, today: Fees): Fees {
  const max = (a: bigint, b: bigint) => (a > b ? a : b);
  const maxPriorityFeePerGas = max(bumped(previous.maxPriorityFeePerGas), today.maxPriorityFeePerGas);
  return { maxFeePerGas: max(max(bumped(previous.maxFeePerGas), today.maxFeePerGas), maxPriorityFeePerGas), maxPriorityFeePerGas };
}

/** Cancel's transaction: nothing, sent to the account itself. */
export const selfTransfer = (from: Hex): BatchCall => ({ to: from, value: '0x0', data: '0x' });

/**
 * Cancel's gas: 21,000 for a plain account. A delegated account's transfer to itself runs its delegate's receive,
 * which 21,000 leaves no gas for (the cancel would revert, though it still took the nonce): the node's estimate, with
 * headroom. When the node cannot estimate it, 21,000 still takes the nonce.
 */
export async function cancelGas(node: ChainNode, from: Hex): Promise<bigint> {
  try {
    const gas = await estimate(node, { from, to: from, value: '0x0', data: '0x' });
    return gas <= TX_BASE_GAS ? TX_BASE_GAS : withMargin(gas);
  } catch {
    return TX_BASE_GAS;
  }
}

/** The batch as its replacement would run, with the gas limit its review priced, for the review screen's preview. */
export function replacementBatch(batch: BatchRecord, pending: BatchTransaction, mode: ReplaceMode, gasLimit: bigint): BatchRecord {
  if (mode === 'cancel' || pending.cancel) {
    return { ...batch, atomic: false, upgrade: false, calls: [selfTransfer(batch.from)], gasLimits: [hexGas(gasLimit)] };
  }
  const gasLimits = batch.atomic ? batch.gasLimits : pending.calls.map((i) => batch.gasLimits[i]);
  return { ...batch, calls: pending.calls.map((i) => batch.calls[i]), gasLimits };
}

/** The transaction the user may replace: sent, not landed, dropped or already replaced. */
function replaceable(batch: BatchRecord | undefined, hash: Hex): BatchTransaction {
  if (batch?.userOperation) throw invalidParams('A sponsored batch is one user operation with the bundler: it has no transaction to speed up or cancel (its Cancel uses the user operation\'s nonce)');
  const tx = batch?.transactions.find((t) => t.hash === hash);
  if (!batch || !tx) throw invalidParams(`No transaction ${hash} in this batch`);
  if (!undecided(tx) || tx.replacedBy) throw invalidParams(`Transaction ${hash} is no longer pending: only a pending transaction can be sped up or cancelled`);
  return tx;
}

/** The pending transaction and the fees of its replacement per tier, each both ≥ +10% over the original's. */
export interface ReplacementPlan {
  batch: BatchRecord;
  pending: BatchTransaction;
  previous: Fees;
  gasLimit: bigint;
  tiers: Record<FeeTier, Fees>;
}

async function readPending(deps: Pick<BatchDeps, 'batches'>, origin: string, id: string, hash: Hex): Promise<{ batch: BatchRecord; pending: BatchTransaction }> {
  // Unchecked at first: "not replaceable" is said before "altered".
  const batch = await deps.batches.stored(origin, id);
  const pending = replaceable(batch, hash);
  // A record changed outside the wallet is never signed from.
  if (!(await deps.batches.authentic(batch!))) throw batchAltered();
  return { batch: batch!, pending };
}

const feesOf = (tx: Transaction): Fees => ({ maxFeePerGas: tx.maxFeePerGas ?? tx.gasPrice ?? 0n, maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? tx.gasPrice ?? 0n });

/** What the review screen shows before anything is signed. */
export async function planReplacement(deps: Pick<BatchDeps, 'batches' | 'nodeFor' | 'transactionCode'>, origin: string, id: string, hash: Hex, mode: ReplaceMode): Promise<ReplacementPlan> {
  const { batch, pending } = await readPending(deps, origin, id, hash);
  const original = await deps.transactionCode.decodeTransaction(pending.raw);
  const previous = feesOf(original);
  const node = await deps.nodeFor(batch.chainId);
  const [today, gasLimit] = await Promise.all([tierFees(node, batch.chainId), mode === 'cancel' ? cancelGas(node, batch.from) : original.gasLimit]);
  const tiers = Object.fromEntries(FEE_TIERS.map((tier) => [tier, replacementFees(previous, today[tier])])) as Record<FeeTier, Fees>;
  return { batch, pending, previous, gasLimit, tiers };
}

const raisedTenPercent = (next: Fees, previous: Fees): boolean =>
  next.maxFeePerGas >= bumped(previous.maxFeePerGas) && next.maxPriorityFeePerGas >= bumped(previous.maxPriorityFeePerGas);

/**
 * The replacement as the account signs it, with `fees` (the ones the user approved), or today's market ones when none
 * are given; fees not ≥ +10% over the original's are refused. A cancel carries `cancelGasLimit`, the one its review
 * priced, else cancelGas's. A Ledger has the device sign these fields (rpc/ownDevicePayloads.ts). A tuple: the first
 * script's bytes are counted (scripts/bundle.test.ts).
 */
export async function replacementRequest(deps: Pick<BatchDeps, 'batches' | 'nodeFor' | 'transactionCode'>, origin: string, id: string, hash: Hex, mode: ReplaceMode, fees?: Fees, cancelGasLimit?: bigint) {
  const { batch, pending } = await readPending(deps, origin, id, hash);
  const node = await deps.nodeFor(batch.chainId);
  const original = await deps.transactionCode.decodeTransaction(pending.raw);
  const chosen = fees ?? replacementFees(feesOf(original), await suggestFees(node, batch.chainId, 'market'));
  if (!raisedTenPercent(chosen, feesOf(original))) throw invalidParams(`A replacement of ${hash} must raise both fees by at least 10%`);
  const common = { type: 2, chainId: original.chainId, nonce: original.nonce, ...chosen };
  const request =
    mode === 'cancel'
      ? { ...common, to: batch.from, value: 0n, data: '0x', gasLimit: cancelGasLimit ?? (await cancelGas(node, batch.from)) }
      : { ...common, type: original.type ?? 2, to: original.to, value: original.value, data: original.data, gasLimit: original.gasLimit, authorizationList: original.authorizationList };
  return [request, batch, pending, node] as const;
}

/** Signs (or takes the device's `signed` bytes, checked already: deviceSigning/) and sends the replacement. */
export async function replaceTransaction(deps: BatchDeps, origin: string, id: string, hash: Hex, mode: ReplaceMode, fees?: Fees, cancelGasLimit?: bigint, signed?: Hex): Promise<Hex> {
  const [request, batch, pending, node] = await replacementRequest(deps, origin, id, hash, mode, fees, cancelGasLimit);
  const raw = signed ?? ((await (await deps.accounts.signer(batch.from)).signTransaction(request)) as Hex);
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
