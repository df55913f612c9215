/**
 * The wallet's EIP-712 hashing against @metamask/eth-sig-util's (the oracle, a devDependency): for every input the
 * wallet's parser lets through, the same digest, or both refuse.
 */
import { SignTypedDataVersion, TypedDataUtils } from '@metamask/eth-sig-util';
import { describe, expect, it } from 'vitest';
import { corpus } from './corpus.fixture';
import { eip712Parity, JUNK, random, type Random } from './parity.fixture';

const VERSIONS = ['V3', 'V4'] as const;
const CHEQUE = '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826';

const mail = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [{ name: 'name', type: 'string' }, { name: 'wallet', type: 'address' }],
    Mail: [{ name: 'from', type: 'Person' }, { name: 'to', type: 'Person' }, { name: 'contents', type: 'string' }],
  },
  primaryType: 'Mail',
  domain: { name: 'Ether Mail', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  message: { from: { name: 'Cow', wallet: CHEQUE }, to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }, contents: 'Hello, Bob!' },
};

/** One field of type `type` holding `value` (absent when undefined), in a domain-only-named struct. */
const single = (type: string, value: unknown) => ({
  types: { EIP712Domain: [{ name: 'name', type: 'string' }], Box: [{ name: 'v', type }] },
  primaryType: 'Box',
  domain: { name: 'Box' },
  message: value === undefined ? {} : { v: value },
});

const VALUES: Record<string, unknown[]> = {
  address: [CHEQUE, CHEQUE.toLowerCase(), '0x1', '0X00000000000000000000000000000000000000ff', 5, 'hello', '', 'ZZ', ' 1', `0x${'ab'.repeat(21)}`],
  bool: [true, false, 'false', 0, 1, null, 'x'],
  string: ['hi', '', 5, null, true, '\ud800 lone', 'Ünïcode ✓'],
  bytes: ['0x', '0x1234', '0xabc', '0X12', 'hello', '', 10, -1, null, [1, 2]],
  bytes1: ['0x12', '0x1234', 5, -1, 0, '0x', '0X'],
  bytes4: ['0xdeadbeef', '0x12', 'abcd', `0x${'11'.repeat(32)}`, `0x${'11'.repeat(33)}`, 2 ** 40, 1e300],
  bytes32: [`0x${'ff'.repeat(32)}`, '0x01', 0, 1, 1.5, '0x', null],
  bytes33: ['0x12'],
  bytes0: ['0x12'],
  uint8: [0, 255, 256, -1, '0xff', '255', ' 12 ', '', '1e3', 1.5, null, true, '-1'],
  uint16: [65535, 65536, '0x10000'],
  uint256: ['115792089237316195423570985008687907853269984665640564039457584007913129639935', `0x1${'0'.repeat(64)}`, 2 ** 53, 1e21],
  uint: ['1', 1],
  uint7: [1],
  int8: [-128, -129, -255, -256, 127, 200, 255, 256, '-0x5', '0x7f', true, [], [5], null, {}],
  int64: ['-9223372036854775808', '18446744073709551615', '-18446744073709551616'],
  int256: [`-${2n ** 255n}`, `-${2n ** 255n + 1n}`, `${2n ** 256n - 1n}`, `${2n ** 256n}`],
  int: [-1, '1'],
  int0: [1],
  integer: [1],
  strin: ['x'],
  function: ['0x12'],
  'string[]': [['a', 'b'], [], 'ab', [null], [1]],
  'uint8[2]': [[1, 2], [1, 2, 3], [256]],
  'uint256[][]': [[[1, 2], [3]], [[], []], [[1], 'x']],
  'address[]': [[CHEQUE, '0x1', 5], [null]],
  'bytes[]': [['0x12', 'hi']],
  'bool[3]': [[true, false, 'x']],
  'int8[]': [[-1, 255, -255]],
  'uint256]': [[1, 2]],
  'Person[': [[]],
  constructor: [{}, null],
  toString: [null],
};

function* typeVectors(): Generator<[string, unknown]> {
  for (const [type, values] of Object.entries(VALUES)) {
    yield [`${type} missing`, single(type, undefined)];
    for (const value of values) yield [`${type} ${JSON.stringify(value)}`, single(type, value)];
  }
}

const person = mail.message.from;
const structVectors: Record<string, unknown> = {
  'Mail/Person': mail,
  'Mail with arrays of structs': {
    ...mail,
    types: { ...mail.types, Person: [{ name: 'name', type: 'string' }, { name: 'wallets', type: 'address[]' }], Mail: [{ name: 'from', type: 'Person' }, { name: 'to', type: 'Person[]' }, { name: 'contents', type: 'string' }] },
    message: { from: { name: 'Cow', wallets: [CHEQUE] }, to: [{ name: 'Bob', wallets: [] }, { name: 'Dan', wallets: [CHEQUE, CHEQUE] }], contents: 'x' },
  },
  'a missing struct': { ...mail, message: { to: person, contents: 'x' } },
  'a null struct': { ...mail, message: { from: null, to: person, contents: 'x' } },
  'a missing string': { ...mail, message: { from: person, to: person } },
  'a struct given as a string': { ...mail, message: { from: 'Cow', to: person, contents: 'x' } },
  'a struct given as a string with a length field': {
    ...mail, types: { ...mail.types, Person: [{ name: 'length', type: 'uint256' }] }, message: { from: 'Cow', to: { length: 1 }, contents: 'x' },
  },
  'an empty struct given as null': { ...mail, types: { ...mail.types, Person: [] }, message: { from: null, to: {}, contents: 'x' } },
  'an array of null structs': { ...mail, types: { ...mail.types, Mail: [{ name: 'to', type: 'Person[]' }] }, message: { to: [null, person] } },
  'mutually recursive types': {
    types: { EIP712Domain: [], A: [{ name: 'b', type: 'B' }, { name: 'n', type: 'uint8' }], B: [{ name: 'a', type: 'A' }, { name: 's', type: 'string' }] },
    primaryType: 'A', domain: {}, message: { b: { a: { n: 1 }, s: 'x' }, n: 2 },
  },
  'a type name with non-word characters': {
    types: { EIP712Domain: [], 'My-Type': [{ name: 'p', type: 'Person' }], Person: mail.types.Person },
    primaryType: 'My-Type', domain: {}, message: { p: person },
  },
  'unsorted dependencies': {
    types: { EIP712Domain: [], Z: [{ name: 'b', type: 'B' }, { name: 'a', type: 'A' }], B: [{ name: 'x', type: 'uint8' }], A: [{ name: 'y', type: 'a' }], a: [] },
    primaryType: 'Z', domain: {}, message: { b: { x: 1 }, a: { y: {} } },
  },
  'only the domain (primaryType EIP712Domain)': { ...mail, primaryType: 'EIP712Domain' },
  'the derived domain, all five fields': {
    ...mail, types: { Person: mail.types.Person, Mail: mail.types.Mail },
    domain: { ...mail.domain, chainId: '0x1', salt: `0x${'12'.repeat(32)}` },
  },
  'the derived domain, no fields': { ...mail, types: { Person: mail.types.Person, Mail: mail.types.Mail }, domain: {} },
  'a domain declared in another order': { ...mail, types: { ...mail.types, EIP712Domain: [...mail.types.EIP712Domain].reverse() }, domain: { ...mail.domain, chainId: '1' } },
  'a domain with a struct field': { ...mail, types: { ...mail.types, EIP712Domain: [{ name: 'name', type: 'Person' }] }, domain: { name: person } },
  'a domain with an array field': { ...mail, types: { ...mail.types, EIP712Domain: [{ name: 'name', type: 'string[]' }] }, domain: { name: ['a'] } },
  'a domain missing a declared field': { ...mail, domain: { name: 'Ether Mail' } },
  'a domain chainId as a decimal string and a verifyingContract in lowercase': {
    ...mail, domain: { ...mail.domain, chainId: '1', verifyingContract: mail.domain.verifyingContract.toLowerCase() },
  },
  '"__proto__" as a type name': `{"types":{"EIP712Domain":[],"__proto__":[{"name":"x","type":"uint8"}],"Box":[{"name":"v","type":"uint8"}]},"primaryType":"Box","domain":{},"message":{"v":1}}`,
};

describe('EIP-712 hashing, differential against eth-sig-util', () => {
  const cases = [...Object.entries(corpus), ...Object.entries(structVectors), ...typeVectors()];

  it.each(VERSIONS)('%s: the same digest or the same refusal for every vector the parser lets through', (version) => {
    let compared = 0;
    for (const [name, data] of cases) {
      const parity = eip712Parity(version, data);
      if (!parity.parsed) continue;
      compared++;
      expect(parity.ours, `${version} ${name}`).toBe(parity.sigUtil);
    }
    expect(compared).toBeGreaterThan(150);
  });

  it('refuses, as eth-sig-util does, arrays in V3 and bad values in V4', () => {
    expect(eip712Parity('V3', structVectors['Mail with arrays of structs'])).toEqual({ parsed: true, ours: 'refused', sigUtil: 'refused' });
    expect(eip712Parity('V4', single('uint8', 256))).toEqual({ parsed: true, ours: 'refused', sigUtil: 'refused' });
    expect(eip712Parity('V4', single('strin', 'x'))).toEqual({ parsed: true, ours: 'refused', sigUtil: 'refused' });
  });

  it('keeps eth-sig-util’s V3 and V4 difference for missing fields (skipped, or a zero struct)', () => {
    const missing = structVectors['a missing struct'];
    const v3 = eip712Parity('V3', missing);
    const v4 = eip712Parity('V4', missing);
    expect(v3.parsed && v4.parsed && v3.ours !== 'refused' && v4.ours !== 'refused' && v3.ours !== v4.ours).toBe(true);
  });

  it.each([
    ['a tuple type, which eth-sig-util encodes inline, unhashed', single('(uint256,address)', [1, CHEQUE])],
    ['an object posing as a Uint8Array for bytes, which eth-sig-util hashes as empty', single('bytes', { constructor: { name: 'Uint8Array' } })],
  ])('refuses what eth-sig-util would hash but no dapp sends: %s', (_name, data) => {
    expect(eip712Parity('V4', data)).toMatchObject({ parsed: true, ours: 'refused' });
    expect(TypedDataUtils.eip712Hash(data as never, SignTypedDataVersion.V4)).toHaveLength(32);
  });
});

/** A random struct type graph (some of it invalid) and a message for it, mostly well typed. */
function generated(rng: Random): unknown {
  const atoms = ['address', 'bool', 'string', 'bytes', 'bytes1', 'bytes4', 'bytes32', 'uint8', 'uint64', 'uint256', 'int8', 'int128', 'int256', 'uint7', 'bytes33'];
  const names = ['S0', 'S1', 'S2'].slice(0, 1 + rng.int(3));
  const types: Record<string, { name: string; type: string }[]> = {};
  for (const name of names) {
    types[name] = Array.from({ length: rng.int(4) }, (_, i) => {
      const base = rng.chance(0.3) ? rng.pick(names) : rng.pick(atoms);
      const suffix = rng.chance(0.3) ? rng.pick(['[]', '[2]', '[][]']) : '';
      return { name: `f${i}`, type: base + suffix };
    });
  }
  const valueOf = (type: string, depth: number): unknown => {
    if (rng.chance(0.08) || depth > 3) return rng.pick(JUNK);
    const array = /^(.*)\[(\d*)\]$/.exec(type);
    if (array) return Array.from({ length: array[2] ? Number(array[2]) + (rng.chance(0.1) ? 1 : 0) : rng.int(3) }, () => valueOf(array[1], depth + 1));
    if (types[type]) {
      const value: Record<string, unknown> = {};
      for (const field of types[type]) if (!rng.chance(0.1)) value[field.name] = valueOf(field.type, depth + 1);
      return value;
    }
    if (type === 'address') return rng.pick([CHEQUE, '0x1', 7, `0x${'ab'.repeat(20)}`]);
    if (type === 'bool') return rng.chance(0.5);
    if (type === 'string') return rng.pick(['', 'a', 'Ünï', '\udc00']);
    if (type.startsWith('bytes')) return rng.pick(['0x', '0x12', `0x${'aa'.repeat(rng.int(34))}`, 'text', 3]);
    const bits = Number(/\d+/.exec(type)?.[0] ?? 256);
    const magnitude = 2n ** BigInt(rng.int(bits + 2));
    const number = type.startsWith('u') ? magnitude - 1n : (rng.chance(0.5) ? -magnitude : magnitude - 1n);
    return rng.pick([String(number), `0x${number.toString(16)}`.replace('0x-', '-0x'), Number(number)]);
  };
  const domainFields = [
    { name: 'name', type: 'string', value: 'App' }, { name: 'version', type: 'string', value: '2' },
    { name: 'chainId', type: 'uint256', value: rng.pick([1, '1', '0x1']) }, { name: 'verifyingContract', type: 'address', value: CHEQUE },
    { name: 'salt', type: 'bytes32', value: `0x${'01'.repeat(32)}` },
  ].filter(() => rng.chance(0.6));
  const domain = Object.fromEntries(domainFields.map((field) => [field.name, field.value]));
  const declared = rng.chance(0.5) ? { EIP712Domain: domainFields.map(({ name, type }) => ({ name, type })) } : {};
  const primaryType = rng.pick(names);
  return { types: { ...declared, ...types }, primaryType, domain, message: valueOf(primaryType, 0) };
}

describe('EIP-712 hashing on generated structures, differential against eth-sig-util', () => {
  it.each(VERSIONS)('%s: 600 seeded structures hash alike or are refused alike', (version) => {
    let compared = 0;
    let hashed = 0;
    for (let seed = 1; seed <= 600; seed++) {
      const data = generated(random(seed));
      const parity = eip712Parity(version, data);
      if (!parity.parsed) continue;
      compared++;
      if (parity.ours !== 'refused') hashed++;
      expect(parity.ours, `${version} seed ${seed}: ${JSON.stringify(data)}`).toBe(parity.sigUtil);
    }
    // The generator must reach both outcomes often, or the comparison proves little.
    expect(compared).toBeGreaterThan(500);
    expect(hashed).toBeGreaterThan(100);
    expect(compared - hashed).toBeGreaterThan(100);
  });
});
