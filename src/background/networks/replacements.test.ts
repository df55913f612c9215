import { describe, expect, it } from 'vitest';
import type { SentTransaction } from './replacements';
import { assertReplacementBump, findSameNonce, MAX_REMEMBERED, remember } from './replacements';

const tx = (fees: [number, number], hash = '0x01', nonce = 3, chainId = '0x7a69'): SentTransaction => ({
  chainId: chainId as `0x${string}`,
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

  it('keys transactions by chain: the same account and nonce on another chain is not a replacement', () => {
    const sent = [tx([1, 1], '0x01', 3, '0x7a69')];
    expect(findSameNonce(sent, tx([1, 1], '0x02', 3, '0x2105'))).toBeUndefined();
    expect(findSameNonce(sent, tx([1, 1], '0x02', 3, '0x7A69'))?.hash).toBe('0x01');
    expect(remember(sent, tx([1, 1], '0x02', 3, '0x2105'))).toHaveLength(2);
    expect(remember(sent, tx([2, 2], '0x03', 3, '0x7a69')).map((t) => t.hash)).toEqual(['0x03']);
  });

  it('remembers the latest per nonce, bounded', () => {
    let sent: SentTransaction[] = [];
    for (let nonce = 0; nonce < MAX_REMEMBERED + 10; nonce++) sent = remember(sent, tx([1, 1], `0x${nonce}`, nonce));
    sent = remember(sent, tx([5, 5], '0xff', MAX_REMEMBERED + 9));
    expect(sent).toHaveLength(MAX_REMEMBERED);
    expect(sent.at(-1)?.hash).toBe('0xff');
  });
});

describe('relayed transactions a content script planted (storage.local, Firefox)', () => {
  const planted = [null, 'x', { ...tx([1, 1]), chainId: 'zz' }, { ...tx([1, 1]), maxFeePerGas: 'lots' }] as unknown as SentTransaction[];

  it('are passed over, so a site\'s signed transaction is still relayed: a null among them made every eth_sendRawTransaction throw until the wallet was reset', () => {
    expect(findSameNonce([...planted, tx([100, 10])], tx([109, 10], '0x02'))?.hash).toBe('0x01');
    expect(findSameNonce(planted, tx([1, 1], '0x02'))).toBeUndefined();
  });

  it('are dropped as a relayed transaction is remembered', () => {
    expect(remember(planted, tx([1, 1]))).toEqual([tx([1, 1])]);
  });
});
