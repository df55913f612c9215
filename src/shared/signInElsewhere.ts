/**
 * EIP-4361: a sign-in for another site than the one asking is a phishing sign. The approval window names it (a
 * personal_sign of a sign-in message, ERC-7846's connect with sign-in) in the browser's language, from the message
 * and the asking origin it already has.
 */
import { revealInvisible } from './displayText';

/** What the warning names: the scheme and domain the message wrote, and the origin that asks. */
export interface SignInElsewhere {
  requested: string;
  domain: string;
  origin: string;
}

const SIWE_HEADER = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\S+) wants you to sign in with your Ethereum account:/;

/** A sign-in message's text for another site than `origin`; undefined when it is `origin`'s, or no sign-in message. */
export function siweElsewhere(text: string, origin: string): SignInElsewhere | undefined {
  // Whitespace or invisible characters before the header must not hide it from the check.
  const match = SIWE_HEADER.exec(text.replace(/^[\s\u200b-\u200d\u2060\ufeff]+/, ''));
  return match ? signInElsewhere(match[1], match[2], origin) : undefined;
}

/**
 * A sign-in whose scheme and domain are not the asking origin's; undefined when they are. The domain is as the
 * message wrote it, each character that reorders or hides text shown by its code point: a U+202E in it reversed the
 * rest of the warning.
 */
export function signInElsewhere(scheme: string | undefined, domain: string, origin: string): SignInElsewhere | undefined {
  const site = new URL(origin);
  if (domain === site.host && (!scheme || `${scheme}:` === site.protocol)) return undefined;
  const shown = revealInvisible(domain);
  return { requested: `${scheme ? `${scheme}://` : ''}${shown}`, domain: shown, origin };
}
