/** A mined transaction's record keeps the fee the account paid beside its EIP-5792 receipt, only from a price the node gave. */
import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../../shared/params';
import type { BatchTransaction } from '../types';
import type { NodeReceipt } from './syncSend';
import { withReceipt } from './transactionReceipts';

const HASH = `0x${'11'.repeat(32)}` as const;
const GWEI = 1_000_000_000n;
const signer = new Wallet(`0x${'01'.repeat(32)}`);
/** The wallet's bytes: 21,000 gas at most, 1 gwei per gas at most. */
const signed = async (type: 2 | 4, data = '0x'): Promise<BatchTransaction> => ({
  hash: HASH, nonce: 5, calls: [0], sent: true,
  raw: (await signer.signTransaction({ type, chainId: 1n, nonce: 5, to: signer.address, gasLimit: 21_000n, maxFeePerGas: GWEI, maxPriorityFeePerGas: 1n, data, ...(type === 4 ? { authorizationList: [] } : {}) })) as Hex,
});
const sent = await signed(2);
const mined = (effectiveGasPrice: unknown, gasUsed: unknown = '0x5208'): NodeReceipt => ({
  logs: [], status: '0x1', blockHash: `0x${'ab'.repeat(32)}`, blockNumber: '0x64', gasUsed, transactionHash: HASH, effectiveGasPrice,
} as NodeReceipt);

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

  it('is absent when the receipt claims more gas than the transaction signed, or a higher price per gas: a node\'s lie', async () => {
    // Also past a list length of two bytes (0xf9: a transaction of 256 bytes and more).
    for (const tx of [sent, await signed(4), await signed(2, `0x${'ab'.repeat(300)}`)]) {
      expect(BigInt(withReceipt(tx, mined('0x3b9aca00', '0x5208'), 100).feePaid!)).toBe(21_000n * GWEI);
      expect(withReceipt(tx, mined('0x3b9aca00', '0x5209'), 100).feePaid).toBeUndefined();
      expect(withReceipt(tx, mined('0x3b9aca01', '0x5208'), 100).feePaid).toBeUndefined();
      expect(withReceipt(tx, mined(`0x${'f'.repeat(64)}`, `0x${'f'.repeat(64)}`), 100).feePaid).toBeUndefined();
    }
  });

  it('is absent when the stored bytes are not a transaction the wallet signs: nothing bounds what the node claims', () => {
    for (const raw of ['0x', '0x02', '0x02zz', `0x00${'f8'.repeat(40)}`, '0xf86c'] as Hex[]) {
      expect(withReceipt({ ...sent, raw }, mined('0x1', '0x1'), 100).feePaid).toBeUndefined();
    }
  });
});
