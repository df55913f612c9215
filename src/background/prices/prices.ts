/**
 * Chainlink feeds read through the user's own node (AggregatorV3Interface `latestRoundData`, `decimals`), at the
 * chain's head: one read per feed per block, shared by every ask of that block. What the node answers is a claim: an
 * answer that is stale, not positive or cannot be decoded is refused with its reason, and no value is shown for it.
 */
import { toQuantity } from 'ethers';
import { isHexWord, type Hex } from '../../shared/params';
import type { PriceFeed } from '../../shared/priceFeeds';
import type { ChainNode } from '../networks/rpcClient';

/** `latestRoundData()` and `decimals()` selectors. */
export const LATEST_ROUND_DATA = '0xfeaf968c';
const DECIMALS = '0x313ce567';

/** More decimals than any feed has, and than the value's arithmetic is bounded for. */
const MAX_FEED_DECIMALS = 36;
/** A feed may run late by half its heartbeat (a congested chain) before its answer counts as stale. */
const heartbeatWithMargin = (heartbeat: number): bigint => BigInt(Math.ceil(heartbeat * 1.5));
/** A node's clock and a feed's may differ by a little; an update further ahead than this is not believed. */
const FUTURE_SLACK_S = 60n;

export type FeedRefusal = 'unreadable' | 'stale' | 'not-positive' | 'bad-decimals';
export type FeedRead = { ok: true; answer: bigint; decimals: number } | { ok: false; reason: FeedRefusal };

export interface Prices {
  /** The feed's answer at the head of the chain `node` serves. */
  read(node: ChainNode, chainId: Hex, feed: PriceFeed): Promise<FeedRead>;
}

interface Head {
  number: bigint;
  timestamp: bigint;
}


/** The 32-byte words of a call's result, or undefined when it is not whole words. */
function words(result: unknown, count: number): bigint[] | undefined {
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]*$/.test(result) || result.length < 2 + 64 * count) return undefined;
  return Array.from({ length: count }, (_, i) => BigInt(`0x${result.slice(2 + 64 * i, 66 + 64 * i)}`));
}

const signed = (word: bigint): bigint => (word >= 2n ** 255n ? word - 2n ** 256n : word);

async function headOf(node: ChainNode): Promise<Head | undefined> {
  const block = await node<{ number?: unknown; timestamp?: unknown } | null>('eth_getBlockByNumber', ['latest', false]);
  if (typeof block?.number !== 'string' || typeof block.timestamp !== 'string' || !isHexWord(block.number) || !isHexWord(block.timestamp)) return undefined;
  return { number: BigInt(block.number), timestamp: BigInt(block.timestamp) };
}

async function readRound(node: ChainNode, feed: PriceFeed, head: Head): Promise<FeedRead> {
  const at = toQuantity(head.number);
  const call = (data: string) => node<string>('eth_call', [{ to: feed.address, data }, at]).catch(() => undefined);
  const [round, decimalsResult] = await Promise.all([call(LATEST_ROUND_DATA), call(DECIMALS)]);
  const [roundId, rawAnswer, , updatedAt, answeredInRound] = words(round, 5) ?? [];
  const [decimals] = words(decimalsResult, 1) ?? [];
  if (roundId === undefined || decimals === undefined) return { ok: false, reason: 'unreadable' };
  if (decimals > BigInt(MAX_FEED_DECIMALS)) return { ok: false, reason: 'bad-decimals' };
  const answer = signed(rawAnswer);
  if (answer <= 0n) return { ok: false, reason: 'not-positive' };
  const tooOld = head.timestamp - updatedAt > heartbeatWithMargin(feed.heartbeat);
  if (updatedAt === 0n || tooOld || updatedAt > head.timestamp + FUTURE_SLACK_S || answeredInRound < roundId) return { ok: false, reason: 'stale' };
  return { ok: true, answer, decimals: Number(decimals) };
}

export function createPrices(): Prices {
  // Per chain and feed, the block last read: a feed's answer changes at most once a block. Only that block's asks share
  // it: one far ahead (a lying node, or a node the user has since replaced) would otherwise stand until the chain got there.
  const latest = new Map<string, { block: bigint; read: Promise<FeedRead> }>();
  return {
    async read(node, chainId, feed) {
      const head = await headOf(node);
      if (!head) return { ok: false, reason: 'unreadable' };
      const key = `${BigInt(chainId)} ${feed.address.toLowerCase()}`;
      const known = latest.get(key);
      if (known && known.block === head.number) return known.read;
      const read = readRound(node, feed, head);
      latest.set(key, { block: head.number, read });
      return read;
    },
  };
}
