/**
 * Calls in a descriptor's words: a permit call, an approval, a Permit2 approve, a Seaport fulfilment read as the signature granting (or the order selling) the same
 * does, with the same danger rows; a call at a look-alike address is not bound and keeps describeCall's words.
 */
import { AbiCoder, Interface, MaxUint256, ZeroHash, solidityPacked, toQuantity } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import { BAYC, PERMIT2, SEAPORT_16, SIGNER, UNIVERSAL_ROUTER, USDC, descriptors, permitSingle, seaportListing, usdcPermit } from '../../shared/erc7730/samples.fixture';
import { parseDescriptor } from '../../shared/erc7730/parse';
import type { Hex } from '../../shared/params';
import { MAINNET } from './chain.fixture';
import { reviewCalls } from './calls';
import { ACCOUNT, EOA, abi, deps, permit2, review, rows, seaport, signature } from './calls.fixture';
import { userDescriptors } from './descriptors';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('../../shared/erc7730/render', async (original) => (await import('../../shared/erc7730/valueWords.fixture')).checkingRender(await original()));

const erc7821 = new Interface(['function execute(bytes32 mode, bytes executionCalldata)']);
const BATCH_MODE = `0x01${'00'.repeat(31)}`;

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
    // The wallet's own file named the field: the warning says its label in the screen's language too.
    expect(call.review?.dangers.map((d) => d.words?.values?.label)).toEqual([{ key: 'descriptors_amount' }, { key: 'descriptors_spender' }]);
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
    expect(call.review?.clear.fields.find((f) => f.label === 'Access')).toMatchObject({ text: 'Allowed to move ALL your tokens of this collection', textWords: { key: 'descriptors_isAllowedAllOfCollection' } });
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

  it("the account's own DeleGator execute (ERC-7821, batch or single mode) reads as its own executeBatch of the same calls; a stranger's, another mode or a non-canonical encoding is not bound", async () => {
    const approve = abi.encodeFunctionData('approve', [EOA, MaxUint256]);
    const calls = [[USDC, 0n, approve], [EOA, 10n ** 17n, '0x']];
    const executions = AbiCoder.defaultAbiCoder().encode(['(address,uint256,bytes)[]'], [calls]);
    const asBatch = await review(SIGNER, abi.encodeFunctionData('executeBatch', [calls]));
    const deleGator = await review(SIGNER, erc7821.encodeFunctionData('execute', [BATCH_MODE, executions]));
    expect(deleGator.review?.clear.intent).toBe('Your account makes several calls');
    expect(deleGator.review).toEqual(asBatch.review);
    const single = await review(SIGNER, erc7821.encodeFunctionData('execute', [ZeroHash, solidityPacked(['address', 'uint256', 'bytes'], [USDC, 0n, approve])]));
    expect(single.review).toEqual((await review(SIGNER, abi.encodeFunctionData('executeBatch', [[calls[0]]]))).review);
    for (const [to, mode, data] of [[ACCOUNT, BATCH_MODE, executions], [SIGNER, `0x0101${'00'.repeat(30)}`, executions], [SIGNER, BATCH_MODE, `${executions}00`]]) {
      expect((await review(to, erc7821.encodeFunctionData('execute', [mode, data]))).review).toBeUndefined();
    }
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

});

describe("a descriptor file the user added (its author's words) next to the wallet's own", () => {
  // Bound to USDC itself, so more specific than the wallet's descriptor for every ERC-20 token.
  const airdrop = userDescriptors([{ name: 'airdrop.json', json: {
    context: { contract: { deployments: [{ chainId: 1, address: USDC }] } },
    metadata: { owner: 'USDC airdrop' },
    display: { formats: { 'approve(address from,uint256 gift)': { intent: 'Claim your USDC airdrop', fields: [{ path: 'from', label: 'Airdrop from', format: 'raw' }] } } },
  } }], parseDescriptor);

  it('does not replace the wallet\'s words and dangers for a call the wallet describes: an unlimited approve still says so', async () => {
    const data = abi.encodeFunctionData('approve', [EOA, MaxUint256]);
    const wallets = await review(USDC, data);
    const [call] = await reviewCalls({ ...deps, descriptors: async () => [...descriptors, ...airdrop] }, [{ to: USDC as Hex, value: '0x0', data: data as Hex }], SIGNER as Hex, MAINNET);
    expect(airdrop).toHaveLength(1);
    expect(call.review?.clear.intent).toBe(wallets.review?.clear.intent);
    expect(call.review?.dangers.map((d) => d.kind)).toContain('unlimited');
  });
});
