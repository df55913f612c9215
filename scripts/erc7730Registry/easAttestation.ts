/**
 * One EAS off-chain attestation as the ERC-7730 registry keeps it (registry/<entity>/sigs/, the JSON easscan.org
 * saves): `{ sig: { version, uid, domain, primaryType: "Attest", message, types, signature: { v, r, s } }, signer }`.
 *
 * Checked as ethereum-attestation-service/eas-sdk checks one (src/offchain/offchain.ts,
 * `verifyOffchainAttestationSignature`): the `uid` recomputed by `getOffchainUID` for version 2 (the one with a
 * salt), the EIP-712 signature recovered over version 2's `Attest` type. The file's own `types` and `primaryType` are
 * not read: the signature must hold over EAS's type. Then what ERC-8176 (the EAS form of the draft: "Descriptor
 * Attestations for ERC-7730") adds: the domain is mainnet EAS's, v0.26 at 0xA1207F3B…Ce587 (EAS's deployments list),
 * the schema is ERC-8176's `bytes32 descriptorHash`, and it has not expired. Whether the attester is an auditor and
 * the hash the descriptor's is the caller's (attestations.ts).
 */
import { Signature, ZeroAddress, getAddress, hexlify, isAddress, solidityPackedKeccak256, toUtf8Bytes, verifyTypedData } from 'ethers';

export const EAS_MAINNET_DOMAIN = { name: 'EAS Attestation', version: '0.26', chainId: 1n, verifyingContract: '0xA1207F3BBa224E2c9c3c6D5aF63D0eb1582Ce587' } as const;
/** ERC-8176's schema on mainnet EAS: `bytes32 descriptorHash`, no resolver, revocable (auditors/README.md names it). */
export const ERC8176_SCHEMA = '0xe023eef113c1670774801c34b377fdf612dd8a4d2fa92fe382e15bd91fafb5c2';

/** EAS's `Attest` type for version 2 off-chain attestations (eas-sdk's OFFCHAIN_ATTESTATION_TYPES[2]). */
export const ATTEST_V2 = {
  Attest: [
    { name: 'version', type: 'uint16' },
    { name: 'schema', type: 'bytes32' },
    { name: 'recipient', type: 'address' },
    { name: 'time', type: 'uint64' },
    { name: 'expirationTime', type: 'uint64' },
    { name: 'revocable', type: 'bool' },
    { name: 'refUID', type: 'bytes32' },
    { name: 'data', type: 'bytes' },
    { name: 'salt', type: 'bytes32' },
  ],
};

export type AttestationRejection = 'malformed' | 'wrong-domain' | 'wrong-schema' | 'uid-mismatch' | 'bad-signature' | 'expired';
export type CheckedAttestation =
  | { ok: true; attester: string; descriptorHash: string }
  | { ok: false; code: AttestationRejection; reason: string };

export interface AttestMessage {
  version: number;
  schema: string;
  recipient: string;
  time: bigint;
  expirationTime: bigint;
  revocable: boolean;
  refUID: string;
  data: string;
  salt: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isBytes32 = (value: unknown): value is string => typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value);
const uint = (value: unknown): bigint | undefined => (typeof value === 'string' || typeof value === 'number') && /^\d+$/.test(String(value)) ? BigInt(value) : undefined;

function messageOf(value: unknown): AttestMessage | undefined {
  if (!isObject(value)) return undefined;
  const { version, schema, recipient, revocable, refUID, data, salt } = value;
  const time = uint(value.time);
  const expirationTime = uint(value.expirationTime);
  const valid = version === 2 && isBytes32(schema) && typeof recipient === 'string' && isAddress(recipient) && time !== undefined && expirationTime !== undefined
    && typeof revocable === 'boolean' && isBytes32(refUID) && typeof data === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(data) && isBytes32(salt);
  return valid ? { version, schema, recipient, time, expirationTime, revocable, refUID, data, salt } : undefined;
}

/** eas-sdk's `Offchain.getOffchainUID` for version 2: the schema goes in as the UTF-8 bytes of its hex text, as EAS does. */
export const offchainUid = (m: AttestMessage): string => solidityPackedKeccak256(
  ['uint16', 'bytes', 'address', 'address', 'uint64', 'uint64', 'bool', 'bytes32', 'bytes', 'bytes32', 'uint32'],
  [m.version, hexlify(toUtf8Bytes(m.schema)), m.recipient, ZeroAddress, m.time, m.expirationTime, m.revocable, m.refUID, m.data, m.salt, 0],
);

const sameDomain = (domain: Record<string, unknown>): boolean => domain.name === EAS_MAINNET_DOMAIN.name && domain.version === EAS_MAINNET_DOMAIN.version
  && uint(domain.chainId) === EAS_MAINNET_DOMAIN.chainId && typeof domain.verifyingContract === 'string' && isAddress(domain.verifyingContract)
  && getAddress(domain.verifyingContract) === EAS_MAINNET_DOMAIN.verifyingContract;

function recover(message: AttestMessage, signature: unknown): string | undefined {
  if (!isObject(signature) || typeof signature.v !== 'number' || !isBytes32(signature.r) || !isBytes32(signature.s)) return undefined;
  try {
    return verifyTypedData(EAS_MAINNET_DOMAIN, ATTEST_V2, message, Signature.from({ v: signature.v, r: signature.r, s: signature.s }));
  } catch {
    return undefined;
  }
}

/** The attestation file's attester and attested descriptor hash, or why it does not count. `now` in Unix seconds. */
export function checkAttestation(file: unknown, now: bigint): CheckedAttestation {
  const fail = (code: AttestationRejection, reason: string): CheckedAttestation => ({ ok: false, code, reason });
  const sig = isObject(file) && isObject(file.sig) ? file.sig : undefined;
  const message = messageOf(sig?.message);
  if (!sig || !isObject(sig.domain) || !message || typeof sig.uid !== 'string' || !isObject(file) || typeof file.signer !== 'string' || !isAddress(file.signer)) {
    return fail('malformed', 'not an EAS version 2 off-chain attestation ({ sig: { uid, domain, message, signature }, signer })');
  }
  if (!sameDomain(sig.domain)) return fail('wrong-domain', `signed for ${JSON.stringify(sig.domain)}, not mainnet EAS ${EAS_MAINNET_DOMAIN.version} at ${EAS_MAINNET_DOMAIN.verifyingContract}`);
  if (message.schema.toLowerCase() !== ERC8176_SCHEMA) return fail('wrong-schema', `schema ${message.schema} is not ERC-8176's ${ERC8176_SCHEMA}`);
  // `bytes32 descriptorHash` ABI-encoded is the 32 bytes themselves.
  if (!isBytes32(message.data)) return fail('wrong-schema', `data ${message.data} is not one bytes32 descriptorHash`);
  if (sig.uid.toLowerCase() !== offchainUid(message)) return fail('uid-mismatch', `uid ${sig.uid} is not the one its message gives (${offchainUid(message)})`);
  const recovered = recover(message, sig.signature);
  if (!recovered || recovered !== getAddress(file.signer)) return fail('bad-signature', `the signature is not ${file.signer}'s${recovered ? ` (it recovers ${recovered})` : ''}`);
  if (message.expirationTime !== 0n && message.expirationTime <= now) return fail('expired', `expired at ${new Date(Number(message.expirationTime) * 1000).toISOString()}`);
  return { ok: true, attester: recovered, descriptorHash: message.data.toLowerCase() };
}
