import { AbiCoder, Interface, ZeroAddress, namehash as ethersNamehash } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { ENS_REGISTRY, namehash } from './ens';
import type { Said } from '../../shared/erc7730/valueWords';
import { inEnglish } from '../../shared/words.fixture';
import { MAX_NAME_READS, addressNames, type OwnAccount } from './names';

/** A name's English, after checking its words say the same in the English catalogue. */
function said(name: Said | undefined): string | undefined {
  if (name) expect(inEnglish(name.textWords)).toBe(name.text);
  return name?.text;
}

const ENS = new Interface(['function resolver(bytes32)', 'function name(bytes32)', 'function addr(bytes32)']);
const NFT = new Interface(['function name()']);
const coder = AbiCoder.defaultAbiCoder();
const RESOLVER = '0x231b0ee14048e9dccd1d247744d114a4eb5e8e63';
const ALICE = '0x1111111111111111111111111111111111111111' as Hex;
const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' as Hex;
const MALLORY = '0x3333333333333333333333333333333333333333' as Hex;
const ETHEREUM = { chainId: '0x1' as Hex };
const SEPOLIA = { chainId: '0xaa36a7' as Hex };
const BASE = { chainId: '0x2105' as Hex };

interface Ens {
  /** Reverse records: the name each address claims. */
  reverse?: Record<string, string>;
  /** Forward records: the address each name resolves to. */
  forward?: Record<string, string>;
  /** Collections' name(), by address. */
  collections?: Record<string, string>;
}

/** A node with ENS's registry and one resolver holding `ens`; `calls` keeps each eth_call as "target.function(name)". */
function ensNode(ens: Ens) {
  const calls: string[] = [];
  const records = new Map<string, { name?: string; addr?: string }>();
  const labels = new Map<string, string>();
  const add = (name: string, record: { name?: string; addr?: string }) => {
    records.set(namehash(name), record);
    labels.set(namehash(name), name);
  };
  for (const [address, name] of Object.entries(ens.reverse ?? {})) add(`${address.slice(2).toLowerCase()}.addr.reverse`, { name });
  for (const [name, addr] of Object.entries(ens.forward ?? {})) add(name, { addr });
  const node = async (method: string, params: unknown[] = []): Promise<unknown> => {
    if (method !== 'eth_call') throw new Error(`unexpected ${method}`);
    const { to, data } = params[0] as { to: string; data: string };
    const collection = ens.collections?.[to.toLowerCase()];
    if (NFT.parseTransaction({ data })) {
      calls.push(`${to.toLowerCase()}.name()`);
      return collection === undefined ? '0x' : coder.encode(['string'], [collection]);
    }
    const call = ENS.parseTransaction({ data })!;
    const hash = call.args[0] as string;
    const registry = to.toLowerCase() === ENS_REGISTRY.toLowerCase();
    calls.push(`${registry ? 'registry' : 'resolver'}.${call.name}(${labels.get(hash) ?? hash})`);
    const record = records.get(hash);
    if (registry) return coder.encode(['address'], [record ? RESOLVER : ZeroAddress]);
    if (to.toLowerCase() !== RESOLVER || !record) return '0x';
    return call.name === 'name' ? coder.encode(['string'], [record.name ?? '']) : coder.encode(['address'], [record.addr ?? ZeroAddress]);
  };
  return { node: node as ChainNode, calls };
}

const named = (ens: Ens, own: OwnAccount[] = [], network = ETHEREUM) => {
  const { node, calls } = ensNode(ens);
  return { names: addressNames({ node, ownAccounts: async () => own }, network), calls };
};

describe('names of addresses in a review', () => {
  it('computes ENS namehashes as ethers does for the names it reads', () => {
    for (const name of ['vitalik.eth', 'a-b.c0.eth', `${VITALIK.slice(2).toLowerCase()}.addr.reverse`]) expect(namehash(name)).toBe(ethersNamehash(name));
  });

  it("names the user's own account first, by the name they gave it, and asks ENS nothing for it", async () => {
    const { names, calls } = named({ reverse: { [VITALIK]: 'vitalik.eth' }, forward: { 'vitalik.eth': VITALIK } }, [{ address: VITALIK, name: 'Savings' }]);
    expect(said(await names.name(VITALIK.toLowerCase() as Hex))).toBe('Savings (your account)');
    expect(calls).toEqual([]);
    expect(said(await named({}, [{ address: VITALIK, name: '' }]).names.name(VITALIK))).toBe('Unnamed (your account)');
  });

  it('names any other address by its ENS name, marked as one, once its name resolves back to it', async () => {
    const { names } = named({ reverse: { [VITALIK]: 'vitalik.eth' }, forward: { 'vitalik.eth': VITALIK } }, [{ address: ALICE, name: 'Savings' }]);
    expect(said(await names.name(VITALIK))).toBe('vitalik.eth (ENS name)');
    const sepolia = named({ reverse: { [VITALIK]: 'vitalik.eth' }, forward: { 'vitalik.eth': VITALIK } }, [], SEPOLIA);
    expect(said(await sepolia.names.name(VITALIK))).toBe('vitalik.eth (ENS name)');
  });

  it('gives no name when the reverse record names a name that resolves to another address, or to none', async () => {
    // Mallory's reverse record claims vitalik.eth: anyone can write that, only the forward record is the name's holder's.
    const { names, calls } = named({ reverse: { [MALLORY]: 'vitalik.eth' }, forward: { 'vitalik.eth': VITALIK } });
    expect(said(await names.name(MALLORY))).toBeUndefined();
    const reverse = `${MALLORY.slice(2)}.addr.reverse`;
    expect(calls).toEqual([`registry.resolver(${reverse})`, `resolver.name(${reverse})`, 'registry.resolver(vitalik.eth)', 'resolver.addr(vitalik.eth)']);
    expect(said(await named({ reverse: { [MALLORY]: 'nobody.eth' } }).names.name(MALLORY))).toBeUndefined();
    expect(said(await named({}).names.name(MALLORY))).toBeUndefined();
  });

  it('gives no name for a name the normaliser would change or that cannot be shown whole (capitals, other scripts, a label extension, over 64 characters)', async () => {
    for (const name of ['Vitalik.eth', 'vіtalik.eth', 'xn--80ak6aa92e.eth', 'vitalik', `${'a'.repeat(61)}.eth`]) {
      expect(said(await named({ reverse: { [MALLORY]: name }, forward: { [name]: MALLORY } }).names.name(MALLORY)), name).toBeUndefined();
    }
  });

  it('reads nothing for a name on a chain without ENS', async () => {
    const { names, calls } = named({ reverse: { [VITALIK]: 'vitalik.eth' }, forward: { 'vitalik.eth': VITALIK } }, [{ address: ALICE, name: 'Savings' }], BASE);
    expect(said(await names.name(VITALIK))).toBeUndefined();
    expect(said(await names.name(ALICE))).toBe('Savings (your account)');
    expect(calls).toEqual([]);
  });

  it(`reads each address once per review, and at most ${MAX_NAME_READS} addresses from the chain; the rest show no name`, async () => {
    const many = Array.from({ length: MAX_NAME_READS + 4 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}` as Hex);
    const ens = { reverse: Object.fromEntries(many.map((a, i) => [a, `n${i}.eth`])), forward: Object.fromEntries(many.map((a, i) => [`n${i}.eth`, a])) };
    const { names, calls } = named(ens, [{ address: ALICE, name: 'Savings' }]);
    const shown = (await Promise.all([...many, ...many, ALICE].map((a) => names.name(a)))).map(said);
    expect(shown.slice(0, many.length)).toEqual([...many.slice(0, MAX_NAME_READS).map((_, i) => `n${i}.eth (ENS name)`), ...many.slice(MAX_NAME_READS).map(() => undefined)]);
    expect(shown.slice(many.length)).toEqual([...shown.slice(0, many.length), 'Savings (your account)']);
    // A collection's name counts to the same bound.
    expect(await names.collectionName(MALLORY)).toBeUndefined();
    expect(calls).toHaveLength(4 * MAX_NAME_READS);
    // A new review reads again.
    const next = addressNames({ node: ensNode(ens).node, ownAccounts: async () => [] }, ETHEREUM);
    expect(said(await next.name(many.at(-1)!))).toBe(`n${many.length - 1}.eth (ENS name)`);
  });

  it('names a collection by its name(), once, cleaned for the screen; a contract without one shows no name', async () => {
    const NFT_ADDRESS = '0x759994c418Df9102e34046E0BA2F3A81E78F367D' as Hex;
    const { names, calls } = named({ collections: { [NFT_ADDRESS.toLowerCase()]: 'Bored\u202e Apes' } });
    expect(await names.collectionName(NFT_ADDRESS)).toBe('Bored Apes');
    expect(await names.collectionName(NFT_ADDRESS)).toBe('Bored Apes');
    expect(calls).toEqual([`${NFT_ADDRESS.toLowerCase()}.name()`]);
    expect(await names.collectionName(MALLORY)).toBeUndefined();
  });

  it("shows no collection name that writes the wallet's own notes: a contract's name() is its own choice", async () => {
    const { names } = named({ collections: { [MALLORY.toLowerCase()]: 'Account 1 (your account)', [ALICE.toLowerCase()]: 'vitalik.eth [ENS name]' } });
    expect(await names.collectionName(MALLORY)).toBeUndefined();
    expect(await names.collectionName(ALICE)).toBeUndefined();
  });
});
