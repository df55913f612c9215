/**
 * A token bucket per site (../sites/siteOf.ts: a page and its subdomain frames share one) for what costs the wallet
 * without asking the user: node reads (any site) and every request of an origin that is not connected
 * (wallet_addEthereumChain, eth_requestAccounts, … need no connection). A page cannot make the wallet hammer the node,
 * whose provider may then refuse the user, or keep the worker busy: beyond its budget it is told -32005 "limit
 * exceeded" (EIP-1474). Memory only: a restarted worker starts afresh.
 */
import { ErrorCode, RpcError } from '../../shared/errors';

export interface BucketSize {
  /** Requests at once. */
  capacity: number;
  /** Requests a second, sustained. */
  perSecond: number;
}

/** Above what a dapp's start (its reads and polling) takes, and `npm run bench`'s 120 reads in a row. */
export const PAGE_BUDGET: BucketSize = { capacity: 200, perSecond: 50 };

/** Sites remembered at most: full buckets (as good as new) are forgotten first, then the oldest. */
export const MAX_SITES = 1000;

export interface RequestBudget {
  /** Takes one request from the site's bucket; throws -32005 when it is empty. */
  charge(site: string): void;
  /** As `charge`, answering false instead of throwing (what pages' subscriptions read on their own). */
  tryCharge(site: string): boolean;
  /** How many sites are remembered. */
  size(): number;
}

export function requestBudget({ capacity, perSecond }: BucketSize, now: () => number): RequestBudget {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const level = (bucket: { tokens: number; at: number }, time: number) => Math.min(capacity, bucket.tokens + ((time - bucket.at) / 1000) * perSecond);

  const makeRoom = (time: number) => {
    for (const [site, bucket] of buckets) if (level(bucket, time) >= capacity) buckets.delete(site);
    while (buckets.size >= MAX_SITES) buckets.delete(buckets.keys().next().value!);
  };

  const charge = (site: string) => {
    const time = now();
    const bucket = buckets.get(site);
    const tokens = bucket ? level(bucket, time) : capacity;
    if (tokens < 1) {
      throw new RpcError(
        ErrorCode.limitExceeded,
        `Request limit exceeded: ${site} (its subdomains' requests count too) sent more than ${capacity} requests at once or ${perSecond} a second (node reads, and any request of an origin that is not connected); try again shortly`,
      );
    }
    if (!bucket && buckets.size >= MAX_SITES) makeRoom(time);
    buckets.set(site, { tokens: tokens - 1, at: time });
  };

  return {
    charge,
    tryCharge(site) {
      try {
        charge(site);
        return true;
      } catch {
        return false;
      }
    },
    size: () => buckets.size,
  };
}
