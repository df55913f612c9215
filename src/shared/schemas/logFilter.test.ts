import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors';
import { errorOf } from './errorOf';
import { assertRangeWithin, needsHead, parseLogFilter } from './logFilter';

const ADDRESS = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108';
const TOPIC = `0x${'dd'.repeat(32)}`;
const HASH = `0x${'ab'.repeat(32)}` as `0x${string}`;


describe('eth_getLogs filter', () => {
  it('keeps address, topics with null and OR positions', () => {
    const filter = parseLogFilter([{ address: [ADDRESS], topics: [TOPIC, null, [TOPIC, TOPIC]], fromBlock: '0x1', toBlock: 'pending' }]);
    expect(filter).toEqual({ address: [ADDRESS], topics: [TOPIC, null, [TOPIC, TOPIC]], fromBlock: '0x1', toBlock: 'pending' });
  });

  it('drops fromBlock/toBlock when blockHash is given (spec 2.1 rule 1)', () => {
    expect(parseLogFilter([{ blockHash: HASH, fromBlock: '0x1', toBlock: '0x9999999' }])).toEqual({ blockHash: HASH });
  });

  it('names the bad field', () => {
    expect(errorOf(() => parseLogFilter([{ address: '0x12' }])).message).toMatch(/^filter\.address must be/);
    expect(errorOf(() => parseLogFilter([{ topics: ['0x12'] }])).message).toMatch(/^filter\.topics\[0\] must be/);
    expect(errorOf(() => parseLogFilter([{ topics: [null, [TOPIC, 'x']] }])).message).toMatch(/^filter\.topics\[1\]\[1\]/);
    expect(errorOf(() => parseLogFilter([{ fromBlock: 'yesterday' }])).message).toMatch(/^filter\.fromBlock/);
    expect(errorOf(() => parseLogFilter([{ blockHash: '0x1' }])).message).toMatch(/^filter\.blockHash/);
    expect(errorOf(() => parseLogFilter(['latest'])).code).toBe(ErrorCode.invalidParams);
  });

  it('refuses ranges wider than the limit with a clear message', () => {
    const error = errorOf(() => assertRangeWithin({ fromBlock: '0x0', toBlock: '0x7d1' }, 2000, 0n));
    expect(error.code).toBe(ErrorCode.limitExceeded);
    expect(error.message).toMatch(/block range of 2001 blocks .* exceeds the limit of 2000 blocks/);
    expect(() => assertRangeWithin({ fromBlock: '0x0', toBlock: '0x7d0' }, 2000, 0n)).not.toThrow();
  });

  it('measures tags against the head block, and only asks for the head when it matters', () => {
    expect(needsHead({ fromBlock: '0x0' })).toBe(true);
    expect(needsHead({ fromBlock: 'earliest', toBlock: 'pending' })).toBe(true);
    expect(needsHead({ fromBlock: 'latest', toBlock: 'pending' })).toBe(false);
    expect(needsHead({ fromBlock: '0x1', toBlock: '0x2' })).toBe(false);
    expect(needsHead({ blockHash: HASH })).toBe(false);
    expect(() => assertRangeWithin({ fromBlock: '0x0' }, 2000, 5000n)).toThrow(/5000 blocks/);
    expect(() => assertRangeWithin({ fromBlock: '0x1000' }, 2000, 5000n)).not.toThrow();
  });
});
