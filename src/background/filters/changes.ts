/**
 * What a filter has to report since it was last read, worked out by the wallet from the node's blocks and logs rather
 * than by a filter on the node (node-side filters are lost on load-balanced providers and when a worker stops). Logs
 * come once each; logs of blocks a reorganization took away come again with `removed: true`.
 */
import { ErrorCode, RpcError } from '../../shared/errors';
import { isHash, isHexWord, type Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import type { Criteria } from './logMatch';
import type { FilterRecord, FilterLog } from './types';

/** How deep a reorganization is looked for: logs of this many blocks below the filter's tip are kept to be taken back. */
export const REORG_DEPTH = 64;
/** A block filter reports at most this many block hashes at once (the newest). */
export const MAX_BLOCKS_REPORTED = 100;
/** How many reported items of a pending kind are remembered, so that none comes twice. */
export const MAX_SEEN = 1024;
/**
 * At most this many logs are kept to be taken back after a reorganization (an unfiltered filter on a busy chain would
 * keep tens of MB): a deeper one reports the new logs but not all of the removed ones.
 */
export const MAX_RECENT_LOGS = 1000;

/**
 * The filter with the older half of its logs kept for a reorganization dropped, for one that no longer fits its site's
 * share of the pages' bytes (a busy event's logs of REORG_DEPTH blocks can exceed it): it goes on being read, and a
 * reorganization deeper than what it kept reports the new logs but not all of the removed ones. Undefined when it keeps none.
 */
export const fewerRecent = (filter: FilterRecord): FilterRecord | undefined =>
  filter.recent.length === 0 ? undefined : { ...filter, recent: filter.recent.slice(Math.ceil(filter.recent.length / 2)) };

export interface ChangesDeps {
  /** The widest block range one eth_getLogs may ask (the user's setting). */
  logsBlockRangeLimit: number;
  /** Hashes of the transactions this wallet sent that are still pending, from accounts of `origin`, on `chainId`. */
  ownPending(chainId: Hex, origin: string): Promise<Hex[]>;
  /** Hashes of every transaction this wallet sent on `chainId` from an account `origin` was not given. */
  withheld(chainId: Hex, origin: string): Promise<Hex[]>;
}

/**
 * Where ChangesDeps come from, asked afresh at each read (the setting may change): the composition root implements it
 * (createListening.ts `changesDeps`, the range limit from the settings and batches/ownPending.ts).
 */
export interface ChangesSource {
  changesDeps(): Promise<ChangesDeps>;
}

type Block = { number: Hex; hash: Hex; parentHash?: Hex; logsBloom?: string; transactions?: unknown[] } | null;

const logKey = (log: FilterLog) => `${log.blockHash} ${log.transactionHash} ${log.logIndex}`;

/** The logs `criteria` match in blocks `from` to `to`, in one eth_getLogs. */
export async function logsBetween(node: ChainNode, criteria: Criteria | undefined, from: number, to: number): Promise<FilterLog[]> {
  if (to < from) return [];
  const range = { fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}` };
  const logs = await node<unknown>('eth_getLogs', [{ ...criteria, ...range }]);
  if (!Array.isArray(logs)) throw new RpcError(ErrorCode.internal, 'The node answered eth_getLogs with something that is not a list of logs');
  return logs as FilterLog[];
}

/**
 * How a log filter's logs of blocks `from` to `to` are had: by default its own eth_getLogs; subscriptions share one read
 * of many filters' logs and match each in memory (../subscriptions/sharedLogs.ts).
 */
export type LogsOf = (filter: FilterRecord, from: number, to: number) => Promise<FilterLog[]>;

const ownLogs = (node: ChainNode): LogsOf => (filter, from, to) => logsBetween(node, filter.criteria, from, to);

/** A block with no transactions and an empty bloom holds no logs: its eth_getLogs is not asked. */
const holdsNoLogs = (block: Block): boolean =>
  Array.isArray(block?.transactions) && block.transactions.length === 0 && typeof block.logsBloom === 'string' && /^0x0*$/.test(block.logsBloom);

/** Whether `tip` is still on the chain whose head is `latest`, when the head alone tells (it is the tip, or its child). */
function tipKept(tip: { number: number; hash: Hex }, latest: NonNullable<Block>): boolean | undefined {
  const number = Number(latest.number);
  if (number === tip.number) return latest.hash === tip.hash;
  if (number === tip.number + 1 && typeof latest.parentHash === 'string') return latest.parentHash === tip.hash;
  return undefined;
}

/**
 * Logs since the last read. The tip (the last block read) is checked first: when its hash changed, the last
 * REORG_DEPTH blocks are read again, logs no longer there are reported removed and new ones added; then the blocks
 * after the tip, at most `maxRange` of them (the rest on the next read).
 */
async function logChanges(node: ChainNode, filter: FilterRecord, maxRange: number, logsOf: LogsOf): Promise<{ filter: FilterRecord; changes: FilterLog[] }> {
  const latest = await node<Block>('eth_getBlockByNumber', ['latest', false]);
  if (!latest) return { filter, changes: [] };
  const changes: FilterLog[] = [];
  let { recent, next } = filter;
  if (filter.tip) {
    const onChain = tipKept(filter.tip, latest)
      ?? (filter.tip.number <= Number(latest.number) && (await node<Block>('eth_getBlockByNumber', [`0x${filter.tip.number.toString(16)}`, false]))?.hash === filter.tip.hash);
    if (!onChain) {
      const from = Math.max(filter.start, filter.tip.number - REORG_DEPTH + 1);
      const again = await logsOf(filter, from, Math.min(filter.tip.number, Number(latest.number)));
      const seen = new Set(again.map(logKey));
      const before = new Set(recent.map(logKey));
      changes.push(...recent.filter((log) => !seen.has(logKey(log))).map((log) => ({ ...log, removed: true })));
      changes.push(...again.filter((log) => !before.has(logKey(log))));
      recent = again;
      // A chain that got shorter: its new blocks at those heights are read as they come.
      next = Math.min(next, Number(latest.number) + 1);
    }
  }
  const end = Math.min(Number(latest.number), filter.until ?? Infinity, next + maxRange - 1);
  const fresh = next === end && end === Number(latest.number) && holdsNoLogs(latest) ? [] : await logsOf(filter, next, end);
  changes.push(...fresh);
  next = Math.max(next, end + 1);
  const tipBlock = end === Number(latest.number) ? latest : await node<Block>('eth_getBlockByNumber', [`0x${(next - 1).toString(16)}`, false]);
  // Nothing new: the same filter, so that nothing is stored again.
  if (changes.length === 0 && next === filter.next && recent === filter.recent && tipBlock?.hash === filter.tip?.hash) return { filter, changes };
  const kept = [...recent, ...fresh].filter((log) => Number(log.blockNumber) > next - 1 - REORG_DEPTH).slice(-MAX_RECENT_LOGS);
  return { filter: { ...filter, next, recent: kept, ...(tipBlock ? { tip: { number: next - 1, hash: tipBlock.hash } } : {}) }, changes };
}

/** Hashes of the blocks since the last read, oldest first (the newest MAX_BLOCKS_REPORTED when more came). */
async function blockChanges(node: ChainNode, filter: FilterRecord): Promise<{ filter: FilterRecord; changes: Hex[] }> {
  const head = Number(await node<Hex>('eth_blockNumber'));
  if (head < filter.next) return { filter, changes: [] };
  const from = Math.max(filter.next, head - MAX_BLOCKS_REPORTED + 1);
  const blocks = await Promise.all(Array.from({ length: head - from + 1 }, (_, i) => node<Block>('eth_getBlockByNumber', [`0x${(from + i).toString(16)}`, false])));
  return { filter: { ...filter, next: head + 1 }, changes: blocks.flatMap((b) => (b ? [b.hash] : [])) };
}

/** Items not reported yet, by key, and the keys to remember from now on (the last MAX_SEEN). */
export function unseen<T>(seen: string[] = [], items: T[], keyOf: (item: T) => string): { seen: string[]; fresh: T[] } {
  const known = new Set(seen);
  const fresh = items.filter((item) => !known.has(keyOf(item)));
  return { seen: fresh.length === 0 ? seen : [...seen, ...fresh.map(keyOf)].slice(-MAX_SEEN), fresh };
}

/** The node's own pending-transaction filter, for a filter of ours to relay; undefined where the node keeps none. */
export const nodePendingFilter = (node: ChainNode): Promise<Hex | undefined> =>
  node<unknown>('eth_newPendingTransactionFilter').then((id) => (isHexWord(id) ? id : undefined), () => undefined);

/** Uninstalls the node's filter a filter of ours relayed (it would stay on the user's node until the node expires it). */
export const releaseNodeFilter = (node: ChainNode, nodeFilter: Hex): Promise<void> =>
  node('eth_uninstallFilter', [nodeFilter]).then(() => undefined, () => undefined);

/**
 * What the node's filter saw enter its pool since the last read (only what reads as a hash: a node's answer is a
 * claim). A node that lost it (expired, or restarted) gets a new one, which reports from then on; one that lost the new
 * one too by the next read keeps none of ours (another backend of a load-balanced endpoint answers each read): the
 * filter stops relaying rather than leave a filter on the node at every read.
 */
async function nodePendingHashes(node: ChainNode, filter: FilterRecord): Promise<Pick<FilterRecord, 'nodeFilter' | 'nodeFilterMadeAgain'> & { hashes: Hex[] }> {
  const { nodeFilter, nodeFilterMadeAgain } = filter;
  if (!nodeFilter) return { hashes: [] };
  try {
    const hashes = await node<unknown>('eth_getFilterChanges', [nodeFilter]);
    return { nodeFilter, hashes: Array.isArray(hashes) ? hashes.filter(isHash) : [] };
  } catch {
    const renewed = nodeFilterMadeAgain ? undefined : await nodePendingFilter(node);
    return { ...(renewed ? { nodeFilter: renewed, nodeFilterMadeAgain: true } : {}), hashes: [] };
  }
}

/**
 * The wallet's own transactions still pending, from the origin's accounts (nodes behind public endpoints, and every
 * rollup sequencer, share no mempool: these it knows), then what the node's own filter saw, where it keeps one. A
 * transaction the wallet sent from an account the origin was not given is never named, even when the node's pool has
 * it (a private mempool would show it to no one else).
 */
async function pendingTransactionChanges(node: ChainNode, filter: FilterRecord, deps: ChangesDeps): Promise<{ filter: FilterRecord; changes: Hex[] }> {
  const [own, withheld, fromNode] = await Promise.all([
    deps.ownPending(filter.chainId, filter.origin),
    deps.withheld(filter.chainId, filter.origin),
    nodePendingHashes(node, filter),
  ]);
  const { seen, fresh } = unseen(filter.seen, own, (hash) => hash);
  // The node's filter reports each hash once; ours are remembered in `seen` (kept small: a mempool's would not be).
  const skip = new Set([...withheld, ...(seen ?? []), ...fresh].map((h) => h.toLowerCase()));
  const relayed = [...new Set(fromNode.hashes.map((h) => h.toLowerCase()))].filter((h) => !skip.has(h)) as Hex[];
  const { nodeFilter: _before, nodeFilterMadeAgain: _madeAgain, ...rest } = filter;
  const { hashes: _hashes, ...nodeFilterNow } = fromNode;
  return { filter: { ...rest, seen, ...nodeFilterNow }, changes: [...fresh, ...relayed] };
}

/** What the filter reports now, and the filter as it stands after this read (a log filter's logs had by `logsOf`). */
export function filterChanges(node: ChainNode, filter: FilterRecord, deps: ChangesDeps, logsOf: LogsOf = ownLogs(node)): Promise<{ filter: FilterRecord; changes: unknown[] }> {
  if (filter.kind === 'logs') return logChanges(node, filter, deps.logsBlockRangeLimit, logsOf);
  if (filter.kind === 'blocks') return blockChanges(node, filter);
  return pendingTransactionChanges(node, filter, deps);
}
