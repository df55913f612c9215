import { describe, expect, it } from 'vitest';
import type { SentTransaction } from './replacements';
import { assertReplacementBump, findSameNonce, MAX_REMEMBERED, remember } from './replacements';

const tx = (fees: [number, number], hash = '0x01', nonce = 3): SentTransaction => ({
  from: '0x00000000000000000000000000000000000000aa',
  nonce,
  hash: hash as `0x${string}`,
  maxFeePerGas: String(fees[0]),
  maxPriorityFeePerGas: String(fees[1]),
});

describe('the 10% replacement rule', () => {
  it('accepts a bump of at least 10% on both fee caps', () => {
    expect(() => assertReplacementBump(tx([100, 10]), tx([110, 11], '0x02'))).not.toThrow();
  });

  it('refuses a smaller bump with the spec error', () => {
    expect(() => assertReplacementBump(tx([100, 10]), tx([109, 20], '0x02'))).toThrow('replacement transaction underpriced');
    expect(() => assertReplacementBump(tx([100, 10]), tx([200, 10], '0x02'))).toThrow('replacement transaction underpriced');
  });

  it('finds a different transaction with the same sender and nonce, not the same one', () => {
    const sent = [tx([1, 1], '0x01')];
    expect(findSameNonce(sent, tx([1, 1], '0x01'))).toBeUndefined();
    expect(findSameNonce(sent, tx([2, 2], '0x02'))?.hash).toBe('0x01');
    expect(findSameNonce(sent, tx([2, 2], '0x02', 4))).toBeUndefined();
  });

  it('remembers the latest per nonce, bounded', () => {
    let sent: SentTransaction[] = [];
    for (let nonce = 0; nonce < MAX_REMEMBERED + 10; nonce++) sent = remember(sent, tx([1, 1], `0x${nonce}`, nonce));
    sent = remember(sent, tx([5, 5], '0xff', MAX_REMEMBERED + 9));
    expect(sent).toHaveLength(MAX_REMEMBERED);
    expect(sent.at(-1)?.hash).toBe('0xff');
  });
});
