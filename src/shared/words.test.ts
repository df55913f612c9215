import { describe, expect, it } from 'vitest';
import { isWords } from './words';

describe('isWords', () => {
  it('takes every kind of value the worker writes', () => {
    expect(isWords({ key: 'k', values: { a: 'text', b: { key: 'j' }, c: { list: ['x', { key: 'j' }], join: 'or' }, d: { decimal: '-1234.5' }, e: { utc: '4102444800' }, f: { count: '3', one: 'k1', other: 'k2' } } })).toBe(true);
  });

  it('refuses a number or a moment that is no decimal text, and any other shape', () => {
    for (const value of [{ decimal: '1e9' }, { decimal: 'NaN' }, { utc: '-1' }, { utc: 5 }, { list: 'x', join: 'or' }, { list: [], join: 'xor' }, { count: '1.5', one: 'a', other: 'b' }, { count: '2', one: 'a' }, { count: 2, one: 'a', other: 'b' }, 5, null]) {
      expect(isWords({ key: 'k', values: { a: value } }), JSON.stringify(value)).toBe(false);
    }
    expect(isWords({ values: {} })).toBe(false);
  });
});
