/**
 * Review attestations checked at build time, on a registry laid out as the real one: a real review from the registry
 * (Cyfrin's of WETH's descriptor, fixtures/), and attestations a test key signs, listed as an auditor or not.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Signature, Wallet, ZeroAddress, ZeroHash, id } from 'ethers';
import { describe, expect, it } from 'vitest';
import { verifyAttestations } from './attestations';
import { descriptorHash } from './descriptorHash';
import { ATTEST_V2, EAS_MAINNET_DOMAIN, ERC8176_SCHEMA, offchainUid, type AttestMessage } from './easAttestation';

const FIXTURES = resolve(import.meta.dirname, 'fixtures');
const CYFRIN = '0x3846c3A30E62075Fa916216b35EF04B8F53931f6';
const WETH = 'registry/weth/calldata-weth.json';
const CYFRIN_REVIEW = `registry/weth/sigs/calldata-weth.eip155-1-${CYFRIN}.json`;
const NOW = 1_800_000_000n;
const listedKey = new Wallet(id('a listed test auditor'));
const unlistedKey = new Wallet(id('a key not in auditors/'));

const write = (root: string, path: string, json: unknown) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), JSON.stringify(json, null, 2));
};

/** A registry holding WETH's descriptor, Cyfrin's real review of it, and two auditors: Cyfrin and the listed test key. */
function registry(): string {
  const root = mkdtempSync(join(tmpdir(), 'erc7730-registry-'));
  mkdirSync(join(root, 'registry/weth/sigs'), { recursive: true });
  cpSync(join(FIXTURES, 'calldata-weth.json'), join(root, WETH));
  cpSync(join(FIXTURES, `calldata-weth.eip155-1-${CYFRIN}.json`), join(root, CYFRIN_REVIEW));
  mkdirSync(join(root, `auditors/eip155-1-${CYFRIN}`), { recursive: true });
  cpSync(join(FIXTURES, 'profile.json'), join(root, `auditors/eip155-1-${CYFRIN}/profile.json`));
  write(root, `auditors/eip155-1-${listedKey.address}/profile.json`, { id: `eip155:1:${listedKey.address}`, name: 'Test Auditor' });
  return root;
}

const wethHash = () => descriptorHash(JSON.parse(readFileSync(join(FIXTURES, 'calldata-weth.json'), 'utf8')));

/** An EAS version 2 off-chain attestation as easscan.org saves it, signed by `key`. */
async function attestation(key: Wallet, over: Partial<AttestMessage> = {}) {
  const message: AttestMessage = {
    version: 2, schema: ERC8176_SCHEMA, recipient: ZeroAddress, time: NOW - 100n, expirationTime: 0n, revocable: true, refUID: ZeroHash, data: wethHash(), salt: id('salt'), ...over,
  };
  const { v, r, s } = Signature.from(await key.signTypedData(EAS_MAINNET_DOMAIN, ATTEST_V2, message));
  const domain = { ...EAS_MAINNET_DOMAIN, chainId: '1' };
  return {
    sig: { version: 2, uid: offchainUid(message), domain, primaryType: 'Attest', message: { ...message, time: String(message.time), expirationTime: String(message.expirationTime) }, types: ATTEST_V2, signature: { v, r, s } },
    signer: key.address,
  };
}

/** `root` with `json` as the review of WETH's descriptor signed by `signer` (the file's name says who). */
function withReview(root: string, signer: string, json: unknown): string {
  write(root, `registry/weth/sigs/calldata-weth.eip155-1-${signer}.json`, json);
  return root;
}

describe('verifyAttestations', () => {
  it("a listed auditor's real review of the descriptor as it is: reviewed, named as the screen says it", () => {
    expect(verifyAttestations(registry(), NOW)).toEqual({ reviewedBy: { [WETH]: ['Patrick Collins (Cyfrin)'] }, rejected: [] });
  });

  it('two listed auditors: both named; a review that expires later still counts', async () => {
    const root = withReview(registry(), listedKey.address, await attestation(listedKey, { expirationTime: NOW + 100n }));
    expect(verifyAttestations(root, NOW)).toEqual({ reviewedBy: { [WETH]: ['Patrick Collins (Cyfrin)', 'Test Auditor'] }, rejected: [] });
  });

  it('the descriptor changed by one character: not reviewed, the hashes named', () => {
    const root = registry();
    write(root, WETH, { ...JSON.parse(readFileSync(join(root, WETH), 'utf8')), metadata: { owner: 'WETh', contractName: 'WETH' } });
    const { reviewedBy, rejected } = verifyAttestations(root, NOW);
    expect(reviewedBy).toEqual({});
    expect(rejected).toEqual([{ file: CYFRIN_REVIEW, code: 'hash-mismatch', reason: expect.stringContaining(`attests ${wethHash()}`) }]);
  });

  it('the same descriptor written with other spacing and key order: still reviewed (the hash is of the canonical JSON)', () => {
    const root = registry();
    const { display, metadata, context, $schema } = JSON.parse(readFileSync(join(root, WETH), 'utf8'));
    writeFileSync(join(root, WETH), JSON.stringify({ display, metadata, context, $schema }));
    expect(verifyAttestations(root, NOW).reviewedBy).toEqual({ [WETH]: ['Patrick Collins (Cyfrin)'] });
  });

  it('a descriptor with includes: reviewed when the hash is of it with its includes merged (ERC-8176), not of the file as written', async () => {
    const root = registry();
    const included = { context: { contract: {} }, display: { formats: { 'withdraw(uint256 wad)': { intent: 'Unwrap', fields: [{ path: 'wad', label: 'Amount', format: 'amount' }] } } } };
    const including = { includes: '../../ercs/calldata-unwrap.json', context: { contract: { deployments: [{ chainId: 1, address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' }] } }, metadata: { owner: 'WETH' } };
    write(root, 'ercs/calldata-unwrap.json', included);
    write(root, 'registry/weth/calldata-unwrap.json', including);
    const merged = { context: including.context, display: included.display, metadata: including.metadata };
    write(root, `registry/weth/sigs/calldata-unwrap.eip155-1-${listedKey.address}.json`, await attestation(listedKey, { data: descriptorHash(merged) }));
    expect(verifyAttestations(root, NOW).reviewedBy['registry/weth/calldata-unwrap.json']).toEqual(['Test Auditor']);

    write(root, `registry/weth/sigs/calldata-unwrap.eip155-1-${listedKey.address}.json`, await attestation(listedKey, { data: descriptorHash(including) }));
    const { reviewedBy, rejected } = verifyAttestations(root, NOW);
    expect(reviewedBy['registry/weth/calldata-unwrap.json']).toBeUndefined();
    expect(rejected.filter((r) => r.code === 'hash-mismatch')).toEqual([{
      file: `registry/weth/sigs/calldata-unwrap.eip155-1-${listedKey.address}.json`,
      code: 'hash-mismatch',
      reason: expect.stringMatching(/^attests registry\/weth\/calldata-unwrap\.json as written, without what its includes add/),
    }]);
  });

  it('signed by a key not in auditors/: not reviewed', async () => {
    const root = withReview(registry(), unlistedKey.address, await attestation(unlistedKey));
    const { reviewedBy, rejected } = verifyAttestations(root, NOW);
    expect(reviewedBy).toEqual({ [WETH]: ['Patrick Collins (Cyfrin)'] });
    expect(rejected).toEqual([{ file: `registry/weth/sigs/calldata-weth.eip155-1-${unlistedKey.address}.json`, code: 'unknown-auditor', reason: `signed by ${unlistedKey.address}, who is not in auditors/` }]);
  });

  it("a listed auditor's name as the file's signer over another key's signature: not reviewed", async () => {
    const forged = { ...(await attestation(unlistedKey)), signer: listedKey.address };
    const { reviewedBy, rejected } = verifyAttestations(withReview(registry(), listedKey.address, forged), NOW);
    expect(reviewedBy[WETH]).toEqual(['Patrick Collins (Cyfrin)']);
    expect(rejected.map((r) => r.code)).toEqual(['bad-signature']);
  });

  it('another schema than ERC-8176\'s: not reviewed', async () => {
    const root = withReview(registry(), listedKey.address, await attestation(listedKey, { schema: id('another schema') }));
    const { reviewedBy, rejected } = verifyAttestations(root, NOW);
    expect(reviewedBy[WETH]).toEqual(['Patrick Collins (Cyfrin)']);
    expect(rejected.map((r) => r.code)).toEqual(['wrong-schema']);
  });

  it('a tampered uid: not reviewed', () => {
    const root = registry();
    const review = JSON.parse(readFileSync(join(root, CYFRIN_REVIEW), 'utf8'));
    review.sig.uid = `${review.sig.uid.slice(0, -1)}${review.sig.uid.endsWith('0') ? '1' : '0'}`;
    write(root, CYFRIN_REVIEW, review);
    expect(verifyAttestations(root, NOW)).toEqual({ reviewedBy: {}, rejected: [{ file: CYFRIN_REVIEW, code: 'uid-mismatch', reason: expect.any(String) }] });
  });

  it('a message changed after signing (its uid recomputed to match): not reviewed', () => {
    const root = registry();
    const review = JSON.parse(readFileSync(join(root, CYFRIN_REVIEW), 'utf8'));
    const message = { ...review.sig.message, time: String(BigInt(review.sig.message.time) + 1n) };
    review.sig = { ...review.sig, message, uid: offchainUid({ ...message, time: BigInt(message.time), expirationTime: BigInt(message.expirationTime) }) };
    write(root, CYFRIN_REVIEW, review);
    expect(verifyAttestations(root, NOW).rejected.map((r) => r.code)).toEqual(['bad-signature']);
  });

  it('expired: not reviewed', async () => {
    const root = withReview(registry(), listedKey.address, await attestation(listedKey, { expirationTime: NOW - 1n }));
    const { reviewedBy, rejected } = verifyAttestations(root, NOW);
    expect(reviewedBy[WETH]).toEqual(['Patrick Collins (Cyfrin)']);
    expect(rejected.map((r) => r.code)).toEqual(['expired']);
  });

  it('signed for another EAS deployment (Sepolia\'s): not reviewed', async () => {
    const signed = await attestation(listedKey);
    const review = { ...signed, sig: { ...signed.sig, domain: { ...signed.sig.domain, chainId: '11155111', verifyingContract: '0xC2679fBD37d54388Ce493F1DB75320D236e1815e' } } };
    expect(verifyAttestations(withReview(registry(), listedKey.address, review), NOW).rejected.map((r) => r.code)).toEqual(['wrong-domain']);
  });

  it('a file that is not an attestation, or names no descriptor: not an error of the build, each named', () => {
    const root = withReview(registry(), listedKey.address, { sig: 'nope' });
    writeFileSync(join(root, 'registry/weth/sigs/broken.eip155-1-0x0000000000000000000000000000000000000001.json'), '{');
    const { reviewedBy, rejected } = verifyAttestations(root, NOW);
    expect(reviewedBy[WETH]).toEqual(['Patrick Collins (Cyfrin)']);
    expect(rejected.map((r) => [r.file.split('/').pop(), r.code])).toEqual([
      ['broken.eip155-1-0x0000000000000000000000000000000000000001.json', 'no-descriptor'],
      [`calldata-weth.eip155-1-${listedKey.address}.json`, 'malformed'],
    ]);
  });
});
