/**
 * Calls in a descriptor's words: a permit call, an approval, a Permit2 approve, a Seaport fulfilment read as the signature granting (or the order selling) the same
 * does, with the same danger rows; a call at a look-alike address is not bound and keeps describeCall's words.
 */
import { Interface, MaxUint256, toQuantity } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { DecodedCall } from '../../shared/decodedCall';
import { BAYC, PERMIT2, SEAPORT_16, SIGNER, UNIVERSAL_ROUTER, USDC, descriptors, permitSingle, seaportListing, usdcPermit } from '../../shared/erc7730/samples.fixture';
import type { Hex } from '../../shared/params';
import type { TypedMessage } from '../../shared/typedData/types';
import { CODE, MAINNET, NOW, fakeNode, type Chain } from './chain.fixture';
import type { CallInput } from '../calls/describe';
import { MAX_INNER_CALLS, reviewCalls } from './calls';
import { reviewTypedData } from './review';
import { userDescriptors } from './descriptors';

const abi = new Interface([
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function approve(address spender, uint256 amount)',
  'function setApprovalForAll(address operator, bool approved)',
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
]);
const permit2 = new Interface(['function approve(address token, address spender, uint160 amount, uint48 expiration)']);
const multicall3 = new Interface(['function aggregate3((address target, bool allowFailure, bytes callData)[] calls)']);
const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';
/** Multicall3's aggregate3 of `inner` calls, each allowed to fail. */
const aggregate3 = (...inner: [string, string][]) => multicall3.encodeFunctionData('aggregate3', [inner.map(([to, data]) => [to, true, data])]);
const seaport = new Interface([`function ${Object.keys(descriptors.find((d) => d.source === 'calldata-seaport.json')?.display.formats ?? {}).find((key) => key.startsWith('fulfillOrder('))}`]);

const EOA = '0x2222222222222222222222222222222222222222';
const ACCOUNT = '0x4444444444444444444444444444444444444444' as Hex;
const usdc = { [USDC.toLowerCase()]: { symbol: 'USDC', decimals: 6, balance: 1_000_000n } };
/** USDC, Permit2 and the router are contracts; EOA has no code. */
const chain: Chain = { code: { [MULTICALL3.toLowerCase()]: CODE, [USDC.toLowerCase()]: CODE, [PERMIT2.toLowerCase()]: CODE, [UNIVERSAL_ROUTER.toLowerCase()]: CODE, [BAYC.toLowerCase()]: CODE }, tokens: usdc };
const deps = { node: fakeNode(chain), descriptors: async () => descriptors, now: () => NOW };

const review = async (to: string, data: string): Promise<DecodedCall> => (await reviewCalls(deps, [{ to: to as Hex, value: '0x0', data: data as Hex }], SIGNER as Hex, MAINNET))[0];
const signature = (typed: TypedMessage) => reviewTypedData(deps, typed, SIGNER as Hex, MAINNET);
const rows = (fields: { label: string; text: string; address?: Hex }[] | undefined) => fields?.map((f) => [f.label, f.text, f.address]);

describe('reviewCalls', () => {
  it('a permit call reads as the Permit signature: the same intent, rows and dangers', async () => {
    const { owner, deadline } = usdcPermit.message as { owner: string; deadline: number };
    const unlimited = { ...usdcPermit, message: { ...usdcPermit.message, spender: EOA, value: MaxUint256.toString() } };
    const signed = await signature(unlimited);
    const call = await review(USDC, abi.encodeFunctionData('permit', [owner, EOA, MaxUint256, deadline, 27, `0x${'11'.repeat(32)}`, `0x${'22'.repeat(32)}`]));
    expect(call.review?.clear.intent).toBe('Permit: allow spending of your tokens');
    expect(call.review?.clear.intent).toBe(signed.clear?.intent);
    expect(rows(call.review?.clear.fields)).toEqual(rows(signed.clear?.fields));
    expect(call.review?.dangers).toEqual(signed.dangers);
    expect(call.review?.dangers.map((d) => d.kind)).toEqual(['unlimited', 'spenderNotContract']);
  });

  it('an unlimited approve to an account without code: the danger rows of a Permit granting the same', async () => {
    const signed = await signature({ ...usdcPermit, message: { ...usdcPermit.message, spender: EOA, value: MaxUint256.toString() } });
    const call = await review(USDC, abi.encodeFunctionData('approve', [EOA, MaxUint256]));
    expect(call.review?.clear.intent).toBe('Approve: allow spending of your tokens');
    expect(rows(call.review?.clear.fields)).toEqual([['Spender', '', EOA], ['Amount', 'Unlimited USDC', undefined]]);
    expect(call.review?.dangers).toEqual(signed.dangers);
    // describeCall's words stay beside the review, for the other readers of a call (previews, Approvals, Activity).
    expect(call.action).toMatchObject({ kind: 'approve', spender: EOA, unlimited: true });
  });

  it('a revoke (an approve of 0, a setApprovalForAll false) names no danger whoever the spender is', async () => {
    expect((await review(USDC, abi.encodeFunctionData('approve', [EOA, 0n]))).review?.dangers).toEqual([]);
    expect((await review(BAYC, abi.encodeFunctionData('setApprovalForAll', [EOA, false]))).review?.dangers).toEqual([]);
  });

  it('setApprovalForAll to an account without code: a whole collection, unlimited, to a key', async () => {
    const call = await review(BAYC, abi.encodeFunctionData('setApprovalForAll', [EOA, true]));
    expect(call.review?.clear.intent).toBe('Approve an operator for a whole collection');
    expect(call.review?.clear.fields.find((f) => f.label === 'Access')?.text).toBe('Allowed to move ALL your tokens of this collection');
    expect(call.review?.dangers.map((d) => [d.kind, d.confirm])).toEqual([['unlimited', true], ['spenderNotContract', true]]);
  });

  it("Permit2's approve reads as a PermitSingle: the same intent, spender, token amount and expiry", async () => {
    const { details } = permitSingle.message as { details: { expiration: string } };
    const signed = await signature(permitSingle);
    const call = await review(PERMIT2, permit2.encodeFunctionData('approve', [USDC, UNIVERSAL_ROUTER, (1n << 160n) - 1n, BigInt(details.expiration)]));
    expect(call.review?.clear.intent).toBe(signed.clear?.intent);
    const shared = (fields: { label: string; text: string; address?: Hex }[] | undefined) => rows(fields)?.filter(([label]) => ['Spender', 'Amount'].includes(label as string));
    expect(shared(call.review?.clear.fields)).toEqual(shared(signed.clear?.fields));
    expect(call.review?.clear.fields.find((f) => f.label === 'Allowance expires')?.text).toBe('2025-01-16 04:00 UTC');
    expect(call.review?.dangers.map((d) => d.kind)).toEqual(signed.dangers.map((d) => d.kind));
  });

  it("the account's own executeBatch: each call it makes in its own words, their dangers named", async () => {
    const approve = abi.encodeFunctionData('approve', [EOA, MaxUint256]);
    const call = await review(SIGNER, abi.encodeFunctionData('executeBatch', [[[USDC, 0n, approve], [EOA, 10n ** 17n, '0x']]]));
    expect(call.review?.clear.intent).toBe('Your account makes several calls');
    expect(call.review?.inner?.map((i) => [i.label, i.clear.intent])).toEqual([['Call data 1', 'Approve: allow spending of your tokens']]);
    expect(call.review?.dangers.map((d) => d.kind)).toEqual(['unlimited', 'spenderNotContract']);
  });

  it("execute or executeBatch of another contract is not the account's own: no 'Your account' words, nor its calls' (a stranger's contract can ignore its arguments)", async () => {
    const revoke = abi.encodeFunctionData('approve', [EOA, 0n]);
    for (const data of [abi.encodeFunctionData('execute', [EOA, 10n ** 18n, '0x']), abi.encodeFunctionData('executeBatch', [[[USDC, 0n, revoke]]])]) {
      const call = await review(ACCOUNT, data);
      expect(call.review).toBeUndefined();
    }
  });

  it('a Seaport fulfilment pays what the listing asked, in the listing screen\'s words; at another address it is not bound', async () => {
    const listing = seaportListing(10n ** 18n).message as Record<string, unknown> & { consideration: unknown[] };
    const { counter: _counter, ...parameters } = listing;
    const data = seaport.encodeFunctionData('fulfillOrder', [{ parameters: { ...parameters, totalOriginalConsiderationItems: listing.consideration.length }, signature: `0x${'11'.repeat(65)}` }, `0x${'00'.repeat(32)}`]);
    const signed = await signature(seaportListing(10n ** 18n));
    const [call] = await reviewCalls(deps, [{ to: SEAPORT_16 as Hex, value: toQuantity(10n ** 18n) as Hex, data: data as Hex }], ACCOUNT, MAINNET);
    expect(call.review?.clear.intent).toBe('Seaport: buy what an order offers');
    const payments = (fields: { label: string; text: string }[] | undefined) => fields?.filter((f) => /^(Payment|Paid with) \d$/.test(f.label)).map((f) => [f.label, f.text]);
    expect(payments(call.review?.clear.fields)).toEqual(payments(signed.clear?.fields));
    expect(call.review?.clear.fields.find((f) => f.label === 'You receive')?.text).toBe('NFT (ERC-721)');
    expect(call.review?.clear.fields.find((f) => f.label === 'You send')?.text).toBe('1 ETH');
    expect((await review(UNIVERSAL_ROUTER, data)).review).toBeUndefined();
  });

  it('a Seaport fulfilment that Multicall3 makes sends what is bought to Multicall3, where anyone can take it: named, and asks the second yes', async () => {
    const listing = seaportListing(10n ** 18n).message as Record<string, unknown> & { consideration: unknown[] };
    const { counter: _counter, ...parameters } = listing;
    const data = seaport.encodeFunctionData('fulfillOrder', [{ parameters: { ...parameters, totalOriginalConsiderationItems: listing.consideration.length }, signature: `0x${'11'.repeat(65)}` }, `0x${'00'.repeat(32)}`]);
    const direct = (await reviewCalls(deps, [{ to: SEAPORT_16 as Hex, value: '0x0', data: data as Hex }], ACCOUNT, MAINNET))[0];
    expect(direct.review?.dangers.map((d) => d.kind)).not.toContain('itemsToOther');
    const [call] = await reviewCalls(deps, [{ to: MULTICALL3 as Hex, value: '0x0', data: aggregate3([SEAPORT_16, data]) as Hex }], ACCOUNT, MAINNET);
    expect(call.review?.inner?.[0].clear.intent).toBe('Seaport: buy what an order offers');
    expect(call.review?.dangers).toContainEqual(expect.objectContaining({ kind: 'itemsToOther', confirm: true, message: expect.stringContaining(MULTICALL3) }));
  });

  it('a Permit2 approve at a look-alike address is not bound: no trusted label, describeCall words it', async () => {
    const lookAlike = '0x000000000022D473030F116dDEE9F6B43aC78BA4';
    const call = await review(lookAlike, permit2.encodeFunctionData('approve', [USDC, UNIVERSAL_ROUTER, 1n, 1n]));
    expect(call.review).toBeUndefined();
    expect(call.action).toBeUndefined();
    expect(call.selector).toBe(permit2.getFunction('approve')?.selector);
  });

  it('an unreadable chain leaves the call as describeCall words it', async () => {
    const broken = { ...deps, node: (async () => Promise.reject(new Error('down'))) as never, descriptors: async () => Promise.reject(new Error('no files')) };
    const [call] = await reviewCalls(broken, [{ to: USDC, value: '0x0', data: abi.encodeFunctionData('approve', [EOA, 1n]) as Hex }], SIGNER as Hex, MAINNET);
    expect(call.review).toBeUndefined();
    expect(call.action).toMatchObject({ kind: 'approve', spender: EOA });
  });

  it('an unlimited approve inside a Multicall3 aggregate3: in its own words, its dangers named, the riskiest asking for the second yes', async () => {
    const call = await review(MULTICALL3, aggregate3([USDC, abi.encodeFunctionData('approve', [EOA, MaxUint256])]));
    expect(call.review?.clear.intent).toBe('Multicall3: make several calls (Multicall3 makes them, not your account)');
    expect(call.review?.inner?.map((i) => [i.label, i.clear.intent])).toEqual([['Call data', 'Approve: allow spending of your tokens']]);
    expect(call.review?.dangers.map((d) => [d.kind, d.confirm])).toEqual([['unlimited', true], ['spenderNotContract', true]]);
  });

  it("the account's executeBatch of a Multicall3 aggregate3 of an approve: read two levels down, each level named", async () => {
    const approve = abi.encodeFunctionData('approve', [EOA, MaxUint256]);
    const call = await review(SIGNER, abi.encodeFunctionData('executeBatch', [[[MULTICALL3, 0n, aggregate3([USDC, approve])]]]));
    expect(call.review?.inner?.map((i) => [i.label, i.clear.intent])).toEqual([
      ['Call data', 'Multicall3: make several calls (Multicall3 makes them, not your account)'],
      ['Call data › Call data', 'Approve: allow spending of your tokens'],
    ]);
    expect(call.review?.dangers.map((d) => d.kind)).toEqual(['unlimited', 'spenderNotContract']);
  });

  it("a nested execute to the account in its own executeBatch is the account's; Multicall3 calling the account's execute is not (only the account runs its own calls)", async () => {
    const approve = abi.encodeFunctionData('approve', [EOA, MaxUint256]);
    const execute = abi.encodeFunctionData('execute', [USDC, 0n, approve]);
    const own = await review(SIGNER, abi.encodeFunctionData('executeBatch', [[[SIGNER, 0n, execute]]]));
    expect(own.review?.inner?.map((i) => i.clear.intent)).toEqual(['Your account makes a call', 'Approve: allow spending of your tokens']);
    expect(own.review?.dangers.map((d) => d.kind)).toEqual(['unlimited', 'spenderNotContract']);
    const stranger = await review(MULTICALL3, aggregate3([SIGNER, execute]));
    expect(stranger.review?.inner).toBeUndefined();
    expect(stranger.review?.dangers).toEqual([]);
  });

  it('calls are read three levels below the call; one wrapping more below that is named, and asks for the second yes', async () => {
    const approve = abi.encodeFunctionData('approve', [EOA, MaxUint256]);
    const wrapped = (levels: number): string => (levels === 0 ? approve : aggregate3([levels === 1 ? USDC : MULTICALL3, wrapped(levels - 1)]));
    const three = await review(MULTICALL3, wrapped(3));
    expect(three.review?.inner?.at(-1)).toMatchObject({ label: 'Call data › Call data › Call data', clear: { intent: 'Approve: allow spending of your tokens' } });
    expect(three.review?.dangers.map((d) => d.kind)).toEqual(['unlimited', 'spenderNotContract']);
    const four = await review(MULTICALL3, wrapped(4));
    expect(four.review?.inner?.map((i) => i.clear.intent)).toEqual(Array(3).fill('Multicall3: make several calls (Multicall3 makes them, not your account)'));
    expect(four.review?.dangers.map((d) => [d.kind, d.confirm])).toEqual([['callsTooDeep', true]]);
  });

  it('a call read opens at most 64 calls inside it, in all levels: the rest are named, and ask for the second yes', async () => {
    const small = abi.encodeFunctionData('approve', [UNIVERSAL_ROUTER, 1n]);
    const many = await review(MULTICALL3, aggregate3(...Array.from({ length: 70 }, (): [string, string] => [USDC, small])));
    expect(many.review?.inner).toHaveLength(MAX_INNER_CALLS);
    expect(many.review?.dangers.map((d) => [d.kind, d.confirm])).toEqual([['callsTooMany', true]]);
    // Spread over levels, the same budget: 8 aggregates of 8 approves open 8 + 56 calls.
    const nested = await review(MULTICALL3, aggregate3(...Array.from({ length: 8 }, (): [string, string] => [MULTICALL3, aggregate3(...Array.from({ length: 8 }, (): [string, string] => [USDC, small]))])));
    expect(nested.review?.inner).toHaveLength(MAX_INNER_CALLS);
    expect(nested.review?.dangers.map((d) => d.kind)).toContain('callsTooMany');
    const exactly = await review(MULTICALL3, aggregate3(...Array.from({ length: MAX_INNER_CALLS }, (): [string, string] => [USDC, small])));
    expect(exactly.review?.dangers).toEqual([]);
  });

  it('the 64 calls read inside calls are for the whole batch: a batch of many multicalls does not read 64 inside each', async () => {
    const small = abi.encodeFunctionData('approve', [UNIVERSAL_ROUTER, 1n]);
    const full: CallInput = { to: MULTICALL3, value: '0x0', data: aggregate3(...Array.from({ length: MAX_INNER_CALLS }, (): [string, string] => [USDC, small])) as Hex };
    const calls = await reviewCalls(deps, [full, full], SIGNER as Hex, MAINNET);
    expect(calls.flatMap((c) => c.review?.inner ?? [])).toHaveLength(MAX_INNER_CALLS);
    expect(calls.flatMap((c) => c.review?.dangers ?? []).map((d) => [d.kind, d.confirm])).toEqual([['callsTooMany', true]]);
  });

  it('Multicall3 at a look-alike address, or on a chain it is not listed for, is not bound', async () => {
    const data = aggregate3([USDC, abi.encodeFunctionData('approve', [EOA, MaxUint256])]);
    expect((await review('0xcA11bde05977b3631167028862bE2a173976CA12', data)).review).toBeUndefined();
    const [elsewhere] = await reviewCalls(deps, [{ to: MULTICALL3, value: '0x0', data: data as Hex }], SIGNER as Hex, { ...MAINNET, chainId: '0x2a' });
    expect(elsewhere.review).toBeUndefined();
  });
});

describe("a descriptor file the user added (its author's words) next to the wallet's own", () => {
  // Bound to USDC itself, so more specific than the wallet's descriptor for every ERC-20 token.
  const airdrop = userDescriptors([{ name: 'airdrop.json', json: {
    context: { contract: { deployments: [{ chainId: 1, address: USDC }] } },
    metadata: { owner: 'USDC airdrop' },
    display: { formats: { 'approve(address from,uint256 gift)': { intent: 'Claim your USDC airdrop', fields: [{ path: 'from', label: 'Airdrop from', format: 'raw' }] } } },
  } }]);

  it('does not replace the wallet\'s words and dangers for a call the wallet describes: an unlimited approve still says so', async () => {
    const data = abi.encodeFunctionData('approve', [EOA, MaxUint256]);
    const wallets = await review(USDC, data);
    const [call] = await reviewCalls({ ...deps, descriptors: async () => [...descriptors, ...airdrop] }, [{ to: USDC as Hex, value: '0x0', data: data as Hex }], SIGNER as Hex, MAINNET);
    expect(airdrop).toHaveLength(1);
    expect(call.review?.clear.intent).toBe(wallets.review?.clear.intent);
    expect(call.review?.dangers.map((d) => d.kind)).toContain('unlimited');
  });
});
