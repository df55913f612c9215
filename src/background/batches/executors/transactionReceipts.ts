/**
 * Following signed transactions once sent: their receipts as the node sees them (pre-confirmed, sealed, final, taken
 * away again by a reorg), the bytes a node lost sent again, and what another transaction replaced called dropped.
 */
import { uint256, type Hex } from '../../../shared/params';
import type { ChainNode } from '../../networks/rpcClient';
import { DROP_AFTER_BLOCKS, FINAL_CONFIRMATIONS } from '../status';
import type { BatchRecord, BatchTransaction, CallReceipt } from '../types';
import type { BatchDeps } from './executor';
import type { NodeReceipt } from './syncSend';

/** The receipt fields EIP-5792 reports, from a node's receipt. */
export const toCallReceipt = (r: NodeReceipt): CallReceipt => ({
  logs: r.logs.map(({ address, data, topics }) => ({ address, data, topics })),
  status: r.status,
  blockHash: r.blockHash,
  blockNumber: r.blockNumber,
  gasUsed: r.gasUsed,
  transactionHash: r.transactionHash,
});

/**
 * The most the wallet's own signed bytes let a block charge, [maxFeePerGas, gasLimit], read without the later script's
 * RLP: the forms it signs, EIP-1559 (type 2) and EIP-7702 (type 4), begin alike (chainId, nonce, maxPriorityFeePerGas,
 * maxFeePerGas, gasLimit) after a long list's length (0xf8 or 0xf9: signed, they are longer than 55 bytes). None for
 * any other form; bytes that are not the wallet's read as nonsense, no worse than a planted `feePaid`.
 */
function signedCaps(raw: string): bigint[] {
  let at = 6 + (parseInt(raw.slice(4, 6), 16) - 0xf7) * 2;
  const fields: bigint[] = [];
  while (fields.length < 5) {
    const lead = parseInt(raw.slice(at, (at += 2)), 16);
    fields.push(BigInt(lead < 0x80 ? lead : `0x0${raw.slice(at, (at += (lead - 0x80) * 2))}`));
  }
  return /^0x0[24]/.test(raw) ? fields.slice(3) : [];
}

/**
 * What the account paid (wei, hex), kept beside the receipt: none when the node's price is missing or garbled (uint256
 * throws), or when the receipt claims more gas or a higher price than the transaction signed (a lie).
 */
function feeOf(r: NodeReceipt, raw: Hex): Hex | undefined {
  try {
    const [gas, price] = [uint256(r.gasUsed, ''), uint256(r.effectiveGasPrice, '')];
    const [maxFeePerGas, gasLimit] = signedCaps(raw);
    return price <= maxFeePerGas && gas <= gasLimit ? `0x${(gas * price).toString(16)}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A transaction with its receipt as of the node's latest block `head`. The receipt is pre-confirmed while its block
 * is above `head`: a flashblocks node serves receipts from the block it is still building (number latest + 1), and
 * the block counts as sealed once the node's latest block has reached it. Final FINAL_CONFIRMATIONS blocks deeper.
 */
export function withReceipt(tx: BatchTransaction, found: NodeReceipt, head: number): BatchTransaction {
  const { missingSince: _missing, preconfirmed: _before, ...rest } = tx;
  // A receipt without a block number is not in a sealed block either.
  const depth = found.blockNumber ? head - Number(found.blockNumber) : -1;
  return { ...rest, receipt: toCallReceipt(found), feePaid: feeOf(found, tx.raw), ...(depth < 0 ? { preconfirmed: true as const } : {}), final: depth >= FINAL_CONFIRMATIONS };
}

/**
 * One look at a transaction not final yet: its receipt (gone again after a reorg), or, without one, whether it can
 * still be mined. Bytes the node no longer holds are sent again (the same bytes, never a new signature); once the
 * account's nonce has moved past it without a receipt for DROP_AFTER_BLOCKS blocks, and a last read finds none,
 * another transaction took its place and it is dropped.
 */
async function look(node: ChainNode, tx: BatchTransaction, head: number, accountNonce: () => Promise<number>): Promise<BatchTransaction> {
  const found = await node<NodeReceipt | null>('eth_getTransactionReceipt', [tx.hash]);
  if (found) return withReceipt(tx, found, head);
  // A node whose head is below the receipt's block has not seen that block yet (a lagging backend): no reorg.
  if (tx.receipt?.blockNumber && head < Number(tx.receipt.blockNumber)) return tx;
  const { receipt: _reorged, preconfirmed: _unsealed, feePaid: _fee, ...waiting } = tx;
  if ((await accountNonce()) <= tx.nonce) {
    if (!(await node('eth_getTransactionByHash', [tx.hash]))) await node('eth_sendRawTransaction', [tx.raw]).catch(() => undefined);
    return { ...waiting, missingSince: undefined };
  }
  const since = tx.missingSince ?? head;
  if (head - since < DROP_AFTER_BLOCKS) return { ...waiting, missingSince: since };
  // A load-balanced node may have answered from a backend behind the one that mined it: asked once more before the verdict.
  const again = await node<NodeReceipt | null>('eth_getTransactionReceipt', [tx.hash]);
  return again ? withReceipt(tx, again, head) : { ...waiting, dropped: true };
}

/** Asks the node once about every sent transaction not final yet, and stores what changed. */
export async function refreshTransactions(deps: BatchDeps, batch: BatchRecord, node?: ChainNode): Promise<BatchRecord> {
  const open = batch.transactions.filter((t) => t.sent && !t.final && !t.dropped);
  if (open.length === 0) return batch;
  const chain = node ?? (await deps.nodeFor(batch.chainId));
  const head = Number(await chain<Hex>('eth_blockNumber'));
  let nonce: Promise<number> | undefined;
  const accountNonce = () => (nonce ??= chain<Hex>('eth_getTransactionCount', [batch.from, 'latest']).then(Number));
  const looked = new Map((await Promise.all(open.map((t) => look(chain, t, head, accountNonce)))).map((t) => [t.hash, t]));
  const same = open.every((t) => JSON.stringify(t) === JSON.stringify(looked.get(t.hash)));
  if (same) return batch;
  // Only what the chain said replaces the stored facts: the rest stays as the wallet wrote it (links a Speed up or Cancel
  // added meanwhile too). `batch` is the record as the follower read it, which a content script may have swapped for a
  // copy saying more (storage.local, Firefox): the wallet's own record put back before this write would seal it.
  const merged = (stored: BatchTransaction, seen: BatchTransaction): BatchTransaction => {
    const { receipt: _receipt, feePaid: _fee, preconfirmed: _unsealed, final: _final, missingSince: _since, dropped: _dropped, ...own } = stored;
    const { receipt, feePaid, preconfirmed, final, missingSince, dropped } = seen;
    return { ...own, ...Object.fromEntries(Object.entries({ receipt, feePaid, preconfirmed, final, missingSince, dropped }).filter(([, v]) => v !== undefined)) };
  };
  return deps.batches.update(batch.origin, batch.id, (b) => ({
    ...b,
    transactions: b.transactions.map((t) => (looked.has(t.hash) ? merged(t, looked.get(t.hash)!) : t)),
  }));
}
