/** The review against a node: words from the bundled descriptors, token reads, and each danger a message can carry. */
import { MaxUint256 } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import { DAI, daiPermit, descriptors, MAX_UINT160, permitBatch, permitSingle, seaportListing, SIGNER, UNIVERSAL_ROUTER, USDC, usdcPermit } from '../../shared/erc7730/samples.fixture';
import type { Hex } from '../../shared/params';
import type { TypedMessage } from '../../shared/typedData/types';
import { CODE, MAINNET, NOW, fakeNode, type Chain } from './chain.fixture';
import { checkingWords } from '../../shared/dangers.fixture';
import { MAX_TOKEN_READS } from './chainFacts';
import { reviewTypedData } from './review';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('../../shared/erc7730/render', async (original) => (await import('../../shared/erc7730/valueWords.fixture')).checkingRender(await original()));

const usdc = { [USDC.toLowerCase()]: { symbol: 'USDC', decimals: 6, balance: 1_000_000n } };
const kept = checkingWords();
const review = async (typed: TypedMessage, chain: Chain) => {
  const result = await reviewTypedData({ node: fakeNode(chain), descriptors: async () => descriptors, now: () => NOW, ownAccounts: async () => [] }, typed, SIGNER as Hex, MAINNET);
  kept(result.dangers);
  return result;
};
const kinds = async (typed: TypedMessage, chain: Chain) => (await review(typed, chain)).dangers.map((d) => d.kind);

describe('reviewTypedData', () => {
  it('a Permit to a contract, within the balance and the year: in words, no danger', async () => {
    const result = await review(usdcPermit, { code: { [USDC.toLowerCase()]: CODE, [UNIVERSAL_ROUTER.toLowerCase()]: CODE }, tokens: { [USDC.toLowerCase()]: { ...usdc[USDC.toLowerCase()], balance: 5_000_000n } } });
    expect(result.clear?.fields.find((f) => f.label === 'Amount')?.text).toBe('2.5 USDC');
    expect(result.dangers).toEqual([]);
    expect(result.grants).toEqual([{ kind: 'erc20', token: USDC, spender: UNIVERSAL_ROUTER, amount: '2500000', deadline: '1735689600' }]);
  });

  it('an unlimited Permit to a key-held account, signed for years: each named, the riskiest asking a second yes', async () => {
    const eoa = '0x2222222222222222222222222222222222222222';
    const typed = { ...usdcPermit, message: { ...usdcPermit.message, spender: eoa, value: MaxUint256.toString(), deadline: String(NOW / 1000 + 5 * 365 * 86_400) } };
    const { dangers } = await review(typed, { code: { [USDC.toLowerCase()]: CODE }, tokens: usdc });
    expect(dangers.map((d) => [d.kind, d.confirm ?? false])).toEqual([['unlimited', true], ['spenderNotContract', true], ['farDeadline', false]]);
    expect(dangers[1].message).toContain(eoa);
    expect(dangers[2].message).toBe('Valid until is 5 years away: the signature stays usable that long.');
    expect(dangers[2].words?.values?.years).toEqual({ count: '5', one: 'dangers_years_one', other: 'dangers_years_other' });
  });

  it('more than the balance; a spender deployed this week; a spender delegating by EIP-7702', async () => {
    const typed = { ...usdcPermit, message: { ...usdcPermit.message, value: '2000000' } };
    expect(await kinds(typed, { code: { [USDC.toLowerCase()]: CODE, [UNIVERSAL_ROUTER.toLowerCase()]: CODE }, recent: [UNIVERSAL_ROUTER.toLowerCase()], tokens: usdc })).toEqual(['overBalance', 'spenderNew']);
    expect(await kinds(usdcPermit, { code: { [USDC.toLowerCase()]: CODE, [UNIVERSAL_ROUTER.toLowerCase()]: `0xef0100${'11'.repeat(20)}` }, tokens: { [USDC.toLowerCase()]: { ...usdc[USDC.toLowerCase()], balance: 10n ** 12n } } })).toEqual(['spenderNotContract']);
  });

  it('a Permit whose verifying contract is not a token, or a token imitating USDC', async () => {
    const stranger = '0x3333333333333333333333333333333333333333';
    const typed = { ...usdcPermit, domain: { ...usdcPermit.domain, verifyingContract: stranger } };
    expect(await kinds(typed, { code: { [UNIVERSAL_ROUTER.toLowerCase()]: CODE } })).toEqual(['verifyingNotToken']);
    expect(await kinds(typed, { code: { [stranger]: CODE, [UNIVERSAL_ROUTER.toLowerCase()]: CODE }, tokens: { [stranger]: { symbol: 'USDC', decimals: 6, balance: 10n ** 12n } } })).toEqual(['tokenImitates']);
  });

  it('Permit2 PermitSingle with the uint160 maximum is unlimited; signing it grants a Permit2 allowance', async () => {
    const result = await review(permitSingle, { code: {}, tokens: usdc });
    // Until the later of its two dates (the allowance's expiration, the signature's deadline).
    expect(result.grants).toEqual([{ kind: 'permit2', token: USDC, spender: UNIVERSAL_ROUTER, amount: MAX_UINT160, deadline: '1737000000' }]);
    expect(await kinds(permitSingle, { code: { [UNIVERSAL_ROUTER.toLowerCase()]: CODE, '0x000000000022d473030f116ddee9f6b43ac78ba3': CODE }, tokens: usdc })).toEqual(['unlimited']);
  });

  it("DAI's permit grants every token with no deadline (expiry 0); one that revokes (allowed false) grants nothing", async () => {
    const chain = { code: { [UNIVERSAL_ROUTER.toLowerCase()]: CODE }, tokens: { [DAI.toLowerCase()]: { symbol: 'DAI', decimals: 18, balance: 1n } } };
    expect((await review(daiPermit, chain)).grants).toEqual([{ kind: 'erc20', token: DAI, spender: UNIVERSAL_ROUTER, amount: MaxUint256.toString(), deadline: MaxUint256.toString() }]);
    expect((await review({ ...daiPermit, message: { ...daiPermit.message, allowed: false } }, chain)).grants).toBeUndefined();
  });

  it('a Seaport listing: the price share as information; for almost nothing, or paying someone else, a danger', async () => {
    const seaport = { '0x0000000000000068f116a894984e2db1123eb395': CODE };
    const fair = (await review(seaportListing(10n ** 18n), { code: seaport })).dangers;
    expect(fair).toMatchObject([{ kind: 'orderPrice', tone: 'info', message: 'You receive 0.975 ETH: 97.5% of the 1.0 ETH the buyer pays; the rest goes to fees.' }]);
    // The share and the amounts numbers the screen writes as its language does ("97,5 %", "0,975 ETH"), not English's
    // as written: "0.001 WETH" for almost nothing reads as 1 WETH in Portuguese.
    expect(fair[0].words?.values).toMatchObject({ percent: { decimal: '97.5' }, mine: { key: 'clearValues_amount', values: { amount: { decimal: '0.975' }, symbol: 'ETH' } } });
    expect(await kinds(seaportListing(10n ** 14n), { code: seaport })).toEqual(['orderPrice', 'orderForNothing']);
    expect(await kinds(seaportListing(10n ** 18n, UNIVERSAL_ROUTER), { code: seaport })).toEqual(['orderForNothing']);
    const split = seaportListing(10n ** 18n);
    const consideration = split.message.consideration as Record<string, unknown>[];
    const skimmed = { ...split, message: { ...split.message, consideration: [{ ...consideration[1], recipient: SIGNER }, { ...consideration[0], recipient: UNIVERSAL_ROUTER }] } };
    const [paysOthers] = (await review(skimmed, { code: seaport })).dangers;
    expect(paysOthers).toMatchObject({ kind: 'orderPaysOthers', tone: 'danger', confirm: true, message: 'Most of the price (0.975 ETH of 1.0 ETH) goes to other addresses than yours.' });
  });

  it('a Seaport listing paid in a token that does not answer symbol(): its amounts in units of that token, in words too', async () => {
    const seaport = { '0x0000000000000068f116a894984e2db1123eb395': CODE };
    const listing = seaportListing(10n ** 18n);
    const consideration = (listing.message.consideration as Record<string, unknown>[]).map((item) => ({ ...item, itemType: 1, token: USDC }));
    const { dangers } = await review({ ...listing, message: { ...listing.message, consideration } }, { code: seaport });
    expect(dangers).toMatchObject([{ kind: 'orderPrice', message: `You receive ${975n * 10n ** 15n} units of ${USDC}: 97.5% of the ${10n ** 18n} units of ${USDC} the buyer pays; the rest goes to fees.` }]);
    // Words the screen says in its language, not the worker's English.
    expect(dangers[0].words?.values?.mine).toEqual({ key: 'dangers_units', values: { amount: { decimal: String(975n * 10n ** 15n) }, token: USDC } });
  });

  it('a token whose decimals() is absurd (200) is not read as a token: the amount in its smallest unit, said so', async () => {
    const absurd = { [USDC.toLowerCase()]: { symbol: 'USDC', decimals: 200, balance: 10n ** 12n } };
    const { clear } = await review(usdcPermit, { code: { [USDC.toLowerCase()]: CODE, [UNIVERSAL_ROUTER.toLowerCase()]: CODE }, tokens: absurd });
    expect(clear?.fields.find((f) => f.label === 'Amount')).toMatchObject({ text: '2500000 units of', note: 'unknown token: it did not answer symbol() and decimals(), so the amount is in its smallest unit' });
  });

  it('a message no descriptor describes is said to be shown as it is', async () => {
    const mail = { types: { EIP712Domain: [{ name: 'name', type: 'string' }], Mail: [{ name: 'contents', type: 'string' }] }, primaryType: 'Mail', domain: { name: 'Ether Mail' }, message: { contents: 'hi' } };
    const result = await review(mail, { code: {} });
    expect(result.clear).toBeUndefined();
    expect(result.dangers.map((d) => d.kind)).toEqual(['notDescribed']);
  });

  it(`a message naming a thousand tokens reads at most ${MAX_TOKEN_READS} of them: one request cannot make the wallet hammer the node`, async () => {
    const tokens = Array.from({ length: 1000 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`);
    const chain: Chain = { code: Object.fromEntries([UNIVERSAL_ROUTER.toLowerCase(), ...tokens].map((a) => [a, CODE])), tokens: Object.fromEntries(tokens.map((t) => [t, { symbol: 'TKN', decimals: 18, balance: 0n }])) };
    const node = fakeNode(chain);
    let reads = 0;
    const asked = new Set(tokens);
    const counting = ((method: string, params: unknown[] = []) => {
      const to = method === 'eth_call' ? (params[0] as { to: string }).to : method === 'eth_getCode' ? String(params[0]) : '';
      if (asked.has(to.toLowerCase())) reads++;
      return node(method as never, params as never);
    }) as typeof node;
    const [detail] = permitBatch.message.details as Record<string, unknown>[];
    const typed = { ...permitBatch, message: { ...permitBatch.message, details: tokens.map((token) => ({ ...detail, token })) } };
    const { clear, dangers } = await reviewTypedData({ node: counting, descriptors: async () => descriptors, now: () => NOW, ownAccounts: async () => [] }, typed, SIGNER as Hex, MAINNET);
    // symbol, name, decimals, balanceOf and its code: 5 calls a token.
    expect(reads).toBe(MAX_TOKEN_READS * 5);
    const amounts = clear!.fields.filter((f) => f.label.startsWith('Amount'));
    expect(amounts).toHaveLength(1000);
    expect(amounts.filter((f) => / TKN$/.test(f.text))).toHaveLength(MAX_TOKEN_READS);
    expect(amounts.at(-1)?.note).toMatch(/not read/);
    expect(dangers.map((d) => d.kind)).not.toContain('verifyingNotToken');
  });
});
