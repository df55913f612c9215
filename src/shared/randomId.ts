/**
 * A random RFC 4122 version-4 UUID from `crypto.getRandomValues`, which every page has: `crypto.randomUUID` exists
 * only in secure contexts, so a plain-http page that is not localhost lacks it (and the provider would not start).
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `bytes` random bytes as 0x-prefixed hex (ids of batches, filters and subscriptions; keys). */
export function randomHex(bytes: number): `0x${string}` {
  return `0x${Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
