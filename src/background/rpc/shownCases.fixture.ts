/**
 * The calls the user-shown checks run over: seeded random calls of every ERC-7730 descriptor's functions (a case that
 * fails fails again: clearSigning/corpus.fixture.ts), and the clear-signing tests' calls. What is shown of them is
 * shownCalls.fixture.ts's.
 */
import { MaxUint256 } from 'ethers';
import { BAYC, PERMIT2, SEAPORT_16, SIGNER, UNIVERSAL_ROUTER, USDC, seaportListing } from '../../shared/erc7730/samples.fixture';
import type { Hex } from '../../shared/params';
import { ACCOUNT, EOA, MULTICALL3, abi, aggregate3, permit2, seaport } from '../clearSigning/calls.fixture';
import type { Call } from './shownCalls.fixture';

export { corpusCalls, random } from '../clearSigning/corpus.fixture';

/** The calls of the clear-signing tests (calls.fixture.ts), and calls without data, where a sequential batch may put the attribution. */
export function fixtureCalls(): { name: string; call: Call }[] {
  const approve = abi.encodeFunctionData('approve', [EOA, MaxUint256]);
  const listing = seaportListing(10n ** 18n).message as Record<string, unknown> & { consideration: unknown[] };
  const { counter: _counter, ...parameters } = listing;
  const fulfil = seaport.encodeFunctionData('fulfillOrder', [{ parameters: { ...parameters, totalOriginalConsiderationItems: listing.consideration.length }, signature: `0x${'11'.repeat(65)}` }, `0x${'00'.repeat(32)}`]);
  const calls: [string, Hex, string, string?][] = [
    ['unlimited approve to an account without code', USDC, approve],
    ['revoke', USDC, abi.encodeFunctionData('approve', [EOA, 0n])],
    ['permit', USDC, abi.encodeFunctionData('permit', [SIGNER, EOA, MaxUint256, 1735689600, 27, `0x${'11'.repeat(32)}`, `0x${'22'.repeat(32)}`])],
    ['setApprovalForAll', BAYC, abi.encodeFunctionData('setApprovalForAll', [EOA, true])],
    ['Permit2 approve', PERMIT2, permit2.encodeFunctionData('approve', [USDC, UNIVERSAL_ROUTER, (1n << 160n) - 1n, 1737000000n])],
    ['Multicall3 aggregate3 of an approve', MULTICALL3, aggregate3([USDC, approve])],
    ['Seaport fulfillOrder', SEAPORT_16, fulfil, '0xde0b6b3a7640000'],
    ['another account\'s executeBatch', ACCOUNT, abi.encodeFunctionData('executeBatch', [[[USDC, 0n, approve]]])],
    ['ETH to an account without code', EOA as Hex, '0x', '0x5'],
    ['a contract called without data', USDC, '0x'],
  ];
  return calls.map(([name, to, data, value]) => ({ name, call: { to, value: (value ?? '0x0') as Hex, ...(data === '0x' ? {} : { data: data as Hex }) } }));
}

