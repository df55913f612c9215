/**
 * The ERC-7730 registry's review attestations, verified at build time, never at signing time. The registry keeps one
 * file per review in `registry/<entity>/sigs/<descriptor>.eip155-1-<auditor>.json` (an EAS off-chain attestation,
 * easAttestation.ts) and its auditors in `auditors/eip155-1-<address>/profile.json` (`{ id, name, organization? }`).
 * A review counts when its attestation checks out, its signer is a listed auditor, and the hash it attests is
 * ERC-8176's hash of the descriptor with its `includes` merged: the draft hashes the descriptor's effective content,
 * what the wallet ships and shows (since its 2026-05-21 change, as Cyfrin's clearsig `descriptor_hash` implements it and
 * ERC-8283 quotes it: "'includes' resolved, RFC 8785 serialized, Keccak-256"). At registry commit 3b66ba2 all 181
 * reviews hash the file as written: the 46 without `includes` count, the 135 with them do not (their reviews do not
 * cover what the included file adds, such as ercs/calldata-erc4626-vaults.json), and the reason says so.
 * Anything else is not an error of the build either: that descriptor ships without "Reviewed by", and the attestation
 * is listed in `rejected` with the reason, for the build to print one line each.
 *
 * The build step calls `verifyAttestations(vendoredDir)` on the registry as vendored (before it reduces descriptors
 * to what the engine reads) and sets each shipped descriptor's `reviewedBy` from `reviewedBy[path]` (the path as in the
 * registry, "registry/weth/calldata-weth.json"), beside the descriptor: `parseDescriptor` drops a `reviewedBy` that a
 * file writes, so the worker's loader adds it after parsing.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { getAddress, isAddress } from 'ethers';
import { cleanText } from '../../src/shared/displayText';
import { resolveIncludes } from '../../src/shared/erc7730/includes';
import { descriptorHash } from './descriptorHash';
import { checkAttestation, type AttestationRejection, type CheckedAttestation } from './easAttestation';

export type RejectionCode = AttestationRejection | 'no-descriptor' | 'unknown-auditor' | 'hash-mismatch';

export interface Reviews {
  /** Each attested descriptor (path from the registry's root) → its auditors as the screen names them, "Patrick Collins (Cyfrin)". */
  reviewedBy: Record<string, string[]>;
  /** Each attestation that does not count: its file (path from the registry's root) and why. */
  rejected: { file: string; code: RejectionCode; reason: string }[];
}

const SIG_FILE = /^(.+)\.eip155-1-(0x[0-9a-fA-F]{40})\.json$/;
const AUDITOR_DIR = /^eip155-1-(0x[0-9a-fA-F]{40})$/;

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The listed auditors by checksummed address; a profile whose `id` is not its folder's address lists no one. */
function auditors(root: string): Map<string, string> {
  const dir = join(root, 'auditors');
  const listed = new Map<string, string>();
  for (const entry of existsSync(dir) ? readdirSync(dir) : []) {
    const address = AUDITOR_DIR.exec(entry)?.[1];
    const profilePath = join(dir, entry, 'profile.json');
    if (!address || !existsSync(profilePath)) continue;
    const profile = readJson(profilePath);
    if (!isObject(profile) || typeof profile.name !== 'string' || typeof profile.id !== 'string') continue;
    const [namespace, chain, account] = profile.id.split(':');
    if (namespace !== 'eip155' || chain !== '1' || !account || !isAddress(account) || getAddress(account) !== getAddress(address)) continue;
    const organization = typeof profile.organization === 'string' && profile.organization.trim() !== '' ? ` (${cleanText(profile.organization)})` : '';
    listed.set(getAddress(address), `${cleanText(profile.name)}${organization}`);
  }
  return listed;
}

/** The descriptor at `path` (from the root) with its `includes` merged, each include kept inside the registry. */
function effectiveDescriptor(root: string, path: string): unknown {
  const load = (include: string, from: string) => {
    const at = posix.join(posix.dirname(from), include);
    if (at.startsWith('../') || posix.isAbsolute(at)) throw new Error(`${from}: includes ${include} is outside the registry`);
    return { json: readJson(join(root, at)), at };
  };
  return resolveIncludes(readJson(join(root, path)), path, load);
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

type Verdict = { auditor: string } | { code: RejectionCode; reason: string };

/** Whether the attestation in `file` is a listed auditor's review of the descriptor at `path`, as it is now. */
function verdict(root: string, file: string, path: string, listed: Map<string, string>, now: bigint, hashOf: (path: string) => string): Verdict {
  let checked: CheckedAttestation;
  try {
    checked = checkAttestation(readJson(join(root, file)), now);
  } catch (error) {
    return { code: 'malformed', reason: messageOf(error) };
  }
  if (!checked.ok) return { code: checked.code, reason: checked.reason };
  const auditor = listed.get(checked.attester);
  if (!auditor) return { code: 'unknown-auditor', reason: `signed by ${checked.attester}, who is not in auditors/` };
  let hash: string;
  try {
    hash = hashOf(path);
  } catch (error) {
    return { code: 'no-descriptor', reason: `${path} does not read: ${messageOf(error)}` };
  }
  if (hash === checked.descriptorHash) return { auditor };
  // The registry's reviews so far hash the file as written: for one with `includes`, not what the included file adds.
  const asWritten = descriptorHash(readJson(join(root, path))) === checked.descriptorHash;
  return {
    code: 'hash-mismatch',
    reason: asWritten
      ? `attests ${path} as written, without what its includes add (ERC-8176 hashes the descriptor with its includes merged: ${hash})`
      : `attests ${checked.descriptorHash}, but ${path} with its includes merged hashes to ${hash}`,
  };
}

/** `now`: Unix seconds an attestation must not have expired by (the build's clock unless a test sets it). */
export function verifyAttestations(root: string, now = BigInt(Math.floor(Date.now() / 1000))): Reviews {
  const listed = auditors(root);
  const hashes = new Map<string, string>();
  const hashOf = (path: string): string => {
    const hash = hashes.get(path) ?? descriptorHash(effectiveDescriptor(root, path));
    hashes.set(path, hash);
    return hash;
  };
  const reviews: Reviews = { reviewedBy: {}, rejected: [] };
  const entities = existsSync(join(root, 'registry')) ? readdirSync(join(root, 'registry')).sort() : [];
  for (const entity of entities) {
    const sigs = join(root, 'registry', entity, 'sigs');
    for (const name of existsSync(sigs) ? readdirSync(sigs).filter((n) => n.endsWith('.json')).sort() : []) {
      const file = posix.join('registry', entity, 'sigs', name);
      const descriptor = SIG_FILE.exec(name)?.[1];
      const path = descriptor ? posix.join('registry', entity, `${descriptor}.json`) : '';
      const result: Verdict = path !== '' && existsSync(join(root, path))
        ? verdict(root, file, path, listed, now, hashOf)
        : { code: 'no-descriptor', reason: `names no descriptor of registry/${entity} (<descriptor>.eip155-1-<auditor>.json)` };
      if ('auditor' in result) reviews.reviewedBy[path] = [...new Set([...(reviews.reviewedBy[path] ?? []), result.auditor])].sort();
      else reviews.rejected.push({ file, ...result });
    }
  }
  return reviews;
}
