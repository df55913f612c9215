/**
 * Whether a requesting site is one a network attacker can act as: a page on plain http, which browsers mark "Not
 * secure". As browsers count it, http on this machine (127.0.0.0/8, [::1], localhost and *.localhost) is secure: no
 * network lies between.
 */
import { hostKind } from './hosts';

export function isNotSecure(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.protocol === 'http:' && hostKind(url.hostname) !== 'loopback';
}
