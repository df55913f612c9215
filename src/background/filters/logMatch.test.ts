import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { MAX_UNION_ADDRESSES, logMatches, unionOf } from './logMatch';

const TOKEN: Hex = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const OTHER: Hex = '0x00000000000000000000000000000000000000aa';
const topic = (n: number): Hex => `0x${n.toString(16).padStart(64, '0')}`;
const log = (address: Hex, topics: Hex[]) => ({ address, topics });

describe('a log matched in memory, as geth matches it', () => {
  it('by address: any of a list, in any letter case', () => {
    expect(logMatches({ address: TOKEN }, log(TOKEN.toUpperCase().replace('0X', '0x') as Hex, []))).toBe(true);
    expect(logMatches({ address: [OTHER, TOKEN] }, log(TOKEN, []))).toBe(true);
    expect(logMatches({ address: OTHER }, log(TOKEN, []))).toBe(false);
    expect(logMatches({}, log(TOKEN, [topic(1)]))).toBe(true);
    expect(logMatches(undefined, log(TOKEN, []))).toBe(true);
  });

  it('by topics: null or [] is any topic, a list any of it, a hash that one, each in its position', () => {
    const transfer = log(TOKEN, [topic(1), topic(2), topic(3)]);
    expect(logMatches({ topics: [topic(1)] }, transfer)).toBe(true);
    expect(logMatches({ topics: [null, null, topic(3)] }, transfer)).toBe(true);
    expect(logMatches({ topics: [[], [topic(9), topic(2)]] }, transfer)).toBe(true);
    expect(logMatches({ topics: [topic(2)] }, transfer)).toBe(false);
    expect(logMatches({ topics: [null, null, [topic(4), topic(5)]] }, transfer)).toBe(false);
    expect(logMatches({ topics: [topic(1).toUpperCase().replace('0X', '0x') as Hex] }, transfer)).toBe(true);
  });

  it('not when the filter has more topic positions than the log has topics, even null ones', () => {
    expect(logMatches({ topics: [null, null, null, null] }, log(TOKEN, [topic(1), topic(2), topic(3)]))).toBe(false);
    expect(logMatches({ topics: [topic(1), null] }, log(TOKEN, [topic(1)]))).toBe(false);
  });
});

describe('the one read of many filters', () => {
  it('asks for their addresses together, and their first topics when each names one', () => {
    expect(unionOf([{ address: TOKEN, topics: [topic(1)] }, { address: [OTHER, TOKEN], topics: [[topic(2), topic(1)], null, topic(3)] }]))
      .toEqual({ address: [OTHER, TOKEN], topics: [[topic(1), topic(2)]] });
  });

  it('asks for any address when one filter names none or they name too many, and any topic when one names no first topic', () => {
    expect(unionOf([{ address: TOKEN, topics: [topic(1)] }, { topics: [null, topic(2)] }])).toEqual({});
    const many = Array.from({ length: MAX_UNION_ADDRESSES + 1 }, (_, i) => ({ address: `0x${(i + 1).toString(16).padStart(40, '0')}` as Hex }));
    expect(unionOf(many)).toEqual({});
    expect(unionOf(many.slice(0, MAX_UNION_ADDRESSES)).address).toHaveLength(MAX_UNION_ADDRESSES);
  });

  it('holds every log each filter matches', () => {
    const filters = [{ address: TOKEN, topics: [topic(1), null, topic(3)] }, { address: OTHER, topics: [[topic(7), topic(8)]] }];
    const logs = [log(TOKEN, [topic(1), topic(2), topic(3)]), log(OTHER, [topic(8)]), log(OTHER, [topic(9)]), log(TOKEN, [topic(2)])];
    const union = unionOf(filters);
    for (const l of logs.filter((l) => filters.some((f) => logMatches(f, l)))) expect(logMatches(union, l)).toBe(true);
  });
});
