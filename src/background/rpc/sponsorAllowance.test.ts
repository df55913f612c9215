/**
 * A sponsored batch whose calls let the paymaster paying its fee take the account's tokens: a token paymaster (an
 * ERC-20 paymaster behind the site's paymasterService) charges the fee in them, while the screen says who pays it.
 * The call is named a danger that asks the second yes; an allowance to anyone else, or taken back, is not.
 */
import { MaxUint256 } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import { callDangers } from '../../shared/decodedCall';
import { BAYC, PERMIT2, USDC } from '../../shared/erc7730/samples.fixture';
import type { Hex } from '../../shared/params';
import { EOA, MULTICALL3, abi, aggregate3, permit2 } from '../clearSigning/calls.fixture';
import { inEnglish } from '../../shared/words.fixture';
import { shown } from './shownCalls.fixture';

const PAYMASTER = '0x33edC8964dFf8cb68084759c72e6b2757fE1a762';
// The site's paymaster service: it sponsors whatever it is asked, through PAYMASTER.
vi.mock('../paymaster/client', () => ({
  getPaymasterStubData: async () => ({ paymaster: '0x33edC8964dFf8cb68084759c72e6b2757fE1a762', paymasterData: '0x01', paymasterVerificationGasLimit: '0x1', paymasterPostOpGasLimit: '0x0', sponsor: { name: 'Acme' } }),
  servesBundlerV08: async () => true,
}));

const approveTo = (spender: string, amount: bigint) => ({ to: USDC as Hex, value: '0x0' as Hex, data: abi.encodeFunctionData('approve', [spender, amount]) as Hex });
const setAll = (operator: string, approved: boolean) => ({ to: USDC as Hex, value: '0x0' as Hex, data: abi.encodeFunctionData('setApprovalForAll', [operator, approved]) as Hex });

describe('a sponsored batch letting its own paymaster spend tokens', () => {
  it('names the approve to the paymaster a danger asking the second yes, in words', async () => {
    const { view } = await shown([approveTo(PAYMASTER.toLowerCase(), 5_000_000n)], 'sponsored');
    const danger = view.calls[0].review?.dangers.find((d) => d.kind === 'paymasterSpends');
    expect(danger).toMatchObject({ tone: 'danger', confirm: true, words: { key: 'dangers_paymasterSpends', values: { paymaster: PAYMASTER } } });
    expect(inEnglish(danger!.words!)).toBe(danger!.message);
    expect(danger!.message).toContain(PAYMASTER);
  });

  it('names an approval for all to the paymaster too; not one taken back, one to another spender, or the same approve paid in ETH', async () => {
    const kinds = async (calls: Parameters<typeof shown>[0], executor: Parameters<typeof shown>[1] = 'sponsored') =>
      (await shown(calls, executor)).view.calls.map((c) => c.review?.dangers.some((d) => d.kind === 'paymasterSpends'));
    expect(await kinds([setAll(PAYMASTER, true)])).toEqual([true]);
    expect(await kinds([approveTo(PAYMASTER, 0n), setAll(PAYMASTER, false), approveTo(EOA, MaxUint256)])).toEqual([false, false, false]);
    expect(await kinds([approveTo(PAYMASTER, 5_000_000n)], 'atomic')).toEqual([false]);
  });

  it('names the approve inside a Multicall3 aggregate3, and an approve of 0 on a token not known as an ERC-20 on the chain (an ERC-721 reads it as token #0 approved); not that on USDC', async () => {
    const calls = [
      { to: MULTICALL3 as Hex, value: '0x0' as Hex, data: aggregate3([USDC, approveTo(PAYMASTER, 5_000_000n).data]) as Hex },
      { ...approveTo(PAYMASTER, 0n), to: BAYC as Hex },
      // Ethereum's USDC is a token the wallet knows (shared/knownTokens.ts): there approve(paymaster, 0) revokes.
      approveTo(PAYMASTER, 0n),
    ];
    const { view } = await shown(calls, 'sponsored');
    expect(view.calls.map((c) => callDangers(c).some((d) => d.kind === 'paymasterSpends' && d.confirm))).toEqual([true, true, false]);
  });

  it('names one whose address word has dirty high bytes, which a token built with Solidity’s first ABI decoder (USDT, DAI, WETH) drops: not in canonical form, it is in no words, so it had no danger at all', async () => {
    const dirty = (data: string, word: number) => `${data.slice(0, 10 + word * 64)}${'ff'.repeat(12)}${data.slice(10 + word * 64 + 24)}` as Hex;
    const calls = [
      { ...approveTo(PAYMASTER, 5_000_000n), data: dirty(approveTo(PAYMASTER, 5_000_000n).data, 0) },
      { ...setAll(PAYMASTER, true), data: dirty(setAll(PAYMASTER, true).data, 0) },
      { to: PERMIT2 as Hex, value: '0x0' as Hex, data: dirty(permit2.encodeFunctionData('approve', [USDC, PAYMASTER, 5n, 1n]), 1) },
      // Taken back, or to another spender, it is not.
      { ...approveTo(PAYMASTER, 0n), data: dirty(approveTo(PAYMASTER, 0n).data, 0) },
      { ...approveTo(EOA, 5n), data: dirty(approveTo(EOA, 5n).data, 0) },
    ];
    const { view } = await shown(calls, 'sponsored');
    expect(view.calls.map((c) => c.action)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(view.calls.map((c) => callDangers(c).filter((d) => d.kind === 'paymasterSpends' && d.confirm).length)).toEqual([1, 1, 1, 0, 0]);
  });
});

describe('a sponsored batch whose paymaster the account already let spend tokens', () => {
  it("says each allowance on a token the wallet knows on the chain, and each it could not read (this chain answers USDC's allowance with 1 USDC, the other tokens with nothing)", async () => {
    const { paymasterAllowances } = await shown([setAll(EOA, false)], 'sponsored');
    expect(paymasterAllowances?.find((a) => a.token === USDC)).toEqual({ paymaster: PAYMASTER, token: USDC, symbol: 'USDC', amount: '1000000' });
    expect(paymasterAllowances?.filter((a) => a.amount === null).map((a) => a.symbol)).toEqual(['USDT', 'DAI', 'WETH', 'WBTC', 'cbETH', 'cbBTC', 'stETH', 'LINK', 'UNI']);
  });

  it('reads none for a batch paid in ETH', async () => {
    expect((await shown([setAll(EOA, false)], 'atomic')).paymasterAllowances).toBeUndefined();
  });
});
