/** eth_getLogs filter (spec 2.1): shape checks, the blockHash rule, and the block-range limit. */
import { ErrorCode, RpcError, invalidParams } from '../errors';
import { address, block, hash32, object, positional, type BlockTag, type Hex } from '../params';

export interface LogFilter {
  fromBlock?: Hex | BlockTag;
  toBlock?: Hex | BlockTag;
  address?: Hex | Hex[];
  topics?: (Hex | Hex[] | null)[];
  blockHash?: Hex;
}

function topics(value: unknown): (Hex | Hex[] | null)[] {
  if (!Array.isArray(value) || value.length > 4) throw invalidParams('filter.topics must be an array of at most 4 positions');
  return value.map((position, i) => {
    if (position === null) return null;
    if (Array.isArray(position)) return position.map((t, j) => hash32(t, `filter.topics[${i}][${j}]`));
    return hash32(position, `filter.topics[${i}]`);
  });
}

export function parseLogFilter(params: unknown): LogFilter {
  const raw = object(positional(params, 'eth_getLogs', 1)[0], 'filter');
  const filter: LogFilter = {};
  if (raw.address != null) {
    filter.address = Array.isArray(raw.address)
      ? raw.address.map((a, i) => address(a, `filter.address[${i}]`))
      : address(raw.address, 'filter.address');
  }
  if (raw.topics != null) filter.topics = topics(raw.topics);
  if (raw.blockHash != null) {
    // Spec 2.1: with blockHash the range fields are ignored, so they are not forwarded at all.
    filter.blockHash = hash32(raw.blockHash, 'filter.blockHash');
    return filter;
  }
  if (raw.fromBlock != null) filter.fromBlock = block(raw.fromBlock, 'filter.fromBlock');
  if (raw.toBlock != null) filter.toBlock = block(raw.toBlock, 'filter.toBlock');
  return filter;
}

/** True when the range cannot be measured without knowing the head block. */
export function needsHead(filter: LogFilter): boolean {
  if (filter.blockHash) return false;
  const ends = [filter.fromBlock ?? 'latest', filter.toBlock ?? 'latest'];
  const numeric = ends.filter((end) => end.startsWith('0x')).length;
  const earliest = ends.filter((end) => end === 'earliest').length;
  return numeric + earliest > 0 && numeric + earliest < 2;
}

const endNumber = (end: Hex | BlockTag, head: bigint): bigint => {
  if (end === 'earliest') return 0n;
  if (end.startsWith('0x')) return BigInt(end);
  return end === 'pending' ? head + 1n : head;
};

/** Ranges wider than `limit` blocks are refused before they reach the node (spec section 8). */
export function assertRangeWithin(filter: LogFilter, limit: number, head: bigint): void {
  if (filter.blockHash) return;
  const from = filter.fromBlock ?? 'latest';
  const to = filter.toBlock ?? 'latest';
  const range = endNumber(to, head) - endNumber(from, head);
  if (range > BigInt(limit)) {
    throw new RpcError(
      ErrorCode.limitExceeded,
      `eth_getLogs block range of ${range} blocks (fromBlock ${from}, toBlock ${to}) exceeds the limit of ${limit} blocks; query smaller ranges or filter by blockHash`,
      { limit, range: `0x${range.toString(16)}` },
    );
  }
}
