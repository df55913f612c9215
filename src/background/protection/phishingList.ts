/**
 * The community phishing list (npm `eth-phishing-detect`, bundled: updated by a release, never fetched). A host is
 * `listed` when it or a parent domain is on the blocklist and neither is on the allowlist; it `resembles` a target
 * of phishing when, without its top-level domain, it is within the list's edit distance of one (as the package's
 * own detector reads it).
 */
import config from 'eth-phishing-detect/src/config.json';

declare const __DEVNET_BUILD__: boolean;

/** Served by the e2e fixtures (any `*.localhost` reaches the devnet's dapp server): the devnet build lists it, so the warning can be tested. */
export const DEVNET_LISTED_HOST = 'phishing-test.localhost';

export type PhishingVerdict = { kind: 'listed' } | { kind: 'resembles'; target: string } | undefined;

let lists: { blocklist: Set<string>; allowlist: Set<string> } | undefined;
/** Built on first use: a worker start that answers a read should not index 15 000 hosts first. */
const hostLists = () =>
  (lists ??= { blocklist: new Set([...config.blacklist, ...(__DEVNET_BUILD__ ? [DEVNET_LISTED_HOST] : [])]), allowlist: new Set(config.whitelist) });

/** The host and each parent domain: `a.b.example.com`, `b.example.com`, `example.com`, `com`. */
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

/** What the phishing list says about a site's host (lowercase, trailing dot ignored). */
export function phishingVerdict(hostname: string): PhishingVerdict {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const domains = selfAndParents(host);
  const { allowlist, blocklist } = hostLists();
  if (domains.some((d) => allowlist.has(d))) return undefined;
  if (domains.some((d) => blocklist.has(d))) return { kind: 'listed' };
  const form = fuzzyForm(host);
  if (form === '') return undefined;
  const target = config.fuzzylist.find((t) => distanceWithin(form, fuzzyForm(t), config.tolerance));
  return target ? { kind: 'resembles', target } : undefined;
}
