/**
 * A descriptor's `decimals` (a `unit` field's param, `metadata.token.decimals`) that is not an integer the wallet
 * reads: the parser refuses the file saying where, and a descriptor that reaches the formats anyway (a map's value,
 * a descriptor not made by the parser) has its value shown raw with a note, never a wrong amount, never a throw.
 */
import { Interface } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../params';
import { bindCall } from './bind';
import { parseDescriptor } from './parse';
import { render } from './render';
import { mainnet } from './samples.fixture';
import type { Descriptor } from './types';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('./render', async (original) => (await import('./valueWords.fixture')).checkingRender(await original()));

const TOKEN = '0x4444444444444444444444444444444444444444';
const KEY = 'set(uint256 a,uint8 kind)';
const BAD = [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '6', 37, 100_000, null, true, [6], { six: 6 }];
const NOT_DECIMALS = "the descriptor's decimals is not a whole number from 0 to 36: shown as it is";

const file = (params: Record<string, unknown>, metadata: Record<string, unknown> = {}) => ({
  context: { contract: { deployments: [{ chainId: 1, address: TOKEN }] } },
  metadata,
  display: { formats: { [KEY]: { intent: 'Set', fields: [{ path: 'a', label: 'A', format: 'unit', params: { base: 'B', ...params } }] } } },
});

async function shown(descriptor: Descriptor, a: bigint, kind = 1) {
  const data = new Interface([`function ${KEY}`]).encodeFunctionData('set', [a, kind]) as Hex;
  return (await render(bindCall([descriptor], { chainId: 1n, to: TOKEN, data })!, mainnet(TOKEN))).clear.fields[0];
}

describe('the parser refuses a bad decimals, saying where', () => {
  it('in a unit field\'s params, for each kind of bad value', () => {
    for (const decimals of BAD) {
      expect(() => parseDescriptor(file({ decimals }), 'bad.json'), String(decimals)).toThrow(
        /^bad\.json: display\.formats\["set\(uint256 a,uint8 kind\)"\] field "a": params\.decimals must be a whole number from 0 to 36 \(ERC-7730 writes an integer\), not .+$/,
      );
    }
    expect(() => parseDescriptor(file({ decimals: -1 }), 'bad.json')).toThrow(/, not -1$/);
    expect(() => parseDescriptor(file({ decimals: 'x'.repeat(1000) }), 'bad.json')).toThrow(/, not "x{20}…"$/);
  });

  it('in a definition, a nested field, fields written as an object, and metadata.token', () => {
    const definitions = { ...file({}), display: { definitions: { pct: { label: 'Pct', format: 'unit', params: { base: '%', decimals: -2 } } }, formats: { [KEY]: { fields: [{ path: 'a', $ref: '$.display.definitions.pct' }] } } } };
    expect(() => parseDescriptor(definitions, 'bad.json')).toThrow('bad.json: display.definitions.pct: params.decimals must be a whole number from 0 to 36 (ERC-7730 writes an integer), not -2');
    const nested = { ...file({}), display: { formats: { [KEY]: { fields: [{ path: 'meta', fields: [{ path: 'size', label: 'Size', format: 'unit', params: { base: 'B', decimals: 0.5 } }] }] } } } };
    expect(() => parseDescriptor(nested, 'bad.json')).toThrow('field "meta.size": params.decimals');
    const record = { ...file({}), display: { formats: { [KEY]: { fields: { a: { label: 'A', format: 'unit', params: { base: 'B', decimals: 1e5 } } } } } } };
    expect(() => parseDescriptor(record, 'bad.json')).toThrow('field "a": params.decimals must be a whole number from 0 to 36 (ERC-7730 writes an integer), not 100000');
    expect(() => parseDescriptor(file({}, { token: { ticker: 'TKN', decimals: '18' } }), 'bad.json')).toThrow('bad.json: metadata.token.decimals must be a whole number from 0 to 36 (ERC-7730 writes an integer), not "18"');
  });

  it('through a constant it names, or a map any of whose values is bad, or a reference that names nothing', () => {
    expect(() => parseDescriptor(file({ decimals: '$.metadata.constants.dec' }, { constants: { dec: -3 } }), 'bad.json')).toThrow('params.decimals ($.metadata.constants.dec) must be a whole number from 0 to 36 (ERC-7730 writes an integer), not -3');
    expect(() => parseDescriptor(file({ decimals: '$.metadata.constants.none' }), 'bad.json')).toThrow('params.decimals ($.metadata.constants.none) must be a whole number from 0 to 36 (ERC-7730 writes an integer), not nothing');
    const mapped = (values: Record<string, unknown>) => file({ decimals: { map: '$.metadata.maps.dec', keyPath: 'kind' } }, { maps: { dec: { values } } });
    expect(() => parseDescriptor(mapped({ 1: 6, 2: 1e5 }), 'bad.json')).toThrow('params.decimals ($.metadata.maps.dec "2") must be a whole number from 0 to 36 (ERC-7730 writes an integer), not 100000');
    expect(() => parseDescriptor(file({ decimals: { map: '$.metadata.maps.none', keyPath: 'kind' } }), 'bad.json')).toThrow('params.decimals ($.metadata.maps.none) must be a whole number from 0 to 36 (ERC-7730 writes an integer), not nothing');
  });

  it('keeps what ERC-7730 writes: 0 to 36, none, a constant or a map of them', () => {
    for (const decimals of [0, 18, 36, undefined]) expect(() => parseDescriptor(file({ decimals }), 'ok.json')).not.toThrow();
    expect(() => parseDescriptor(file({ decimals: '$.metadata.constants.dec' }, { constants: { dec: 6 } }), 'ok.json')).not.toThrow();
    expect(() => parseDescriptor(file({ decimals: { map: '$.metadata.maps.dec', keyPath: 'kind' } }, { maps: { dec: { values: { 1: 2, 2: 4 } } } }), 'ok.json')).not.toThrow();
    expect(() => parseDescriptor(file({}, { token: { ticker: 'TKN', decimals: 6 } }), 'ok.json')).not.toThrow();
  });
});

describe('a bad decimals that reaches the formats is shown raw, with a note', () => {
  const unparsed = (params: Record<string, unknown>, metadata: Record<string, unknown> = {}) => ({ ...file(params, metadata), source: 'unparsed.json' }) as Descriptor;

  it('a unit, with or without SI prefixes: the value as it is, never a throw', async () => {
    for (const decimals of BAD) {
      for (const prefix of [false, true]) {
        expect(await shown(unparsed({ decimals, prefix }), 2_500_000n), `${String(decimals)} ${prefix}`).toMatchObject({ text: '2500000', note: NOT_DECIMALS });
      }
    }
  });

  it('a map\'s value for the key the call holds; a key the map lacks is not read as 0', async () => {
    const mapped = unparsed({ decimals: { map: '$.metadata.maps.dec', keyPath: 'kind' } }, { maps: { dec: { values: { 1: 2, 2: -1 } } } });
    expect((await shown(mapped, 250n, 1)).text).toBe('2.5B');
    expect(await shown(mapped, 250n, 2)).toMatchObject({ text: '250', note: NOT_DECIMALS });
    expect(await shown(mapped, 250n, 3)).toMatchObject({ text: '250', note: NOT_DECIMALS });
  });

  it('a token\'s metadata.token.decimals, read where the chain does not answer: the amount in its smallest unit', async () => {
    for (const decimals of BAD) {
      const descriptor = { ...unparsed({}, { token: { ticker: 'TKN', decimals } }), display: { formats: { [KEY]: { intent: 'Set', fields: [{ path: 'a', label: 'A', format: 'tokenAmount', params: { token: TOKEN } }] } } } } as Descriptor;
      expect(await shown(descriptor, 2_500_000n), String(decimals)).toMatchObject({ text: '2500000 units of', note: 'unknown token: it did not answer symbol() and decimals(), so the amount is in its smallest unit' });
    }
  });
});
