/**
 * The rule that names a sponsored batch's call letting its paymaster take tokens, on the calls' bytes as signed: a call
 * whose calldata holds the paymaster's 20 bytes anywhere (an ABI word, clean or dirty, or calldata nested in a
 * multicall, an aggregate or an account's execute, which is not word-aligned) is named, unless it is a shape known to
 * grant nothing: a revoke of an ERC-20 the wallet knows on the chain, an approval for all taken back, Permit2's approve
 * of 0, or a transfer to it.
 */
import { Interface, MaxUint256, ZeroAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
import { PERMIT2 } from '../../shared/contracts';
import { callDangers, type DecodedCall } from '../../shared/decodedCall';
import type { Hex } from '../../shared/params';
import { namedPaymasterAllowances } from './sponsorAllowance';

const PAYMASTER: Hex = '0x33edC8964dFf8cb68084759c72e6b2757fE1a762';
const USDC: Hex = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const NFT: Hex = '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D';
const ROUTER: Hex = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD';
const EOA: Hex = '0x2222222222222222222222222222222222222222';
const abi = new Interface([
  'function approve(address spender, uint256 amount)',
  'function increaseAllowance(address spender, uint256 amount)',
  'function setApprovalForAll(address operator, bool approved)',
  'function transfer(address to, uint256 amount)',
  'function multicall(bytes[] data)',
  'function aggregate((address target, bytes callData)[] calls)',
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls)',
  'function execute(bytes data)',
  'function deposit(uint256 amount)',
]);
const permit2 = new Interface(['function approve(address token, address spender, uint160 amount, uint48 expiration)']);
const encode = (fn: string, args: unknown[]) => abi.encodeFunctionData(fn, args) as Hex;

/** A call as the screen carries it: its data cut to 1 KB (calls/describe.ts RAW_DATA_SHOWN), decoded or not. */
const shownCall = (to: Hex, data: Hex): DecodedCall => ({ to, value: '0', dataSize: (data.length - 2) / 2, selector: data.slice(0, 10) as Hex, data: data.slice(0, 2 + 2048) as Hex });
/** Whether each call is named a danger asking the second yes, the chain's USDC known as an ERC-20. */
const named = (...calls: [Hex, Hex][]) =>
  namedPaymasterAllowances(calls.map(([to, data]) => shownCall(to, data)), calls.map(([to, data]) => ({ to, value: '0x0', data })), { paymaster: PAYMASTER, erc20s: [USDC] })
    .map((call) => callDangers(call).some((d) => d.kind === 'paymasterSpends' && d.confirm));
const approve = (spender: Hex, amount: bigint) => encode('approve', [spender, amount]);

describe("a sponsored batch's call naming its paymaster", () => {
  it('names an allowance or approval for all to it, on its own (in any case of the address)', () => {
    expect(named([USDC, approve(PAYMASTER.toLowerCase() as Hex, 5n)], [USDC, encode('increaseAllowance', [PAYMASTER, 1n])], [NFT, encode('setApprovalForAll', [PAYMASTER, true])])).toEqual([true, true, true]);
  });

  it.each([
    ['multicall(bytes[])', () => encode('multicall', [[encode('deposit', [1n]), approve(PAYMASTER, MaxUint256)]])],
    ['aggregate((address,bytes)[])', () => encode('aggregate', [[[USDC, approve(PAYMASTER, 5n)]]])],
    ['aggregate3', () => encode('aggregate3', [[[USDC, true, approve(PAYMASTER, 5n)]]])],
    ["an account's execute(bytes)", () => encode('execute', [approve(PAYMASTER, 5n)])],
    ["Permit2's approve, nested", () => encode('multicall', [[permit2.encodeFunctionData('approve', [USDC, PAYMASTER, 5n, 1n])]])],
    ['execute(bytes) nesting a multicall, the approve past the first kilobyte the screen carries', () => encode('execute', [encode('multicall', [[`0x${'00'.repeat(1100)}`, approve(PAYMASTER, 5n)]])])],
  ])('names one inside %s: the paymaster is in its bytes, at any offset', (_shape, data) => {
    expect(named([ROUTER, data()])).toEqual([true]);
  });

  it('names a packed or unknown-function use of it, and an ERC-721 approve of token #0 to it, which reads as an ERC-20 revoke', () => {
    expect(named([ROUTER, `0x12345678${PAYMASTER.slice(2)}00ff` as Hex], [NFT, approve(PAYMASTER, 0n)])).toEqual([true, true]);
  });

  it("names a revoke whose bytes name it again past the two words the token reads, and Permit2's approve of 0 to another contract than Permit2", () => {
    expect(named(
      [USDC, `${approve(PAYMASTER, 0n)}${PAYMASTER.slice(2)}` as Hex],
      [ROUTER, permit2.encodeFunctionData('approve', [USDC, PAYMASTER, 0n, 1n]) as Hex],
    )).toEqual([true, true]);
  });

  it('does not name what grants it nothing: a revoke of the known USDC, an approval for all taken back, Permit2’s approve of 0, a transfer to it, or a call that does not name it', () => {
    expect(named(
      [USDC, approve(PAYMASTER, 0n)],
      [NFT, encode('setApprovalForAll', [PAYMASTER, false])],
      [PERMIT2, permit2.encodeFunctionData('approve', [USDC, PAYMASTER, 0n, 1n]) as Hex],
      [USDC, encode('transfer', [PAYMASTER, 5n])],
      [USDC, approve(EOA, MaxUint256)],
      [ROUTER, encode('multicall', [[approve(ZeroAddress as Hex, 5n)]])],
      [PAYMASTER, encode('deposit', [5n])],
    )).toEqual([false, false, false, false, false, false, false]);
  });
});
