/**
 * How often each kind of subscription looks. Heads and logs change only with a block: with a block time (detected,
 * ../networks/detection.ts, or seen in the heads they read) they look four times a block but not more often than
 * HEAD_FLOOR_MS; without one, every POLL_MS.
 */
import type { Hex } from '../../shared/params';
import type { SubscriptionKind } from '../../shared/schemas/subscription';
import { quarterBlock } from '../watch/pollLoop';

/** On a chain of 0.2 s blocks a head is seen 75 ms after it was sealed on average (and the node asked < 7 times a second). */
export const HEAD_FLOOR_MS = 150;
/** Heads seen over at least this many blocks tell the block time (timestamps are whole seconds). */
const MIN_SPAN = 16;

type Head = { number?: unknown; timestamp?: unknown } | null | undefined;

export interface BlockPace {
  /** A head read on `chainId` (its number and timestamp). */
  saw(chainId: Hex, head: Head): void;
  /** The block time to pace by: the detected one when there is one, else the one the heads showed. */
  blockTimeMs(chainId: Hex, detected: number | undefined): number | undefined;
}

export function createBlockPace(): BlockPace {
  const first = new Map<Hex, { number: number; timestamp: number }>();
  const seen = new Map<Hex, number>();
  return {
    saw(chainId, head) {
      const number = Number(head?.number);
      const timestamp = Number(head?.timestamp);
      if (!Number.isSafeInteger(number) || !Number.isSafeInteger(timestamp)) return;
      const from = first.get(chainId);
      if (!from || number < from.number) return void first.set(chainId, { number, timestamp });
      if (number - from.number >= MIN_SPAN && timestamp > from.timestamp) seen.set(chainId, ((timestamp - from.timestamp) * 1000) / (number - from.number));
    },
    blockTimeMs: (chainId, detected) => detected ?? seen.get(chainId),
  };
}

/**
 * In ms: the pending kinds follow the chain's ~200 ms pre-confirmed view; heads and logs look so while the block time
 * is not known; the wallet's own pending transactions are read from its store.
 */
export const POLL_MS: Record<SubscriptionKind, number> = { newHeads: 500, logs: 500, newPendingTransactions: 1000, pendingLogs: 200, newFlashblockTransactions: 200 };

/** The period of a subscription's looks on a chain of `blockTimeMs` (undefined: not known). */
export function pollPeriod(kind: SubscriptionKind, blockTimeMs: number | undefined): number {
  return (kind === 'newHeads' || kind === 'logs') && blockTimeMs !== undefined ? quarterBlock(HEAD_FLOOR_MS, blockTimeMs) : POLL_MS[kind];
}
