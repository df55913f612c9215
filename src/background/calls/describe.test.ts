import { Interface, MaxUint256, ZeroAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { RAW_DATA_SHOWN, describeCall } from './describe';
import { COMMON_FUNCTIONS, PERMIT2, PERMIT2_FUNCTIONS, TOKEN_FUNCTIONS } from './signatures';

const [tokenFunctions, permit2Functions, commonFunctions] = await Promise.all([TOKEN_FUNCTIONS(), PERMIT2_FUNCTIONS(), COMMON_FUNCTIONS()]);

const TOKEN: Hex = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ALICE: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB: Hex = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const call = (data: string, to: Hex = TOKEN) => describeCall({ to, value: '0x0', data: data as Hex });

describe('describeCall', () => {
  it('words ERC-20 transfer, transferFrom, approve and increaseAllowance', async () => {
    expect((await call(tokenFunctions.encodeFunctionData('transfer', [ALICE, 5n]))).action).toEqual({ kind: 'transfer', standard: 'erc20', token: TOKEN, to: ALICE, amount: '5' });
    expect((await call(tokenFunctions.encodeFunctionData('transferFrom', [BOB, ALICE, 7n]))).action).toEqual({ kind: 'transfer', standard: 'erc20', token: TOKEN, from: BOB, to: ALICE, amount: '7' });
    expect((await call(tokenFunctions.encodeFunctionData('approve', [ALICE, MaxUint256]))).action).toMatchObject({ kind: 'approve', spender: ALICE, unlimited: true });
    expect((await call(tokenFunctions.encodeFunctionData('increaseAllowance', [ALICE, 1n]))).action).toMatchObject({ kind: 'approve', amount: '1', unlimited: false });
  });

  // One unit less than the largest, or 2^255, asks as much: the unlimited warning must not be dodged by either.
  it('calls an approve of 2^255 or more unlimited, and one below it a number', async () => {
    for (const amount of [MaxUint256 - 1n, 1n << 255n]) {
      expect((await call(tokenFunctions.encodeFunctionData('approve', [ALICE, amount]))).action, String(amount)).toMatchObject({ unlimited: true });
      expect((await call(tokenFunctions.encodeFunctionData('increaseAllowance', [ALICE, amount]))).action, String(amount)).toMatchObject({ unlimited: true });
    }
    expect((await call(tokenFunctions.encodeFunctionData('approve', [ALICE, (1n << 255n) - 1n]))).action).toMatchObject({ unlimited: false });
    expect((await call(permit2Functions.encodeFunctionData('approve', [TOKEN, ALICE, (1n << 160n) - 2n, 0]), PERMIT2)).action).toMatchObject({ unlimited: true });
  });

  it('words ERC-721 and ERC-1155 transfers and setApprovalForAll', async () => {
    expect((await call(tokenFunctions.encodeFunctionData('safeTransferFrom(address,address,uint256)', [BOB, ALICE, 42n]))).action).toMatchObject({ standard: 'erc721', tokenId: '42', to: ALICE });
    expect((await call(tokenFunctions.encodeFunctionData('safeTransferFrom(address,address,uint256,uint256,bytes)', [BOB, ALICE, 3n, 10n, '0x']))).action).toMatchObject({ standard: 'erc1155', tokenId: '3', amount: '10' });
    expect((await call(tokenFunctions.encodeFunctionData('setApprovalForAll', [ALICE, true]))).action).toEqual({ kind: 'approveAll', token: TOKEN, operator: ALICE, approved: true });
  });

  it('words Permit2 approve only on the Permit2 contract; the maximum uint160 is unlimited', async () => {
    const data = permit2Functions.encodeFunctionData('approve', [TOKEN, ALICE, (1n << 160n) - 1n, 0]);
    expect((await call(data, PERMIT2)).action).toEqual({ kind: 'approve', standard: 'permit2', token: TOKEN, spender: ALICE, amount: String((1n << 160n) - 1n), unlimited: true });
    expect((await call(data, TOKEN)).action).toBeUndefined();
  });

  it('names a known function with its arguments, and shows other data raw', async () => {
    const named = await call(commonFunctions.encodeFunctionData('withdraw', [9n]));
    expect(named.fn).toEqual({ signature: 'withdraw(uint256)', args: [{ name: 'amount', value: '9' }] });
    expect(named.action).toBeUndefined();
    const unknown = await call('0x65436543aabbcc');
    expect(unknown).toEqual({ to: TOKEN, value: '0', dataSize: 7, selector: '0x65436543', data: '0x65436543aabbcc' });
  });

  it('names a function its data starts with the canonical encoding of, bytes after the arguments apart; not dirty padding', async () => {
    const transfer = tokenFunctions.encodeFunctionData('transfer', [ALICE, 5n]);
    const extended = await call(`${transfer}00aa`);
    expect(extended.action).toEqual((await call(transfer)).action);
    expect(extended.afterArguments).toEqual({ size: 2, data: '0x00aa' });
    expect((await call(`${transfer.slice(0, 10)}ff${transfer.slice(12)}`)).fn).toBeUndefined();
  });

  it('carries at most RAW_DATA_SHOWN of the bytes after the arguments, and counts them all', async () => {
    const extended = await call(`${tokenFunctions.encodeFunctionData('transfer', [ALICE, 5n])}${'ab'.repeat(RAW_DATA_SHOWN + 1)}`);
    expect(extended.afterArguments).toEqual({ size: RAW_DATA_SHOWN + 1, data: `0x${'ab'.repeat(RAW_DATA_SHOWN)}` });
  });

  it('shows tuples and arrays in arguments', async () => {
    const data = new Interface(['function executeBatch((address target, uint256 value, bytes data)[] calls)']).encodeFunctionData('executeBatch', [[[ALICE, 1n, '0x']]]);
    expect((await call(data, BOB)).fn?.args[0].value).toBe(`[(${ALICE}, 1, 0x)]`);
  });

  it('carries at most RAW_DATA_SHOWN bytes of data, and a creation has no selector', async () => {
    const big = await describeCall({ value: '0x0', data: `0x${'ab'.repeat(RAW_DATA_SHOWN + 10)}` as Hex });
    expect(big.dataSize).toBe(RAW_DATA_SHOWN + 10);
    expect(big.data).toHaveLength(2 + RAW_DATA_SHOWN * 2);
    expect(big.selector).toBeUndefined();
    expect(await describeCall({ to: ZeroAddress as Hex, value: '0x1', data: '0x' })).toEqual({ to: ZeroAddress, value: '1', dataSize: 0 });
  });
});
