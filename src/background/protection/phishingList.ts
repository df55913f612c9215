/**
 * The community phishing list (npm `eth-phishing-detect`): the copy shipped with the release, and a newer copy the
 * wallet fetches at most daily (./phishingUpdates.ts). The release's copy is a file of the extension
 * (`phishing-list.json`, which the build copies from the package) read when first asked, not code every worker start
 * compiles. A host is `listed` when one of the two lists it: the most
 * specific of the host and its parent domains that either of that list's lists names decides (so a listed site wins
 * over an allowed parent, a free-hosting domain for instance). The fetched copy only adds: it cannot unlist what the
 * shipped one lists. A host `resembles` a target of phishing when, without its top-level domain, it is within the
 * list's edit distance of one (as the package's own detector reads it).
 */
import { hostSet, type HostSet } from './hostSet';

/** Served by the e2e fixtures (any `*.localhost` reaches the devnet's dapp server): the devnet build lists it, so the warning can be tested. */
export const DEVNET_LISTED_HOST = 'phishing-test.localhost';

export type PhishingVerdict = { kind: 'listed' } | { kind: 'resembles'; target: string } | undefined;

/** eth-phishing-detect's `config.json`, as the package ships it and its repository serves it. */
export interface PhishingConfig {
  tolerance: number;
  fuzzylist: string[];
  whitelist: string[];
  blacklist: string[];
}

/** A list ready to be asked. */
export interface HostLists {
  blocklist: HostSet;
  allowlist: HostSet;
}

export const hostListsOf = (list: Pick<PhishingConfig, 'blacklist' | 'whitelist'>, extraBlocked: string[] = []): HostLists => ({
  blocklist: hostSet([...list.blacklist, ...extraBlocked]),
  allowlist: hostSet(list.whitelist),
});

/** What a verdict reads: the release's copy (its host lists and its fuzzy list) and the fetched one, if any. */
export interface PhishingLists {
  shipped: HostLists;
  fuzzy: Pick<PhishingConfig, 'tolerance' | 'fuzzylist'>;
  fetched?: HostLists;
}

/** The release's copy ready to be asked; `extraBlocked`: hosts the devnet build adds. */
export const shippedListsOf = (config: PhishingConfig, extraBlocked: string[] = []): Omit<PhishingLists, 'fetched'> => ({
  shipped: hostListsOf(config, extraBlocked),
  fuzzy: { tolerance: config.tolerance, fuzzylist: config.fuzzylist },
});

/** The host and each parent domain, most specific first: `a.b.example.com`, `b.example.com`, `example.com`, `com`. */
const selfAndParents = (host: string): string[] => host.split('.').map((_, i, parts) => parts.slice(i).join('.'));

/** The host without its top-level domain, as the package compares it with its fuzzy list ("www." dropped). */
const fuzzyForm = (host: string): string => host.split('.').slice(0, -1).join('.').replace('www.', '');

/** Levenshtein distance, stopping early once it exceeds `max`. */
function distanceWithin(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...current) > max) return false;
    previous = current;
  }
  return previous[b.length] <= max;
}

/** Whether one list lists the host: the most specific domain it names decides; on the same domain, allowed wins. */
function listedIn(lists: HostLists, domains: string[]): boolean {
  for (const domain of domains) {
    if (lists.allowlist.has(domain)) return false;
    if (lists.blocklist.has(domain)) return true;
  }
  return false;
}

/** What the phishing lists say about a site's host (lowercase, trailing dot ignored). */
export function phishingVerdict(hostname: string, { shipped, fuzzy, fetched }: PhishingLists): PhishingVerdict {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const domains = selfAndParents(host);
  if (listedIn(shipped, domains) || (fetched !== undefined && listedIn(fetched, domains))) return { kind: 'listed' };
  if (domains.some((d) => shipped.allowlist.has(d))) return undefined;
  const form = fuzzyForm(host);
  if (form === '') return undefined;
  const target = fuzzy.fuzzylist.find((t) => distanceWithin(form, fuzzyForm(t), fuzzy.tolerance));
  return target ? { kind: 'resembles', target } : undefined;
}
