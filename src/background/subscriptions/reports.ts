/**
 * What a subscription has to report on a turn of its network's poll loop, and the subscription as it stands after.
 * Heads and logs come from the sealed chain (logs through the filter logic, so a reorganization reports them again
 * with `removed: true`); the pending kinds from the node's `pending` view, each item once.
 */
import type { Hex } from '../../shared/params';
import { MAX_SEEN, filterChanges, logsBetween, unseen, type ChangesDeps, type LogsOf } from '../filters/changes';
import { logMatches, type Criteria } from '../filters/logMatch';
import type { ChainNode } from '../networks/rpcClient';
import type { SubscriptionRecord } from './types';

/** At most this many heads are reported at once (the newest) after the loop fell behind. */
export const MAX_HEADS_REPORTED = 16;

type Block = { number: Hex; hash: Hex; transactions?: unknown[] } & Record<string, unknown>;

export interface Report {
  subscription: SubscriptionRecord;
  results: unknown[];
}

/** A head as nodes send it to newHeads: the block without its transactions. */
function header(block: Block): Record<string, unknown> {
  const { transactions: _transactions, ...fields } = block;
  return fields;
}

async function newHeads(node: ChainNode, sub: SubscriptionRecord): Promise<Report> {
  const latest = await node<Block | null>('eth_getBlockByNumber', ['latest', false]);
  if (!latest || latest.hash === sub.tip?.hash) return { subscription: sub, results: [] };
  const number = Number(latest.number);
  const from = sub.tip && sub.tip.number < number ? Math.max(sub.tip.number + 1, number - MAX_HEADS_REPORTED + 1) : number;
  const between = await Promise.all(
    Array.from({ length: number - from }, (_, i) => node<Block | null>('eth_getBlockByNumber', [`0x${(from + i).toString(16)}`, false])),
  );
  const heads = [...between.filter((b): b is Block => b !== null), latest].map(header);
  return { subscription: { ...sub, tip: { number, hash: latest.hash } }, results: heads };
}

/**
 * The logs subscriptions of a network read their blocks' logs together: one eth_getLogs asks for all of them (`union`:
 * every live one's addresses and first topics), the same in each one's turn so that the turn asks it once, and each
 * keeps what its own filter matches.
 */
const sharedLogsOf = (node: ChainNode, union: Criteria): LogsOf => async (filter, from, to) =>
  (await logsBetween(node, union, from, to)).filter((log) => logMatches(filter.criteria, log));

async function logs(node: ChainNode, sub: SubscriptionRecord, deps: ChangesDeps, union: Criteria): Promise<Report> {
  if (!sub.filter) return { subscription: sub, results: [] };
  const { filter, changes } = await filterChanges(node, sub.filter, deps, sharedLogsOf(node, union));
  return { subscription: filter === sub.filter ? sub : { ...sub, filter }, results: changes };
}

/** Items not reported yet; the subscription remembers them. */
function reportUnseen<T>(sub: SubscriptionRecord, items: T[], keyOf: (item: T) => string): Report {
  const { seen, fresh: results } = unseen(sub.seen, items, keyOf);
  return { subscription: results.length === 0 ? sub : { ...sub, seen }, results };
}

/**
 * What a pending item is known by, so it is sent once whether the poll or a stream found it: a log by its transaction
 * and index, a transaction by its hash. Undefined for something that is neither (it is not sent).
 */
export function pendingKey(kind: 'pendingLogs' | 'newFlashblockTransactions', item: unknown): string | undefined {
  if (kind === 'pendingLogs') {
    const log = item as { transactionHash?: unknown; logIndex?: unknown } | null;
    return typeof log?.transactionHash === 'string' && typeof log.logIndex === 'string' ? `${log.transactionHash} ${log.logIndex}` : undefined;
  }
  const hash = typeof item === 'string' ? item : (item as { hash?: unknown } | null)?.hash;
  return typeof hash === 'string' ? hash : undefined;
}

/**
 * Pending items not sent yet (well-formed ones only) for a pending kind's subscription, which remembers them. From a
 * `whole` view (a poll of the node's pending view) it remembers just that view: what the view no longer holds was sealed
 * or dropped and does not come back, so its memory stays the view's size however many items pass; a stream's single
 * item is added to what it remembers (the last MAX_SEEN).
 */
export function unsentPending(sub: SubscriptionRecord, items: unknown[], whole = false): Report {
  const kind = sub.kind as 'pendingLogs' | 'newFlashblockTransactions';
  const keyed = items.flatMap((item) => {
    const key = pendingKey(kind, item);
    return key === undefined ? [] : [{ key, item }];
  });
  const seen = new Set(sub.seen ?? []);
  const fresh = keyed.filter(({ key }) => !seen.has(key));
  if (fresh.length === 0 && (!whole || keyed.length === seen.size)) return { subscription: sub, results: [] };
  const remembered = whole ? keyed.map(({ key }) => key) : [...seen, ...fresh.map(({ key }) => key)].slice(-MAX_SEEN);
  return { subscription: { ...sub, seen: remembered }, results: fresh.map(({ item }) => item) };
}

async function pendingLogs(node: ChainNode, sub: SubscriptionRecord): Promise<Report> {
  const found = await node<unknown>('eth_getLogs', [{ ...sub.criteria, fromBlock: 'pending', toBlock: 'pending' }]);
  return unsentPending(sub, Array.isArray(found) ? found : [], true);
}

async function flashblockTransactions(node: ChainNode, sub: SubscriptionRecord): Promise<Report> {
  const block = await node<Block | null>('eth_getBlockByNumber', ['pending', sub.full === true]);
  return unsentPending(sub, Array.isArray(block?.transactions) ? block.transactions : [], true);
}

async function pendingTransactions(node: ChainNode, sub: SubscriptionRecord, deps: ChangesDeps): Promise<Report> {
  const report = reportUnseen(sub, await deps.ownPending(sub.chainId, sub.frame.origin), (hash) => hash);
  if (!sub.full || report.results.length === 0) return report;
  return { ...report, results: await Promise.all(report.results.map((hash) => node('eth_getTransactionByHash', [hash]))) };
}

/** What the subscription reports this turn; `union`: what the network's logs subscriptions ask of the node together. */
export function reportOf(node: ChainNode, sub: SubscriptionRecord, deps: ChangesDeps, union: Criteria = sub.criteria ?? {}): Promise<Report> {
  switch (sub.kind) {
    case 'newHeads': return newHeads(node, sub);
    case 'logs': return logs(node, sub, deps, union);
    case 'pendingLogs': return pendingLogs(node, sub);
    case 'newFlashblockTransactions': return flashblockTransactions(node, sub);
    case 'newPendingTransactions': return pendingTransactions(node, sub, deps);
  }
}
