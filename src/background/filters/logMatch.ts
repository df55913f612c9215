/**
 * Logs matched in the wallet's memory against a filter's address and topics, as geth matches them (EIP-1474's
 * filter): an address list is any of them; a topic position that is null (or an empty list) is any topic there, a
 * list is any of its topics, a hash is that topic; a log with fewer topics than the filter has positions does not
 * match. One read of many filters' logs (`unionOf`) is then shared out (../subscriptions/).
 */
import type { Hex } from '../../shared/params';
import type { LogFilter } from '../../shared/schemas/logFilter';
import type { FilterLog } from './types';

export type Criteria = Pick<LogFilter, 'address' | 'topics'>;

/** Beyond this many addresses a shared read asks for every address (and each filter keeps its own). */
export const MAX_UNION_ADDRESSES = 64;

const lower = (value: Hex | Hex[]): string[] => (Array.isArray(value) ? value : [value]).map((v) => v.toLowerCase());

export function logMatches(criteria: Criteria | undefined, log: Pick<FilterLog, 'address' | 'topics'>): boolean {
  if (criteria?.address !== undefined && !lower(criteria.address).includes(String(log.address).toLowerCase())) return false;
  const topics = criteria?.topics ?? [];
  if (topics.length > (log.topics?.length ?? 0)) return false;
  return topics.every((wanted, i) => wanted === null || (Array.isArray(wanted) && wanted.length === 0) || lower(wanted).includes(String(log.topics[i]).toLowerCase()));
}

/**
 * What one eth_getLogs asks so that its answer holds every log each of `criterias` matches: their addresses together
 * (none, meaning any, when one filter names none or they name more than MAX_UNION_ADDRESSES), and their first topics
 * together when every filter names its first topic.
 */
export function unionOf(criterias: (Criteria | undefined)[]): Criteria {
  const union: Criteria = {};
  if (criterias.length === 0) return union;
  const addresses = new Set<string>();
  const firstTopics = new Set<string>();
  let anyAddress = false;
  let anyFirstTopic = false;
  for (const criteria of criterias) {
    if (criteria?.address === undefined) anyAddress = true;
    else for (const address of lower(criteria.address)) addresses.add(address);
    const first = criteria?.topics?.[0];
    if (first === undefined || first === null || (Array.isArray(first) && first.length === 0)) anyFirstTopic = true;
    else for (const topic of lower(first)) firstTopics.add(topic);
  }
  if (!anyAddress && addresses.size <= MAX_UNION_ADDRESSES) union.address = [...addresses].sort() as Hex[];
  if (!anyFirstTopic) union.topics = [[...firstTopics].sort() as Hex[]];
  return union;
}
