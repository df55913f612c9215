/** eth_subscribe's params: the kind of subscription, then its options (a log filter, or the full-transactions flag). */
import { invalidParams } from '../errors';
import { boolean, object, positional } from '../params';
import { parseLogFilter, type LogFilter } from './logFilter';

/**
 * newHeads, logs and newPendingTransactions as nodes serve them over WebSocket; pendingLogs and
 * newFlashblockTransactions as the pre-confirmation interface does.
 */
export const SUBSCRIPTION_KINDS = ['newHeads', 'logs', 'newPendingTransactions', 'pendingLogs', 'newFlashblockTransactions'] as const;
export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];

export interface Subscribe {
  kind: SubscriptionKind;
  /** logs and pendingLogs. */
  criteria?: Pick<LogFilter, 'address' | 'topics'>;
  /** newFlashblockTransactions and newPendingTransactions: whole transactions rather than hashes. */
  full?: boolean;
}

const isKind = (value: unknown): value is SubscriptionKind => SUBSCRIPTION_KINDS.includes(value as SubscriptionKind);

/** A subscription's log filter: address and topics only (it follows new blocks, so it takes no range). */
function criteria(value: unknown): Pick<LogFilter, 'address' | 'topics'> {
  if (value === undefined) return {};
  const raw = object(value, 'filter');
  for (const field of ['fromBlock', 'toBlock', 'blockHash']) {
    if (raw[field] != null) throw invalidParams(`filter.${field} is not taken by a subscription: it follows new blocks (use eth_getLogs for a range)`);
  }
  const { address, topics } = parseLogFilter([raw]);
  return { ...(address ? { address } : {}), ...(topics ? { topics } : {}) };
}

export function parseSubscribe(params: unknown): Subscribe {
  const [kind, options] = positional(params, 'eth_subscribe', 1, 2);
  if (!isKind(kind)) throw invalidParams(`subscription kind must be one of ${SUBSCRIPTION_KINDS.join(', ')}, got ${JSON.stringify(kind)}`);
  if (kind === 'logs' || kind === 'pendingLogs') return { kind, criteria: criteria(options) };
  if (kind === 'newFlashblockTransactions' || kind === 'newPendingTransactions') {
    return { kind, ...(options === undefined ? {} : { full: boolean(options, 'full transactions flag') }) };
  }
  if (options !== undefined) throw invalidParams(`${kind} takes no options, got ${JSON.stringify(options)}`);
  return { kind };
}
