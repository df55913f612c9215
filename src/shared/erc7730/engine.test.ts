/** The engine on its own: paths, nested and referenced fields, each format, and what is left raw. */
import { Interface } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../params';
import { bindCall, bindMessage } from './bind';
import { durationText } from './formatNumbers';
import { parseDescriptor } from './parse';
import { reach } from './paths';
import { render } from './render';
import { DAI, USDC, mainnet } from './samples.fixture';
import type { Descriptor } from './types';
import type { TypedMessage } from '../typedData/types';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('./render', async (original) => (await import('./valueWords.fixture')).checkingRender(await original()));

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
      ['Size', '2.5MB'],
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
    expect(durationText(3599n).text).toBe('00:59:59');
  });

  it('the auditors the build verified for a descriptor are carried into its words; none, nothing', async () => {
    const reviewed = await render(bindMessage([{ ...descriptor, reviewedBy: ['Patrick Collins (Cyfrin)'] }], note)!, mainnet());
    expect(reviewed.clear.reviewedBy).toEqual(['Patrick Collins (Cyfrin)']);
    expect((await render(bindMessage([descriptor], note)!, mainnet())).clear).not.toHaveProperty('reviewedBy');
  });

  it('a file that says it was reviewed is not believed: the parsed descriptor carries no review', () => {
    const claiming = parseDescriptor({ context: { eip712: {} }, display: { formats: {} }, reviewedBy: ['Patrick Collins (Cyfrin)'] }, 'claims.json');
    expect(claiming).toEqual({ context: { eip712: {} }, display: { formats: {} }, source: 'claims.json' });
  });

  it('a descriptor without a context or formats is refused, naming the file and the part', () => {
    expect(() => parseDescriptor({ display: { formats: {} } }, 'bad.json')).toThrow('bad.json: context must be an object');
    expect(() => parseDescriptor({ context: { eip712: {} } }, 'bad.json')).toThrow('bad.json: display.formats must be an object');
    expect(() => parseDescriptor({ context: { contract: { abi: [], deployments: [{ chainId: 1, address: 'x' }] } }, display: { formats: {} } }, 'bad.json')).toThrow(/deployments/);
  });
});

describe('contract formats keyed by their function (ERC-7730 v2), groups over arrays of structs, maps', () => {
  const POOL = '0x2222222222222222222222222222222222222222';
  const v2 = (formats: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    parseDescriptor({ context: { contract: { deployments: [{ chainId: 1, address: POOL }] } }, ...extra, display: { formats } }, 'v2.json');
  const SWAP = 'swap((address token,uint256 amount)[] legs,uint8 mode)';
  const swap = new Interface([`function ${SWAP}`]);
  const legs = [[USDC, 2_500_000n], [DAI, 10n ** 18n]];
  const bound = (descriptor: Descriptor, data: string) => bindCall([descriptor], { chainId: 1n, to: POOL, data: data as Hex });

  it('binds by the key\'s signature with no ABI, decoding with the names the key gives', async () => {
    const descriptor = v2({ [SWAP]: { intent: 'Swap', fields: [{ path: 'legs.[].amount', label: 'Amount', format: 'tokenAmount', params: { tokenPath: 'legs.[].token' } }] } });
    const shown = await render(bound(descriptor, swap.encodeFunctionData('swap', [legs, 1]))!, mainnet(POOL));
    expect(shown.clear.fields.map((f) => [f.label, f.text])).toEqual([['Amount 1', '2.5 USDC'], ['Amount 2', '1 DAI']]);
    // Bytes after the arguments, which the function ignores, are returned apart; another layout of the same values is not read.
    const canonical = swap.encodeFunctionData('swap', [legs, 1]);
    expect(bound(descriptor, `${canonical}00`)).toMatchObject({ data: bound(descriptor, canonical)!.data, extra: '0x00' });
    const offsetElsewhere = `${canonical.slice(0, 10)}${(0x60).toString(16).padStart(64, '0')}${canonical.slice(74, 138)}${'00'.repeat(32)}${canonical.slice(138)}`;
    expect(swap.decodeFunctionData('swap', offsetElsewhere).toArray().flat(2)).toEqual(swap.decodeFunctionData('swap', canonical).toArray().flat(2));
    expect(bound(descriptor, offsetElsewhere)).toBeUndefined();
  });

  it('a path param inside a group is relative to the group\'s element, as the spec\'s PermitBatch example writes it', async () => {
    const descriptor = v2({ [SWAP]: { intent: 'Swap', fields: [{ path: 'legs.[]', fields: [{ path: 'amount', label: 'Amount', format: 'tokenAmount', params: { tokenPath: 'token' } }] }] } });
    const shown = await render(bound(descriptor, swap.encodeFunctionData('swap', [legs, 1]))!, mainnet(POOL));
    expect(shown.clear.fields.map((f) => f.text)).toEqual(['2.5 USDC', '1 DAI']);
  });

  it('a param given as a map reference takes the map\'s value for the key its keyPath reads; no value: the amount is shown raw, saying so', async () => {
    const descriptor = v2(
      { [SWAP]: { intent: 'Swap', fields: [{ path: 'legs.[0].amount', label: 'Amount', format: 'tokenAmount', params: { tokenPath: { map: '$.metadata.maps.paidIn', keyPath: 'mode' } } }] } },
      { metadata: { maps: { paidIn: { $keyType: 'mode', values: { '1': 'legs.[0].token' } } } } },
    );
    expect((await render(bound(descriptor, swap.encodeFunctionData('swap', [legs, 1]))!, mainnet(POOL))).clear.fields[0].text).toBe('2.5 USDC');
    expect((await render(bound(descriptor, swap.encodeFunctionData('swap', [legs, 2]))!, mainnet(POOL))).clear.fields[0]).toMatchObject({ text: '2500000', note: expect.stringMatching(/not named/) });
  });

  it('refuses a contract descriptor with neither an ABI nor function keys, and two keys of one signature', () => {
    expect(() => v2({ '0x12345678': { intent: 'x' } })).toThrow(/v2.json: .*0x12345678/);
    expect(() => v2({ 'f(uint256 a)': {}, 'f(uint256 b)': {} })).toThrow(/v2.json: .*f\(uint256\)/);
  });
});
