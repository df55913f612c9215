import { describe, expect, it } from 'vitest';
import { MAX_DATA_SUFFIX_BYTES, parseDataSuffix, withSuffix } from './dataSuffix';

describe('parseDataSuffix', () => {
  it('takes the value (optional or not) and appends it to calldata', () => {
    expect(parseDataSuffix(undefined)).toBeUndefined();
    expect(parseDataSuffix({ value: '0xDD8021' })).toBe('0xdd8021');
    expect(parseDataSuffix({ value: '0xdd8021', optional: true })).toBe('0xdd8021');
    expect(withSuffix('0xa9059cbb', '0xdd8021')).toBe('0xa9059cbbdd8021');
    expect(withSuffix('0x', undefined)).toBe('0x');
  });

  it.each([
    ['not an object', '0x12', 'capabilities.dataSuffix must be an object'],
    ['odd hex', { value: '0x123' }, 'capabilities.dataSuffix.value'],
    ['empty', { value: '0x' }, 'at least one byte'],
    ['too long', { value: `0x${'00'.repeat(MAX_DATA_SUFFIX_BYTES + 1)}` }, `exceeds ${MAX_DATA_SUFFIX_BYTES} bytes`],
    ['optional not a boolean', { value: '0x12', optional: 'yes' }, 'optional must be a boolean'],
  ])('refuses %s with -32602', (_what, capability, message) => {
    expect(() => parseDataSuffix(capability)).toThrow(expect.objectContaining({ code: -32602, message: expect.stringContaining(message) }));
  });
});
