/**
 * A nonce the site chose (eth_sendTransaction's `nonce`). The account's next nonce is used as is. A lower one would
 * take the place of a transaction already sent, so a site could replace or cancel another site's transaction, or the
 * firewall's revert, behind an innocent screen: only the wallet's own pending transaction at that nonce may be
 * replaced, and the screen names it; any other is refused, as is a nonce already mined. A higher one (a gap) would wait
 * in the node until other transactions fill the gap, which the wallet does not send: refused too.
 */
import { invalidParams } from '../../shared/errors';
import type { CallReview } from '../../shared/decodedCall';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { selfTransfer } from './replace';
import { undecided } from './status';
import type { BatchStore } from './store';
import type { BatchCall, BatchRecord } from './types';

/** The wallet's own pending transaction a site's nonce replaces, as the screen shows it. */
export interface ReplacedTransaction {
  nonce: number;
  hash: Hex;
  /** The site it was sent for ("popup" for the wallet's own). */
  batchOrigin: string;
  /** What it does: its calls, the 0-value transfer of a Cancel, or none for a delegation's revert. */
  calls: BatchCall[];
  /** The words its approval screen showed for each of `calls`, when the batch kept them (calls/recorded.ts). */
  reviews?: (CallReview | null | undefined)[];
  revokeDelegation?: true;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

async function ownPending(batches: Pick<BatchStore, 'all' | 'authentic'>, from: Hex, chainId: Hex, nonce: number): Promise<ReplacedTransaction | undefined> {
  const mine = (b: BatchRecord) => same(b.from, from) && BigInt(b.chainId) === BigInt(chainId);
  for (const batch of (await batches.all()).filter(mine)) {
    // The newest of a Speed up chain is the one still pending: the others are `replacedBy`.
    const tx = batch.transactions.find((t) => t.nonce === nonce && undecided(t) && !t.replacedBy);
    // A record written outside the wallet does not vouch for anything.
    if (!tx || !(await batches.authentic(batch))) continue;
    const revokes = batch.kind === 'revokeDelegation' || batch.kind === 'revokeDelegationOf';
    const calls = tx.cancel ? [selfTransfer(batch.from)] : tx.calls.map((i) => batch.calls[i]);
    const reviews = !tx.cancel && batch.reviews ? { reviews: tx.calls.map((i) => batch.reviews?.[i]) } : {};
    return { nonce, hash: tx.hash, batchOrigin: batch.origin, calls, ...reviews, ...(revokes ? { revokeDelegation: true as const } : {}) };
  }
  return undefined;
}

/** Checks the site's nonce against the account's on the node; answers the transaction it replaces, if any. */
export async function dappNonce(batches: Pick<BatchStore, 'all' | 'authentic'>, node: ChainNode, account: { from: Hex; chainId: Hex }, nonce: number): Promise<ReplacedTransaction | undefined> {
  const [mined, next] = (await Promise.all([
    node<Hex>('eth_getTransactionCount', [account.from, 'latest']),
    node<Hex>('eth_getTransactionCount', [account.from, 'pending']),
  ])).map(Number);
  const instead = `leave nonce out, or send ${next}`;
  if (nonce === next) return undefined;
  if (nonce > next) {
    const gap = nonce - next === 1 ? `nonce ${next} is` : `nonces ${next} to ${nonce - 1} are`;
    throw invalidParams(`transaction.nonce ${nonce} is above the account’s next nonce ${next}: the transaction would wait in the node until ${gap} used; ${instead}`);
  }
  if (nonce < mined) throw invalidParams(`transaction.nonce ${nonce} is already used: the account’s next nonce is ${next}; ${instead}`);
  const replaced = await ownPending(batches, account.from, account.chainId, nonce);
  if (!replaced) {
    throw invalidParams(`transaction.nonce ${nonce} is the nonce of a transaction the account sent that is not mined yet: a site may not replace or cancel it. The account’s next nonce is ${next}; ${instead}`);
  }
  return replaced;
}
