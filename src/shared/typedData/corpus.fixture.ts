/** Typed data dapps send, for the digest tests (digest.test.ts, eip712.test.ts). */
const CHAIN_ID = 31337;
export const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const domain712 = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
];

/** EIP-712's own example, with the Group struct the most copied v4 example also carries but never references. */
export const etherMailWithGroup = {
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

export const permit = {
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

export const permit2Single = {
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
export const permit2Batch = {
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

export const seaportOrder = {
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
export const recursiveTree = {
  types: {
    EIP712Domain: [{ name: 'name', type: 'string' }],
    Node: [{ name: 'label', type: 'string' }, { name: 'payload', type: 'bytes' }, { name: 'children', type: 'Node[]' }],
  },
  primaryType: 'Node',
  domain: { name: 'Tree' },
  message: { label: 'root', payload: '0x1234', children: [{ label: 'leaf', payload: '0x', children: [] }, { label: 'empty', payload: '0xff', children: [] }] },
};

export const emptyDomain = {
  types: { EIP712Domain: [], Note: [{ name: 'text', type: 'string' }] },
  primaryType: 'Note',
  domain: {},
  message: { text: 'no domain at all' },
};

export const corpus = { etherMailWithGroup, permit, permit2Single, permit2Batch, seaportOrder, recursiveTree, emptyDomain };
