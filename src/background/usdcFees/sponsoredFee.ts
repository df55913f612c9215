/**
 * The fee a USDC paymaster took, from its `UserOperationSponsored` event in the op's receipt (Circle's event, which
 * the paymaster emits in postOp after the refund): Activity shows what the chain says, not what a bundler reported.
 * Only the paymaster's own log for this op and sender counts; any contract can emit a look-alike.
 */
import { getAddress, id } from 'ethers';
import { isObject } from '../../shared/isObject';
import { lazy } from '../../shared/lazy';
import { isHash, type Hex } from '../../shared/params';

const TOPIC = lazy(() => id('UserOperationSponsored(address,address,bytes32,uint256,uint256,uint256)'));

export interface ReceiptLog {
  address: string;
  topics: readonly string[];
  data: string;
}

export interface SponsoredFee {
  token: Hex;
  /** What the account paid, the spread included (the event's actualTokenNeeded). */
  taken: bigint;
  /** The spread within it (feeTokenAmount). */
  spread: bigint;
  /** The price of 1 ether in token units the op was charged at. */
  nativeTokenPrice: bigint;
}

/** Text only: the receipt is the node's as it came, and the op a record planted in storage.local may hold anything. */
const same = (a: unknown, b: unknown): boolean => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();
/** The event's three topics, each a 32-byte word: an address is read from the last 20 bytes of two of them. */
const isTopics = (topics: unknown): topics is string[] => Array.isArray(topics) && topics.length === 3 && topics.every(isHash);
const addressOfTopic = (topic: string): string => `0x${topic.slice(-40)}`;
const words = (data: unknown): string[] | undefined =>
  typeof data === 'string' && /^0x[0-9a-fA-F]{256}$/.test(data) ? Array.from({ length: 4 }, (_, i) => `0x${data.slice(2 + i * 64, 66 + i * 64)}`) : undefined;

export function sponsoredFeeOf(logs: readonly ReceiptLog[], op: { paymaster: Hex; sender: Hex; userOpHash: Hex }): SponsoredFee | undefined {
  for (const log of Array.isArray(logs) ? logs : []) {
    if (!isObject(log) || !same(log.address, op.paymaster) || !isTopics(log.topics) || !same(log.topics[0], TOPIC())) continue;
    const fields = words(log.data);
    if (!fields || !same(addressOfTopic(log.topics[2]), op.sender) || !same(fields[0], op.userOpHash)) continue;
    return {
      token: getAddress(addressOfTopic(log.topics[1])) as Hex,
      nativeTokenPrice: BigInt(fields[1]),
      taken: BigInt(fields[2]),
      spread: BigInt(fields[3]),
    };
  }
  return undefined;
}
