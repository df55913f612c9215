import { recoverTypedSignature, SignTypedDataVersion } from '@metamask/eth-sig-util';
import { TypedDataEncoder, Wallet, keccak256, solidityPackedKeccak256, toUtf8Bytes } from 'ethers';
import { hashTypedData } from 'viem';
import { describe, expect, it } from 'vitest';
import { parseSignTypedData, parseSignTypedDataV1 } from '../schemas/typedData';
import { approvedTypedDataDigest, legacyTypedDataDigest, typedDataDigest } from './digest';

const CHAIN_ID = 31337;
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const domain712 = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
];

/** EIP-712's own example, with the Group struct the most copied v4 example also carries but never references. */
const etherMailWithGroup = {
  types: {
    EIP712Domain: domain712,
    Person: [{ name: 'name', type: 'string' }, { name: 'wallet', type: 'address' }],
    Mail: [{ name: 'from', type: 'Person' }, { name: 'to', type: 'Person' }, { name: 'contents', type: 'string' }],
    Group: [{ name: 'name', type: 'string' }, { name: 'members', type: 'Person[]' }],
  },
  primaryType: 'Mail',
  domain: { name: 'Ether Mail', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
};

const permit = {
  types: {
    EIP712Domain: domain712,
    Permit: [
      { name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  domain: { name: 'Test Token', version: '1', chainId: CHAIN_ID, verifyingContract: TOKEN },
  message: { owner: ALICE, spender: TOKEN, value: '1000000000000000000', nonce: 0, deadline: '0xffffffff' },
};

const PERMIT2 = { name: 'Permit2', chainId: CHAIN_ID, verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3' };
const permit2Domain = [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }];
const permitDetails = [
  { name: 'token', type: 'address' }, { name: 'amount', type: 'uint160' }, { name: 'expiration', type: 'uint48' }, { name: 'nonce', type: 'uint48' },
];
const details = (amount: string) => ({ token: TOKEN, amount, expiration: 1900000000, nonce: 0 });

const permit2Single = {
  types: {
    EIP712Domain: permit2Domain,
    PermitDetails: permitDetails,
    PermitSingle: [{ name: 'details', type: 'PermitDetails' }, { name: 'spender', type: 'address' }, { name: 'sigDeadline', type: 'uint256' }],
  },
  primaryType: 'PermitSingle',
  domain: PERMIT2,
  message: { details: details('1461501637330902918203684832716283019655932542975'), spender: ALICE, sigDeadline: '1900000000' },
};

/** Arrays of structs. */
const permit2Batch = {
  types: {
    EIP712Domain: permit2Domain,
    PermitDetails: permitDetails,
    PermitBatch: [{ name: 'details', type: 'PermitDetails[]' }, { name: 'spender', type: 'address' }, { name: 'sigDeadline', type: 'uint256' }],
  },
  primaryType: 'PermitBatch',
  domain: PERMIT2,
  message: { details: [details('5'), details('7')], spender: ALICE, sigDeadline: '1900000000' },
};

const item = [
  { name: 'itemType', type: 'uint8' }, { name: 'token', type: 'address' }, { name: 'identifierOrCriteria', type: 'uint256' },
  { name: 'startAmount', type: 'uint256' }, { name: 'endAmount', type: 'uint256' },
];
const ZERO32 = `0x${'00'.repeat(32)}`;

const seaportOrder = {
  types: {
    EIP712Domain: domain712,
    OrderComponents: [
      { name: 'offerer', type: 'address' }, { name: 'zone', type: 'address' }, { name: 'offer', type: 'OfferItem[]' },
      { name: 'consideration', type: 'ConsiderationItem[]' }, { name: 'orderType', type: 'uint8' }, { name: 'startTime', type: 'uint256' },
      { name: 'endTime', type: 'uint256' }, { name: 'zoneHash', type: 'bytes32' }, { name: 'salt', type: 'uint256' },
      { name: 'conduitKey', type: 'bytes32' }, { name: 'counter', type: 'uint256' },
    ],
    OfferItem: item,
    ConsiderationItem: [...item, { name: 'recipient', type: 'address' }],
  },
  primaryType: 'OrderComponents',
  domain: { name: 'Seaport', version: '1.5', chainId: CHAIN_ID, verifyingContract: '0x00000000000000ADc04C56Bf30aC9d3c0aAF14dC' },
  message: {
    offerer: ALICE,
    zone: '0x0000000000000000000000000000000000000000',
    offer: [{ itemType: 2, token: TOKEN, identifierOrCriteria: '42', startAmount: '1', endAmount: '1' }],
    consideration: [{ itemType: 0, token: '0x0000000000000000000000000000000000000000', identifierOrCriteria: '0', startAmount: '975000000000000000', endAmount: '975000000000000000', recipient: ALICE }],
    orderType: 0,
    startTime: '1700000000',
    endTime: '1900000000',
    zoneHash: ZERO32,
    salt: '0x3d958fe2',
    conduitKey: ZERO32,
    counter: '0',
  },
};

/** A type that refers to itself, with bytes and string fields. */
const recursiveTree = {
  types: {
    EIP712Domain: [{ name: 'name', type: 'string' }],
    Node: [{ name: 'label', type: 'string' }, { name: 'payload', type: 'bytes' }, { name: 'children', type: 'Node[]' }],
  },
  primaryType: 'Node',
  domain: { name: 'Tree' },
  message: { label: 'root', payload: '0x1234', children: [{ label: 'leaf', payload: '0x', children: [] }, { label: 'empty', payload: '0xff', children: [] }] },
};

const emptyDomain = {
  types: { EIP712Domain: [], Note: [{ name: 'text', type: 'string' }] },
  primaryType: 'Note',
  domain: {},
  message: { text: 'no domain at all' },
};

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

  const corpus = { etherMailWithGroup, permit, permit2Single, permit2Batch, seaportOrder, recursiveTree, emptyDomain };
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

