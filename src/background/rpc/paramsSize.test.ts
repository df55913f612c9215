import { describe, expect, it } from 'vitest';
import { exceedsJsonLength } from './paramsSize';

describe('exceedsJsonLength', () => {
  it('never counts more than the JSON takes', () => {
    const samples: unknown[] = [
      undefined, [], {}, ['0x1', 'pending'], [{ to: '0xdead', data: '0x00', value: 1, nested: [true, null, { a: 'ü"\n' }] }],
      { version: '2.0.0', calls: Array.from({ length: 50 }, (_, i) => ({ to: `0x${i}`, value: '0x0' })) },
    ];
    for (const params of samples) {
      const length = (JSON.stringify(params) ?? '').length;
      expect(exceedsJsonLength(params, length)).toBe(false);
    }
  });

  it('refuses what passes the limit, in strings, keys or sheer count', () => {
    expect(exceedsJsonLength([{ data: `0x${'00'.repeat(600_000)}` }], 1_000_000)).toBe(true);
    expect(exceedsJsonLength([{ ['k'.repeat(1_000_001)]: 1 }], 1_000_000)).toBe(true);
    expect(exceedsJsonLength(new Array(1_000_001).fill(0), 1_000_000)).toBe(true);
    expect(exceedsJsonLength(['x'.repeat(999_990)], 1_000_000)).toBe(false);
  });

  it('ends on a cycle', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(exceedsJsonLength([cyclic], 1_000)).toBe(true);
  });
});
