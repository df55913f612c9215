/** The engine on its own: paths, nested and referenced fields, each format, and what is left raw. */
import { describe, expect, it } from 'vitest';
import { bindMessage } from './bind';
import { durationText } from './format';
import { parseDescriptor } from './parse';
import { reach } from './paths';
import { render } from './render';
import { mainnet } from './samples.fixture';
import type { TypedMessage } from '../typedData/types';

describe('paths', () => {
  const data = { a: [{ b: 1 }, { b: 2 }, { b: 3 }], c: { d: 'x' } };
  it('walks [] and [n], negative indices and slices, with concrete paths', () => {
    expect(reach(data, 'a.[].b').map((r) => r.path)).toEqual(['a.0.b', 'a.1.b', 'a.2.b']);
    expect(reach(data, 'a[-1].b')).toEqual([{ path: 'a.2.b', value: 3 }]);
    expect(reach(data, 'a.[0:2].b').map((r) => r.value)).toEqual([1, 2]);
    expect(reach(data, 'c.d')).toEqual([{ path: 'c.d', value: 'x' }]);
    expect(reach(data, 'c.missing')).toEqual([]);
  });
});

const note: TypedMessage = {
  types: {
    EIP712Domain: [{ name: 'chainId', type: 'uint256' }],
    Vest: [{ name: 'who', type: 'address' }, { name: 'period', type: 'uint256' }, { name: 'rate', type: 'uint256' }, { name: 'mode', type: 'uint8' }, { name: 'meta', type: 'Meta' }, { name: 'secret', type: 'string' }],
    Meta: [{ name: 'memo', type: 'string' }, { name: 'size', type: 'uint256' }],
  },
  primaryType: 'Vest',
  domain: { chainId: 1 },
  message: { who: '0x1111111111111111111111111111111111111111', period: 93784, rate: 250, mode: 2, meta: { memo: 'hi\u202eevil', size: 2500000 }, secret: 's' },
};

const descriptor = parseDescriptor(
  {
    context: { eip712: { schemas: [{ primaryType: 'Vest', types: { Vest: note.types.Vest, Meta: note.types.Meta } }] } },
    metadata: { enums: { mode: { '1': 'linear', '2': 'cliff' } } },
    display: {
      definitions: { beneficiary: { label: 'Beneficiary', format: 'addressName' } },
      formats: {
        Vest: {
          intent: { Vesting: 'Start' },
          fields: {
            who: { $ref: '$.display.definitions.beneficiary' },
            period: { label: 'Period', format: 'duration' },
            rate: { label: 'Rate', format: 'unit', params: { base: '%', decimals: 2 } },
            mode: { label: 'Mode', format: 'enum', params: { $ref: '$.metadata.enums.mode' } },
            meta: { fields: { size: { label: 'Size', format: 'unit', params: { base: 'B', prefix: true } }, memo: { label: 'Memo', format: 'weird' } } },
          },
        },
      },
    },
  },
  'test.json',
);

describe('render', () => {
  it('formats each field, resolves $ref and nested fields, lists what is not described', async () => {
    const { clear } = await render(bindMessage([descriptor], note)!, mainnet());
    expect(clear.intent).toBe('Vesting: Start');
    expect(clear.fields.map((f) => [f.label, f.text || f.address])).toEqual([
      ['Beneficiary', '0x1111111111111111111111111111111111111111'],
      ['Period', '1 day 02:03:04'],
      ['Rate', '2.5%'],
      ['Mode', 'cliff'],
      ['Size', '2.5 MB'],
      ['Memo', 'hievil'],
    ]);
    expect(clear.fields[5].note).toMatch(/does not know the "weird" format/);
    expect(clear.uncovered).toEqual([{ path: 'secret', text: 's' }]);
  });

  it('an enum value the descriptor does not list is shown raw, saying so', async () => {
    const { clear } = await render(bindMessage([descriptor], { ...note, message: { ...note.message, mode: 9 } })!, mainnet());
    expect(clear.fields[3]).toMatchObject({ text: '9', note: 'not one of the values the descriptor lists' });
  });

  it('durations under a day are a clock', () => {
    expect(durationText(3599n)).toBe('00:59:59');
  });

  it('a descriptor without a context or formats is refused, naming the file and the part', () => {
    expect(() => parseDescriptor({ display: { formats: {} } }, 'bad.json')).toThrow('bad.json: context must be an object');
    expect(() => parseDescriptor({ context: { eip712: {} } }, 'bad.json')).toThrow('bad.json: display.formats must be an object');
    expect(() => parseDescriptor({ context: { contract: { abi: [], deployments: [{ chainId: 1, address: 'x' }] } }, display: { formats: {} } }, 'bad.json')).toThrow(/deployments/);
  });
});
