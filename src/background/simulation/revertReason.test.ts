import { AbiCoder, Interface, id } from 'ethers';
import { describe, expect, it } from 'vitest';
import { revertReason } from './revertReason';

const errors = new Interface(['error Error(string)', 'error Panic(uint256)', 'error ERC20InsufficientBalance(address,uint256,uint256)', 'error ExecuteError(uint256,bytes)']);
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('revertReason', () => {
  it('reads Error(string), Panic and known custom errors', async () => {
    expect(await revertReason(errors.encodeErrorResult('Error', ['not enough TST']))).toBe('not enough TST');
    expect(await revertReason(errors.encodeErrorResult('Panic', [0x11]))).toBe('panic: arithmetic overflow or underflow');
    expect(await revertReason(errors.encodeErrorResult('ERC20InsufficientBalance', [ALICE, 1, 2]))).toBe(`ERC20InsufficientBalance(${ALICE}, 1, 2)`);
  });

  it('unwraps the batch account’s ExecuteError to the inner call’s reason', async () => {
    const inner = errors.encodeErrorResult('Error', ['nope']);
    expect(await revertReason(errors.encodeErrorResult('ExecuteError', [1, inner]))).toBe('call 1 failed: nope');
  });

  it('names an unknown custom error by selector, and says when there is no reason', async () => {
    const custom = id('Unknown(uint256)').slice(0, 10) + AbiCoder.defaultAbiCoder().encode(['uint256'], [1]).slice(2);
    expect(await revertReason(custom)).toBe(`custom error ${custom.slice(0, 10)}`);
    expect(await revertReason('0x')).toBe('reverted without a reason');
    expect(await revertReason(undefined)).toBe('reverted without a reason');
  });
});
