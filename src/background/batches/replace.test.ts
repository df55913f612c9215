import { describe, expect, it } from 'vitest';
import type { ChainNode } from '../networks/rpcClient';
import { bumped, cancelGas, replacementFees } from './replace';

describe('replacement fees', () => {
  it('raise both caps by at least 10%, rounding up', () => {
    expect(bumped(100n)).toBe(110n);
    expect(bumped(101n)).toBe(112n);
    expect(bumped(1n)).toBe(2n);
    expect(replacementFees({ maxFeePerGas: 1000n, maxPriorityFeePerGas: 100n }, { maxFeePerGas: 500n, maxPriorityFeePerGas: 50n })).toEqual({
      maxFeePerGas: 1100n,
      maxPriorityFeePerGas: 110n,
    });
  });

  it('pay at least today’s market fees when they rose more than 10%', () => {
    expect(replacementFees({ maxFeePerGas: 1000n, maxPriorityFeePerGas: 100n }, { maxFeePerGas: 3000n, maxPriorityFeePerGas: 300n })).toEqual({
      maxFeePerGas: 3000n,
      maxPriorityFeePerGas: 300n,
    });
  });

  it('keep the tip within the fee cap', () => {
    const fees = replacementFees({ maxFeePerGas: 100n, maxPriorityFeePerGas: 100n }, { maxFeePerGas: 100n, maxPriorityFeePerGas: 150n });
    expect(fees.maxPriorityFeePerGas <= fees.maxFeePerGas).toBe(true);
    expect(fees.maxFeePerGas * 10n >= 100n * 11n).toBe(true);
  });
});

describe('cancel gas', () => {
  const from = '0x00000000000000000000000000000000000a11ce';
  /** A node whose eth_estimateGas of the cancel (0 to the account itself) answers `gas`, or fails. */
  const node = (gas: string | Error): ChainNode => (async (method: string, params?: unknown[]) => {
    expect(method).toBe('eth_estimateGas');
    expect(params?.[0]).toEqual({ from, to: from, value: '0x0', data: '0x' });
    if (gas instanceof Error) throw gas;
    return gas;
  }) as ChainNode;

  it('is 21,000 for a plain account, whose transfer to itself runs no code', async () => {
    expect(await cancelGas(node('0x5208'), from)).toBe(21_000n);
  });

  it('covers the receive of a delegated account\'s delegate, with headroom: 21,000 would leave it no gas and the cancel would revert', async () => {
    expect(await cancelGas(node(`0x${(23_150).toString(16)}`), from)).toBe(27_780n);
  });

  it('is 21,000 when the node cannot estimate it: the cancel still takes the nonce', async () => {
    expect(await cancelGas(node(new Error('execution reverted')), from)).toBe(21_000n);
  });
});
