/**
 * What a page asks is written as JSON.stringify writes plain data, and as it would without the `toJSON`s an old
 * library (Prototype.js) puts on the built-in prototypes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { jsonText } from './jsonText';

const samples: unknown[] = [
  { type: 'rpc-request', id: 'a1', request: { method: 'eth_getBalance', params: ['0x00000000000000000000000000000000000000aa', 'latest'] } },
  [1, 'two', null, true, -0, NaN, Infinity, undefined],
  { nested: { list: [{ a: [] }, {}], quote: 'a "b" \\ \u2028 é' }, skipped: undefined, '__proto__x': 1 },
  { when: new Date(Date.UTC(2026, 10, 27)), never: new Date(NaN) },
  'text',
  42,
  null,
];

describe('jsonText', () => {
  it('writes plain data exactly as JSON.stringify does', () => {
    for (const value of samples) expect(jsonText(value)).toBe(JSON.stringify(value));
  });

  it('throws on a BigInt and on a cycle, as JSON.stringify does', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = [cyclic];
    expect(() => jsonText({ value: 10n })).toThrow(TypeError);
    expect(() => jsonText(cyclic)).toThrow(TypeError);
    // The same object twice, side by side, is no cycle.
    const shared = { a: 1 };
    expect(jsonText([shared, shared])).toBe('[{"a":1},{"a":1}]');
  });

  it('throws on a function and on a symbol, which JSON.stringify would leave out of what the wallet reads', () => {
    expect(() => jsonText([{ to: () => 0 }])).toThrow('a function cannot be written as JSON');
    expect(() => jsonText([1, Symbol('s')])).toThrow('a symbol cannot be written as JSON');
  });

  it('writes boxed primitives as their values, and refuses what only looks like a Date, as JSON.stringify does', () => {
    const boxed = [Object('0x1'), Object(5), Object(false)];
    expect(jsonText(boxed)).toBe(JSON.stringify(boxed));
    expect(() => jsonText([Object(5n)])).toThrow(TypeError);
    const lookalike = Object.create(Date.prototype) as Date;
    expect(() => JSON.stringify([lookalike])).toThrow(TypeError);
    expect(() => jsonText([lookalike])).toThrow(TypeError);
    expect(() => jsonText([new Proxy(new Date(0), {})])).toThrow(TypeError);
  });

  it("reads an array's length once, as JSON.stringify does (a Proxy's may grow as it is read)", () => {
    let reads = 0;
    const growing = new Proxy([1, 2], { get: (target, key) => (key === 'length' ? (reads++, target.length + reads) : Reflect.get(target, key)) });
    expect(jsonText(growing)).toBe('[1,2,null]');
    expect(reads).toBe(1);
  });

  it('writes a proxy as the object it shows (a reactive object of a framework such as Vue)', () => {
    const target = { to: '0x01', data: '0x' };
    const reactive = new Proxy(target, { get: (object, key) => Reflect.get(object, key) });
    expect(() => structuredClone(reactive)).toThrow();
    expect(jsonText([reactive, new Proxy(['latest'], {})])).toBe(JSON.stringify([target, ['latest']]));
  });

  describe('on a page whose library put toJSON on the built-in prototypes', () => {
    const prototypes = [Array.prototype, Object.prototype, Date.prototype] as unknown as Record<string, unknown>[];
    const saved = prototypes.map((p) => Object.getOwnPropertyDescriptor(p, 'toJSON'));
    afterEach(() => prototypes.forEach((p, i) => (saved[i] ? Object.defineProperty(p, 'toJSON', saved[i]) : delete p.toJSON)));

    it('ignores them, where JSON.stringify in that page would send the wallet strings for arrays', () => {
      const params = { type: 'rpc-request', id: 'b2', request: { method: 'eth_call', params: [{ to: '0x01', data: '0x' }, 'latest'] } };
      const expected = JSON.stringify(params);
      // Prototype.js 1.6: Array#toJSON returns the array's inspection, a string.
      Object.defineProperty(Array.prototype, 'toJSON', { value(this: unknown[]) { return `[${this.join(', ')}]`; }, configurable: true, writable: true });
      Object.defineProperty(Object.prototype, 'toJSON', { value: () => 'object', configurable: true, writable: true });
      expect(JSON.stringify(params)).not.toBe(expected);
      expect(jsonText(params)).toBe(expected);
    });
  });
});
