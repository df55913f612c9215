import { recoverTypedSignature, SignTypedDataVersion } from '@metamask/eth-sig-util';
import { TypedDataEncoder, Wallet, keccak256, solidityPackedKeccak256, toUtf8Bytes } from 'ethers';
import { hashTypedData } from 'viem';
import { describe, expect, it } from 'vitest';
import { parseSignTypedData, parseSignTypedDataV1 } from '../schemas/typedData';
import { corpus, emptyDomain, etherMailWithGroup, permit, permit2Single } from './corpus.fixture';
import { approvedTypedDataDigest, legacyTypedDataDigest, typedDataDigest } from './digest';

const KEY = new Wallet('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
/** What the wallet signs for a dapp's eth_signTypedData_v3/_v4 request: the parsed data's digest, signed as is. */
const walletSignature = (version: 'V3' | 'V4', data: unknown) => {
  const request = parseSignTypedData(version)([KEY.address, JSON.stringify(data)]);
  if (request.version === 'V1') throw new Error('not EIP-712');
  return KEY.signingKey.sign(typedDataDigest(request.typed, version)).serialized;
};
const digestOf = (version: 'V3' | 'V4', data: unknown) => {
  const request = parseSignTypedData(version)([KEY.address, data]);
  if (request.version === 'V1') throw new Error('not EIP-712');
  return typedDataDigest(request.typed, version);
};

describe('EIP-712 digests, as eth-sig-util computes them', () => {
  it('hashes EIP-712’s Ether Mail to the standard’s digest, its Group type ignored', () => {
    expect(digestOf('V4', etherMailWithGroup)).toBe('0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2');
    expect(digestOf('V3', etherMailWithGroup)).toBe('0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2');
    const cow = new Wallet(keccak256(toUtf8Bytes('cow')));
    expect(cow.signingKey.sign(digestOf('V4', etherMailWithGroup)).serialized).toBe(
      '0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b915621c',
    );
  });

  it.each(Object.entries(corpus))('%s: the same digest as viem, and eth-sig-util recovers the signer (V4)', (_name, data) => {
    expect(digestOf('V4', data)).toBe(hashTypedData(data as Parameters<typeof hashTypedData>[0]));
    expect(recoverTypedSignature({ data: data as never, signature: walletSignature('V4', data), version: SignTypedDataVersion.V4 })).toBe(KEY.address.toLowerCase());
  });

  it.each(Object.entries({ etherMailWithGroup, permit, permit2Single, emptyDomain }))('%s: eth-sig-util recovers the signer (V3)', (_name, data) => {
    expect(recoverTypedSignature({ data: data as never, signature: walletSignature('V3', data), version: SignTypedDataVersion.V3 })).toBe(KEY.address.toLowerCase());
  });

  it('takes domain.chainId as a number, a decimal string or a hex string alike', () => {
    const withChain = (chainId: unknown) => digestOf('V4', { ...permit, domain: { ...permit.domain, chainId } });
    expect(withChain('31337')).toBe(withChain(31337));
    expect(withChain('0x7a69')).toBe(withChain(31337));
  });

  it('derives EIP712Domain from the domain’s fields when types leave it out, as viem and ethers do', () => {
    const { EIP712Domain: _declared, ...types } = permit.types;
    expect(digestOf('V4', { ...permit, types })).toBe(digestOf('V4', permit));
    const { EIP712Domain: _none, ...noteTypes } = emptyDomain.types;
    expect(digestOf('V4', { ...emptyDomain, types: noteTypes })).toBe(digestOf('V4', emptyDomain));
  });
});

describe('approved records', () => {
  it('signs a record stored before v1 and v3 (no version, types without EIP712Domain) as ethers encoded it then', () => {
    const { EIP712Domain: _domain, ...types } = permit.types;
    const stored = { account: KEY.address as `0x${string}`, domain: permit.domain, types, primaryType: 'Permit', message: permit.message };
    expect(approvedTypedDataDigest(stored)).toBe(TypedDataEncoder.hash(permit.domain, types, permit.message));
  });
});

describe('legacy eth_signTypedData (v1)', () => {
  const fields = [{ type: 'string', name: 'message', value: 'Hi, Alice!' }, { type: 'uint32', name: 'value', value: 42 }];
  it('hashes the types and names, then the values, packed (MetaMask’s v1)', () => {
    const schema = solidityPackedKeccak256(['string', 'string'], ['string message', 'uint32 value']);
    const values = solidityPackedKeccak256(['string', 'uint32'], ['Hi, Alice!', 42]);
    expect(legacyTypedDataDigest(fields)).toBe(solidityPackedKeccak256(['bytes32', 'bytes32'], [schema, values]));
  });
  it('is signed so that eth-sig-util recovers the signer', () => {
    const request = parseSignTypedDataV1([fields, KEY.address]);
    if (request.version !== 'V1') throw new Error('not v1');
    const signature = KEY.signingKey.sign(legacyTypedDataDigest(request.fields)).serialized;
    expect(recoverTypedSignature({ data: fields, signature, version: SignTypedDataVersion.V1 })).toBe(KEY.address.toLowerCase());
  });
});

