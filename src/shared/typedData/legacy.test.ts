/**
 * The wallet's legacy eth_signTypedData (v1) hash against @metamask/eth-sig-util's typedSignatureHash (the oracle, a
 * devDependency): for every list the wallet's parser lets through, the same digest, or both refuse.
 */
import { typedSignatureHash } from '@metamask/eth-sig-util';
import { describe, expect, it } from 'vitest';
import { JUNK, legacyParity, random } from './parity.fixture';

const CHEQUE = '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826';

const VALUES: Record<string, unknown[]> = {
  address: [CHEQUE, '0x1', `0x${'ab'.repeat(21)}`, 5, 'abc', '0x', '0X', null],
  bool: [true, false, 'false', 0, null, {}],
  bytes: ['0x1234', '0xabc', '0X12', 'hello', '', '0x', 10, -1, null, [1, 2, 300, 'a', -1, 1.5], true, {}],
  bytes1: ['0x12', '0x1234', 5, 300, -1, '0x', 'a'],
  bytes4: ['0xdeadbeef', `0x${'11'.repeat(40)}`, 1.5],
  bytes32: [`0x${'ff'.repeat(32)}`, 0],
  bytes33: ['0x12'],
  bytes0: ['0x12'],
  uint8: [42, -5, 255, 256, '255', '-1', '0x10', '', null, true, 1.5],
  uint32: [42, 2 ** 32],
  uint256: [`${2n ** 256n - 1n}`, -(2 ** 60)],
  uint: [7, '7'],
  uint7: [1],
  int8: [-128, 200, -200, 127, '127', '128', '-128', '-129', 1.5, null],
  int64: [-1, '-9223372036854775808'],
  int256: [`-${2n ** 255n}`],
  int: [-3],
  integer: [1],
  string: ['Hi, Alice!', '', '\ud800', 5, null],
  function: ['0x12'],
  'uint8[]': [[1, 2], [], '123', [256], [-3], 5, null, { length: 1, 0: 4 }],
  'uint8[2]': [[1, 2], [1, 2, 3]],
  'uint8[0]': [[1, 2]],
  'uint8[][]': [[[1]]],
  'address[]': [[CHEQUE, 5, '0x', `0x${'ab'.repeat(40)}`], [CHEQUE], ['abc'], CHEQUE],
  'address[2]': [[CHEQUE, '0x1'], [5, CHEQUE]],
  'int8[]': [[-1, '5', 200], [null], [true], 'x'],
  'int8[2]': [[-1, 1], [-1]],
  'int8[0]': [[]],
  'int8[2][]': [[], [[1, 2]]],
  'integer[]': [[], [1]],
  'string[]': [['a', 'b'], 'ab', [1], []],
  'string[2]': [['a', 'b', 'c']],
  'bytes[]': [['0x12', '0x'], ['hi']],
  'bytes4[]': [['0x12345678', '0x12']],
  'bytes4[1]': [['0x12345678']],
  'bool[]': [[true, 'false', 'true'], [0]],
  '[]': [[1]],
};

function* vectors(): Generator<[string, unknown]> {
  yield ['eth-sig-util’s message and value', [{ type: 'string', name: 'message', value: 'Hi, Alice!' }, { type: 'uint32', name: 'value', value: 42 }]];
  yield ['an empty name', [{ type: 'string', name: '', value: 'x' }]];
  for (const [type, values] of Object.entries(VALUES)) {
    yield [`${type} missing`, [{ type, name: 'v' }]];
    for (const value of values) yield [`${type} ${JSON.stringify(value)}`, [{ type, name: 'v', value }, { type: 'bool', name: 'b', value: true }]];
  }
}

describe('legacy eth_signTypedData (v1), differential against eth-sig-util', () => {
  it('the same digest or the same refusal for every vector the parser lets through', () => {
    let compared = 0;
    for (const [name, fields] of vectors()) {
      const parity = legacyParity(fields);
      if (!parity.parsed) continue;
      compared++;
      expect(parity.ours, name).toBe(parity.sigUtil);
    }
    expect(compared).toBeGreaterThan(150);
  });

  it.each([
    ['a tuple type', [{ type: '(uint8)', name: 'v', value: [1] }]],
    ['a function[] type', [{ type: 'function[]', name: 'f', value: [`0x${'11'.repeat(24)}`] }]],
  ])('refuses what eth-sig-util would pack but no dapp sends: %s', (_name, fields) => {
    expect(legacyParity(fields)).toMatchObject({ parsed: true, ours: 'refused' });
    expect(typedSignatureHash(fields as never)).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('500 seeded lists hash alike or are refused alike', () => {
    const types = Object.keys(VALUES);
    let hashed = 0;
    let refused = 0;
    for (let seed = 1; seed <= 500; seed++) {
      const rng = random(seed);
      const fields = Array.from({ length: 1 + rng.int(4) }, (_, i) => {
        const type = rng.pick(types);
        return { type, name: `f${i}`, value: rng.chance(0.75) ? rng.pick(VALUES[type]) : rng.pick(JUNK) };
      });
      const parity = legacyParity(fields);
      if (!parity.parsed) continue;
      if (parity.ours === 'refused') refused++;
      else hashed++;
      expect(parity.ours, `seed ${seed}: ${JSON.stringify(fields)}`).toBe(parity.sigUtil);
    }
    expect(hashed).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(50);
  });
});
