/**
 * Site addresses that imitate well-known dapps: an internationalized name (`xn--` labels, shown by browsers as
 * punycode or as look-alike letters) whose letters, read as the Latin ones they resemble, spell a dapp's host.
 */
import { lookAlikeReason } from './lookAlikeLetters';

/** Dapps people are lured away from; their real hosts and subdomains never warn. */
export const WELL_KNOWN_DAPP_HOSTS = [
  'uniswap.org', 'app.uniswap.org', 'app.aave.com', 'aave.com', 'opensea.io', 'curve.fi', 'lido.fi', 'stake.lido.fi',
  '1inch.io', 'app.1inch.io', 'compound.finance', 'app.compound.finance', 'blur.io', 'etherscan.io', 'basescan.org',
  'metamask.io', 'pancakeswap.finance', 'sushi.com', 'balancer.fi', 'app.ens.domains', 'ens.domains', 'zapper.xyz', 'zerion.io',
];

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;

/** RFC 3492 decoding of one label's punycode part (without `xn--`); undefined when it is not valid punycode. */
export function decodePunycode(input: string): string | undefined {
  const last = input.lastIndexOf('-');
  const output = last > 0 ? [...input.slice(0, last)].map((c) => c.codePointAt(0)!) : [];
  if (output.some((c) => c >= 0x80)) return undefined;
  let n = 128;
  let i = 0;
  let bias = 72;
  for (let pos = last > 0 ? last + 1 : 0; pos < input.length;) {
    const oldI = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (pos >= input.length) return undefined;
      const c = input.charCodeAt(pos++);
      const digit = c >= 0x30 && c <= 0x39 ? c - 22 : c >= 0x61 && c <= 0x7a ? c - 0x61 : c >= 0x41 && c <= 0x5a ? c - 0x41 : BASE;
      if (digit >= BASE) return undefined;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
      if (i > 0x10ffff * 4) return undefined;
    }
    const length = output.length + 1;
    let delta = oldI === 0 ? Math.floor((i - oldI) / 700) : (i - oldI) >> 1;
    delta += Math.floor(delta / length);
    let k = 0;
    for (; delta > ((BASE - T_MIN) * T_MAX) >> 1; k += BASE) delta = Math.floor(delta / (BASE - T_MIN));
    bias = Math.floor(k + ((BASE - T_MIN + 1) * delta) / (delta + 38));
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff) return undefined;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

/** The host as its user sees it: each `xn--` label decoded (left as it is when it does not decode). */
export const unicodeHost = (host: string): string =>
  host.toLowerCase().split('.').map((label) => (label.startsWith('xn--') ? decodePunycode(label.slice(4)) ?? label : label)).join('.');

/**
 * Letters of other scripts, and digits, drawn like Latin letters; accents are removed before this map applies. The
 * thin strokes (i, l, 1, I) all read as one letter: each side of a comparison is mapped the same way.
 */
const CONFUSABLES: Record<string, string> = {
  а: 'a', в: 'b', с: 'c', ԁ: 'd', е: 'e', һ: 'h', і: 'l', ӏ: 'l', ј: 'j', к: 'k', м: 'm', п: 'n', о: 'o', р: 'p', ԛ: 'q', ѕ: 's',
  т: 't', у: 'y', х: 'x', ԝ: 'w', ь: 'b', ɑ: 'a', α: 'a', β: 'b', ε: 'e', ι: 'l', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u',
  χ: 'x', ω: 'w', ո: 'n', ս: 'u', օ: 'o', ı: 'l', ł: 'l', ø: 'o', ß: 'ss', '0': 'o', '1': 'l', '|': 'l', i: 'l',
};

/** What the host reads as in Latin letters: accents dropped, confusable letters mapped, `rn` read as `m`, `vv` as `w`. */
export function hostSkeleton(host: string): string {
  const plain = host.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return [...plain].map((c) => CONFUSABLES[c] ?? c).join('').replace(/rn/g, 'm').replace(/vv/g, 'w');
}

const isUnder = (host: string, base: string): boolean => host === base || host.endsWith(`.${base}`);

/**
 * Why a site's host may imitate a well-known dapp's, or undefined: read in Latin letters it spells one (or a
 * subdomain of one, or starts with one) without being it, or its decoded name mixes scripts.
 */
export function lookAlikeHostReason(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (WELL_KNOWN_DAPP_HOSTS.some((known) => isUnder(host, known))) return undefined;
  const shown = unicodeHost(host);
  const skeleton = hostSkeleton(shown);
  // `uniswap.org.example.com` reads as uniswap.org at a glance too.
  const imitated = WELL_KNOWN_DAPP_HOSTS.find((known) => isUnder(skeleton, hostSkeleton(known)) || skeleton.startsWith(`${hostSkeleton(known)}.`));
  const decoded = shown === host ? '' : ` (${host} is shown as “${shown}”)`;
  if (imitated) return `This site’s address looks like ${imitated} but is not it${decoded}.`;
  const mixed = shown === host ? undefined : lookAlikeReason(shown);
  if (mixed) return `This site’s address ${mixed}${decoded}: it may imitate another site.`;
  return undefined;
}
