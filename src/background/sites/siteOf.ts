/**
 * The site an origin belongs to: its registrable domain (eTLD+1, the Public Suffix List's private section included, so
 * `a.github.io` and `b.github.io` are two sites and `app.evil.com` and `evil.com` one), else its host (an IP address,
 * `localhost`, a host that is itself a public suffix). What pages may make the wallet do or store is counted per site:
 * a page's subdomain frames share its limits. An IPv6 address counts as its /64, which one host is given whole: each of
 * its 2^64 addresses would otherwise be a site of its own. The list (tldts, ~140 KB) is the worker's fourth classic script,
 * `background-sites.js`, loaded on the first request of a worker; each origin's site is then remembered.
 */
import { loadClassicScript } from '../browser/classicScript';
import type * as SiteModules from './siteModules';

/** Set by scripts/bundle.ts in the worker's build: the sites script's file name. */
declare const __SITES_SCRIPT__: string | undefined;
/** Where sitesChunk.ts puts the modules. */
export const SITES_GLOBAL = '__batchWalletSites';

/** The sites script's file; undefined unbuilt. */
export const sitesScript = typeof __SITES_SCRIPT__ === 'undefined' ? undefined : __SITES_SCRIPT__;

const loadSites = (): Promise<typeof SiteModules> => (sitesScript === undefined ? import('./siteModules') : loadClassicScript(sitesScript, SITES_GLOBAL));

/** Origins whose site is known, at most this many (the oldest forgotten first). */
const REMEMBERED = 1000;
const known = new Map<string, string>();

/** The /64 of an IPv6 host as the URL parser writes it ("[2001:db8:1:2::1]" → "[2001:db8:1:2::]/64"). */
function ipv6Network(host: string): string {
  const [head = '', tail] = host.slice(1, -1).split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${new URL(`http://[${groups.slice(0, 4).join(':')}::]`).hostname}/64`;
}

/** The site of `origin` as looked up already (by `siteOf`), for code that cannot wait; undefined when it was not. */
export const knownSiteOf = (origin: string): string | undefined => known.get(origin);

/** The site of `origin` ("https://app.uniswap.org" → "uniswap.org"); an origin that is no URL is its own site. */
export async function siteOf(origin: string): Promise<string> {
  const remembered = known.get(origin);
  if (remembered !== undefined) return remembered;
  let host: string;
  try {
    host = new URL(origin).hostname;
  } catch {
    return origin;
  }
  const { getDomain } = await loadSites();
  const site = host.startsWith('[') ? ipv6Network(host) : (getDomain(host, { allowPrivateDomains: true }) ?? host);
  if (known.size >= REMEMBERED) known.delete(known.keys().next().value!);
  known.set(origin, site);
  return site;
}
