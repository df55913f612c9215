/**
 * ERC-8176's descriptor hash: keccak256 of the descriptor's RFC 8785 (JCS) canonical JSON, never of the file's bytes
 * (auditors/README.md: "do not hash raw file bytes"). JCS by `canonicalize`, by RFC 8785's author: numbers as ES6
 * writes them (JSON.stringify), as the RFC requires.
 */
import canonicalize from 'canonicalize';
import { keccak256, toUtf8Bytes } from 'ethers';

export function descriptorHash(descriptor: unknown): string {
  const canonical = canonicalize(descriptor);
  if (canonical === undefined) throw new Error('a descriptor must be JSON');
  return keccak256(toUtf8Bytes(canonical));
}
