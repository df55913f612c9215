/** A mined transaction's record keeps the fee the account paid beside its EIP-5792 receipt, only from a price the node gave. */
import { describe, expect, it } from 'vitest';
import type { BatchTransaction } from '../types';
import type { NodeReceipt } from './syncSend';
import { withReceipt } from './transactionReceipts';

const HASH = `0x${'11'.repeat(32)}` as const;
const sent: BatchTransaction = { hash: HASH, raw: '0x02', nonce: 5, calls: [0], sent: true };
const mined = (effectiveGasPrice: unknown): NodeReceipt => ({
  logs: [], status: '0x1', blockHash: `0x${'ab'.repeat(32)}`, blockNumber: '0x64', gasUsed: '0x5208', transactionHash: HASH, effectiveGasPrice,
});

describe('the fee a mined transaction paid', () => {
  it('is gasUsed × effectiveGasPrice from the node\'s receipt, kept beside the receipt, not in it', () => {
    const tx = withReceipt(sent, mined('0x3b9aca00'), 100);
    expect(BigInt(tx.feePaid!)).toBe(21_000n * 1_000_000_000n);
    expect(tx.receipt).not.toHaveProperty('effectiveGasPrice');
    expect(Object.keys(tx.receipt!)).toEqual(['logs', 'status', 'blockHash', 'blockNumber', 'gasUsed', 'transactionHash']);
  });

  it('is absent when the node gave no price, or a garbled one: no fee rather than a wrong one', () => {
    for (const price of [undefined, null, '', '0x', 'abc', '21', 21, '0x1g', { hex: '0x1' }, `0x${'f'.repeat(65)}`]) {
      const tx = withReceipt(sent, mined(price), 100);
      expect(tx.receipt?.transactionHash).toBe(HASH);
      expect(tx.feePaid).toBeUndefined();
    }
  });

  it('follows the receipt last seen: a later one without a price leaves no fee from the earlier one', () => {
    const first = withReceipt(sent, mined('0x1'), 100);
    expect(BigInt(first.feePaid!)).toBe(21_000n);
    expect(withReceipt(first, mined(undefined), 100).feePaid).toBeUndefined();
  });
});
