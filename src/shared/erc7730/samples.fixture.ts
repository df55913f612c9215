/**
 * Real-world messages and calls as dapps send them (mainnet contracts; shapes from the EIPs, Uniswap's Permit2 SDK,
 * UniswapX and Seaport's documentation), and the descriptors of public/erc7730/ read from disk as the worker reads them.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Hex } from '../params';
import type { TypedMessage } from '../typedData/types';
import { parseDescriptor } from './parse';
import type { Descriptor, RenderContext, TokenMeta } from './types';

const DIR = resolve(import.meta.dirname, '../../../public/erc7730');
export const descriptors: Descriptor[] = (JSON.parse(readFileSync(resolve(DIR, 'index.json'), 'utf8')) as string[]).map((file) =>
  parseDescriptor(JSON.parse(readFileSync(resolve(DIR, file), 'utf8')), file),
);

export const SIGNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
export const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
export const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
/** Uniswap's Universal Router: the spender of most Permit2 signatures. */
export const UNIVERSAL_ROUTER = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD';
export const SEAPORT_16 = '0x0000000000000068F116a894984e2DB1123eB395';
export const BAYC = '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D';
const OPENSEA_FEES = '0x0000a26b00c1F0DF003000390027140000fAa719';
const MAX160 = '1461501637330902918203684832716283019655932542975';
const MAX256 = '115792089237316195423570985008687907853269984665640564039457584007913129639935';

const domainType = (...names: string[]) =>
  [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }].filter((f) => names.includes(f.name));

/** EIP-2612 on USDC (its domain: "USD Coin", version "2"). */
export const usdcPermit: TypedMessage = {
  types: {
    EIP712Domain: domainType('name', 'version', 'chainId', 'verifyingContract'),
    Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }],
  },
  primaryType: 'Permit',
  domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: USDC },
  message: { owner: SIGNER, spender: UNIVERSAL_ROUTER, value: '2500000', nonce: 0, deadline: 1735689600 },
};

/** DAI's own permit: `allowed` grants everything, `expiry` 0 never expires. */
export const daiPermit: TypedMessage = {
  types: {
    EIP712Domain: domainType('name', 'version', 'chainId', 'verifyingContract'),
    Permit: [{ name: 'holder', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'nonce', type: 'uint256' }, { name: 'expiry', type: 'uint256' }, { name: 'allowed', type: 'bool' }],
  },
  primaryType: 'Permit',
  domain: { name: 'Dai Stablecoin', version: '1', chainId: 1, verifyingContract: DAI },
  message: { holder: SIGNER, spender: UNIVERSAL_ROUTER, nonce: 3, expiry: 0, allowed: true },
};

const permit2Domain = { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 };
const permitDetails = [{ name: 'token', type: 'address' }, { name: 'amount', type: 'uint160' }, { name: 'expiration', type: 'uint48' }, { name: 'nonce', type: 'uint48' }];
const tokenPermissions = [{ name: 'token', type: 'address' }, { name: 'amount', type: 'uint256' }];

export const permitSingle: TypedMessage = {
  types: {
    EIP712Domain: domainType('name', 'chainId', 'verifyingContract'),
    PermitSingle: [{ name: 'details', type: 'PermitDetails' }, { name: 'spender', type: 'address' }, { name: 'sigDeadline', type: 'uint256' }],
    PermitDetails: permitDetails,
  },
  primaryType: 'PermitSingle',
  domain: permit2Domain,
  message: { details: { token: USDC, amount: MAX160, expiration: '1737000000', nonce: '0' }, spender: UNIVERSAL_ROUTER, sigDeadline: '1734410000' },
};

export const permitBatch: TypedMessage = {
  types: {
    EIP712Domain: domainType('name', 'chainId', 'verifyingContract'),
    PermitBatch: [{ name: 'details', type: 'PermitDetails[]' }, { name: 'spender', type: 'address' }, { name: 'sigDeadline', type: 'uint256' }],
    PermitDetails: permitDetails,
  },
  primaryType: 'PermitBatch',
  domain: permit2Domain,
  message: {
    details: [{ token: USDC, amount: '1000000', expiration: '1737000000', nonce: '1' }, { token: DAI, amount: MAX160, expiration: '1737000000', nonce: '0' }],
    spender: UNIVERSAL_ROUTER,
    sigDeadline: '1734410000',
  },
};

export const permitTransferFrom: TypedMessage = {
  types: {
    EIP712Domain: domainType('name', 'chainId', 'verifyingContract'),
    PermitTransferFrom: [{ name: 'permitted', type: 'TokenPermissions' }, { name: 'spender', type: 'address' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }],
    TokenPermissions: tokenPermissions,
  },
  primaryType: 'PermitTransferFrom',
  domain: permit2Domain,
  message: { permitted: { token: DAI, amount: '5000000000000000000' }, spender: UNIVERSAL_ROUTER, nonce: '7', deadline: '1734410000' },
};

export const permitBatchTransferFrom: TypedMessage = {
  types: {
    EIP712Domain: domainType('name', 'chainId', 'verifyingContract'),
    PermitBatchTransferFrom: [{ name: 'permitted', type: 'TokenPermissions[]' }, { name: 'spender', type: 'address' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }],
    TokenPermissions: tokenPermissions,
  },
  primaryType: 'PermitBatchTransferFrom',
  domain: permit2Domain,
  message: { permitted: [{ token: DAI, amount: '5000000000000000000' }, { token: USDC, amount: '3000000' }], spender: UNIVERSAL_ROUTER, nonce: '8', deadline: '1734410000' },
};

/** UniswapX's LimitOrder, signed as a Permit2 witness. */
const REACTOR = '0x6000da47483062A0D734Ba3dc7576Ce6A0B645C4';
export const permitWitnessTransferFrom: TypedMessage = {
  types: {
    EIP712Domain: domainType('name', 'chainId', 'verifyingContract'),
    PermitWitnessTransferFrom: [
      { name: 'permitted', type: 'TokenPermissions' }, { name: 'spender', type: 'address' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }, { name: 'witness', type: 'LimitOrder' },
    ],
    TokenPermissions: tokenPermissions,
    LimitOrder: [{ name: 'info', type: 'OrderInfo' }, { name: 'inputToken', type: 'address' }, { name: 'inputAmount', type: 'uint256' }, { name: 'outputs', type: 'OutputToken[]' }],
    OrderInfo: [
      { name: 'reactor', type: 'address' }, { name: 'swapper', type: 'address' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' },
      { name: 'additionalValidationContract', type: 'address' }, { name: 'additionalValidationData', type: 'bytes' },
    ],
    OutputToken: [{ name: 'token', type: 'address' }, { name: 'amount', type: 'uint256' }, { name: 'recipient', type: 'address' }],
  },
  primaryType: 'PermitWitnessTransferFrom',
  domain: permit2Domain,
  message: {
    permitted: { token: USDC, amount: '100000000' },
    spender: REACTOR,
    nonce: '1993349843770',
    deadline: '1734410000',
    witness: {
      info: { reactor: REACTOR, swapper: SIGNER, nonce: '1993349843770', deadline: '1734410000', additionalValidationContract: '0x0000000000000000000000000000000000000000', additionalValidationData: '0x' },
      inputToken: USDC,
      inputAmount: '100000000',
      outputs: [{ token: WETH, amount: '30000000000000000', recipient: SIGNER }],
    },
  },
};

const item = [
  { name: 'itemType', type: 'uint8' }, { name: 'token', type: 'address' }, { name: 'identifierOrCriteria', type: 'uint256' }, { name: 'startAmount', type: 'uint256' }, { name: 'endAmount', type: 'uint256' },
];
const ZERO = '0x0000000000000000000000000000000000000000';
const ZERO32 = `0x${'00'.repeat(32)}`;

/** Seaport's OrderComponents (1.5 and 1.6), with the domain type. */
export const seaportTypes = {
  EIP712Domain: domainType('name', 'version', 'chainId', 'verifyingContract'),
  OrderComponents: [
    { name: 'offerer', type: 'address' }, { name: 'zone', type: 'address' }, { name: 'offer', type: 'OfferItem[]' }, { name: 'consideration', type: 'ConsiderationItem[]' },
    { name: 'orderType', type: 'uint8' }, { name: 'startTime', type: 'uint256' }, { name: 'endTime', type: 'uint256' }, { name: 'zoneHash', type: 'bytes32' },
    { name: 'salt', type: 'uint256' }, { name: 'conduitKey', type: 'bytes32' }, { name: 'counter', type: 'uint256' },
  ],
  OfferItem: item,
  ConsiderationItem: [...item, { name: 'recipient', type: 'address' }],
};

/** An OpenSea listing on Seaport 1.6: the NFT offered, ETH back to the offerer and OpenSea's 2.5% fee. */
export const seaportListing = (price: bigint, payee: string = SIGNER): TypedMessage => ({
  types: seaportTypes,
  primaryType: 'OrderComponents',
  domain: { name: 'Seaport', version: '1.6', chainId: 1, verifyingContract: SEAPORT_16 },
  message: {
    offerer: SIGNER,
    zone: ZERO,
    offer: [{ itemType: 2, token: BAYC, identifierOrCriteria: '8817', startAmount: '1', endAmount: '1' }],
    consideration: [
      { itemType: 0, token: ZERO, identifierOrCriteria: '0', startAmount: String((price * 975n) / 1000n), endAmount: String((price * 975n) / 1000n), recipient: payee },
      { itemType: 0, token: ZERO, identifierOrCriteria: '0', startAmount: String((price * 25n) / 1000n), endAmount: String((price * 25n) / 1000n), recipient: OPENSEA_FEES },
    ],
    orderType: 0,
    startTime: '1733000000',
    endTime: '1735600000',
    zoneHash: ZERO32,
    salt: '0x360c6ebe0000000000000000000000000000000000000000d4ed8c6b2b6c1c5e',
    conduitKey: '0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000',
    counter: '0',
  },
});

export const MAX_UINT160 = MAX160;
export const MAX_UINT256 = MAX256;

/** Token reads as the chain would answer them; anything else is "not a token". */
export const TOKENS: Record<string, TokenMeta> = {
  [USDC.toLowerCase()]: { symbol: 'USDC', decimals: 6, balance: 10_000_000n },
  [DAI.toLowerCase()]: { symbol: 'DAI', decimals: 18, balance: 10n ** 18n },
  [WETH.toLowerCase()]: { symbol: 'WETH', decimals: 18 },
};

export const mainnet = (to?: string, extra: Partial<RenderContext> = {}): RenderContext => ({
  chainId: 1n,
  ...(to ? { to: to as Hex } : {}),
  from: SIGNER,
  nativeSymbol: 'ETH',
  token: async (address) => TOKENS[address.toLowerCase()],
  ...extra,
});
