/**
 * Calls inside calls: an account's executeBatch, Multicall3's aggregate3, a nested execute, read down to MAX_CALL_DEPTH
 * levels and MAX_INNER_CALLS calls per request, by the same binding rules; their dangers named on the call.
 */
import { Interface, MaxUint256, toQuantity } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import { SEAPORT_16, SIGNER, UNIVERSAL_ROUTER, USDC, seaportListing } from '../../shared/erc7730/samples.fixture';
import type { Hex } from '../../shared/params';
import { MAINNET } from './chain.fixture';
import type { CallInput } from '../calls/describe';
import { checkingWords } from '../../shared/dangers.fixture';
import { inEnglish } from '../../shared/words.fixture';
import { MAX_INNER_CALLS, reviewCalls as reviewCallsOf } from './calls';
import { ACCOUNT, EOA, MULTICALL3, abi, aggregate3, deps, review as reviewOf, seaport } from './calls.fixture';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('../../shared/erc7730/render', async (original) => (await import('../../shared/erc7730/valueWords.fixture')).checkingRender(await original()));

const kept = checkingWords();
const reviewCalls = async (...args: Parameters<typeof reviewCallsOf>) => {
  const calls = await reviewCallsOf(...args);
  kept(calls.flatMap((call) => call.review?.dangers ?? []));
  return calls;
};
const review = async (to: string, data: string) => {
  const call = await reviewOf(to, data);
  kept(call.review?.dangers ?? []);
  return call;
};

describe('calls inside calls', () => {
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
    // Each part of the way down in words where the wallet's own descriptor wrote it, joined as the language joins them.
    expect(call.review?.inner?.map((i) => i.labelWords)).toEqual([{ key: 'descriptors_callData' }, { key: 'dangers_stepWithin', values: { outer: { key: 'descriptors_callData' }, step: { key: 'descriptors_callData' } } }]);
    expect(call.review?.inner?.map((i) => i.labelWords && inEnglish(i.labelWords))).toEqual(call.review?.inner?.map((i) => i.label));
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

  it('ETH sent to Multicall3 and not passed on to its calls stays there, where anyone can take it: named, and asks the second yes', async () => {
    const value3 = new Interface(['function aggregate3Value((address target, bool allowFailure, uint256 value, bytes callData)[] calls)']);
    const withValue = async (data: string, value: bigint) =>
      (await reviewCalls(deps, [{ to: MULTICALL3 as Hex, value: toQuantity(value) as Hex, data: data as Hex }], SIGNER as Hex, MAINNET))[0];
    const small = abi.encodeFunctionData('approve', [UNIVERSAL_ROUTER, 1n]);
    const stranded = await withValue(aggregate3([USDC, small]), 10n ** 18n);
    expect(stranded.review?.dangers.map((d) => [d.kind, d.confirm, d.message])).toEqual([
      ['valueStranded', true, 'This call sends 1.0 ETH to 0xcA11bde05977b3631167028862bE2a173976CA11 and passes on only 0.0 ETH to the calls it makes: the rest stays in that contract, where anyone can take it.'],
    ]);
    const passedOn = await withValue(value3.encodeFunctionData('aggregate3Value', [[[UNIVERSAL_ROUTER, false, 10n ** 18n, '0x']]]), 10n ** 18n);
    expect(passedOn.review?.dangers).toEqual([]);
    const short = await withValue(value3.encodeFunctionData('aggregate3Value', [[[UNIVERSAL_ROUTER, false, 10n ** 17n, '0x']]]), 10n ** 18n);
    expect(short.review?.dangers.map((d) => d.kind)).toEqual(['valueStranded']);
    // Numbers the screen writes as its language does ("0,1"), not English's as written.
    expect(short.review?.dangers[0].words?.values).toMatchObject({ sent: { decimal: '1.0' }, passed: { decimal: '0.1' } });
  });

  it('Multicall3 at a look-alike address, or on a chain it is not listed for, is not bound', async () => {
    const data = aggregate3([USDC, abi.encodeFunctionData('approve', [EOA, MaxUint256])]);
    expect((await review('0xcA11bde05977b3631167028862bE2a173976CA12', data)).review).toBeUndefined();
    const [elsewhere] = await reviewCalls(deps, [{ to: MULTICALL3, value: '0x0', data: data as Hex }], SIGNER as Hex, { ...MAINNET, chainId: '0x2a' });
    expect(elsewhere.review).toBeUndefined();
  });
});
