/** The registry as the worker reads it: the index, then only the entity files a review's contract is in. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Interface } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import { SIGNER, USDC, descriptors } from '../../shared/erc7730/samples.fixture';
import { parseDescriptor } from '../../shared/erc7730/parse';
import { REGISTRY_INDEX_FILE, deploymentKey, shardFile, type RegistryIndex, type RegistryShard } from '../../shared/erc7730/registry';
import type { Hex } from '../../shared/params';
import { CODE, MAINNET, NOW, fakeNode } from './chain.fixture';
import { reviewCalls } from './calls';
import { reviewTypedData } from './review';
import { lazyDescriptors } from './lazyDescriptors';
import { registryDescriptors } from './registry';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('../../shared/erc7730/render', async (original) => (await import('../../shared/erc7730/valueWords.fixture')).checkingRender(await original()));

const VENDORED = resolve(import.meta.dirname, '../../../vendor/erc7730-registry');
const AAVE_FILE = 'registry/aave/calldata-lpv3.json';
const TETHER_FILE = 'registry/tether/calldata-usdt.json';
const UNI_FILE = 'registry/tally/eip712-tally-ethereum-uni-token.json';
const UNI = '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984';
const POOL = '0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2';
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const vendored = (file: string): unknown => JSON.parse(readFileSync(resolve(VENDORED, file), 'utf8'));

/** An extension with two entities' files, as the build writes them (the descriptors here need no includes). */
const files: Record<string, unknown> = {
  [REGISTRY_INDEX_FILE]: {
    repository: 'https://github.com/ethereum/clear-signing-erc7730-registry', commit: '3b66ba2',
    files: [AAVE_FILE, TETHER_FILE, UNI_FILE],
    deployments: { [deploymentKey(1, POOL)]: [0], [deploymentKey(8453, '0xA238Dd80C259a72e81d7e4664a9801593F98d1c5')]: [0], [deploymentKey(1, USDT)]: [1], [deploymentKey(1, UNI)]: [2] },
  } satisfies RegistryIndex,
  [shardFile('aave')]: { [AAVE_FILE]: { descriptor: vendored(AAVE_FILE) } } satisfies RegistryShard,
  [shardFile('tether')]: { [TETHER_FILE]: { descriptor: vendored(TETHER_FILE) } } satisfies RegistryShard,
  [shardFile('tally')]: { [UNI_FILE]: { descriptor: vendored(UNI_FILE) } } satisfies RegistryShard,
};
const parser = async () => parseDescriptor;

describe('registryDescriptors', () => {
  it('reads the index once, and only the file of the entity a contract is in, each descriptor parsed once', async () => {
    const read = vi.fn(async (path: string) => files[path]);
    const registry = registryDescriptors(read, parser);
    const [first, again] = await Promise.all([registry({ chainId: 1n, address: POOL.toLowerCase() }), registry({ chainId: 8453n, address: '0xa238dd80c259a72e81d7e4664a9801593f98d1c5' })]);
    expect(first.map((d) => [d.source, d.registry])).toEqual([[AAVE_FILE, true]]);
    expect(again[0]).toBe(first[0]);
    expect(read.mock.calls.map(([path]) => path).sort()).toEqual([REGISTRY_INDEX_FILE, shardFile('aave')]);
  });

  it('has nothing for an address the index does not name, or the same address on another chain', async () => {
    const read = vi.fn(async (path: string) => files[path]);
    const registry = registryDescriptors(read, parser);
    expect(await registry({ chainId: 1n, address: USDC })).toEqual([]);
    expect(await registry({ chainId: 10n, address: POOL })).toEqual([]);
    expect(await registry({})).toEqual([]);
    expect(read.mock.calls.map(([path]) => path)).toEqual([REGISTRY_INDEX_FILE]);
  });

  it('carries the auditors the build verified for a descriptor; a review written inside the descriptor is not believed', async () => {
    const shards: Record<string, unknown> = {
      ...files,
      [shardFile('aave')]: { [AAVE_FILE]: { descriptor: { ...(vendored(AAVE_FILE) as object), reviewedBy: ['Someone (Self-declared)'] } } },
      [shardFile('tether')]: { [TETHER_FILE]: { descriptor: vendored(TETHER_FILE), reviewedBy: ['Patrick Collins (Cyfrin)'] } },
    };
    const registry = registryDescriptors(async (path) => shards[path], parser);
    expect((await registry({ chainId: 1n, address: USDT }))[0].reviewedBy).toEqual(['Patrick Collins (Cyfrin)']);
    expect((await registry({ chainId: 1n, address: POOL }))[0]).not.toHaveProperty('reviewedBy');
  });

  it('has nothing while its files cannot be read, and reads them again on the next review', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const registry = registryDescriptors(async (path) => {
      if (fail) throw new Error('worker stopping');
      return files[path];
    }, parser);
    expect(await registry({ chainId: 1n, address: POOL })).toEqual([]);
    fail = false;
    expect((await registry({ chainId: 1n, address: POOL })).map((d) => d.source)).toEqual([AAVE_FILE]);
  });
});

describe('lazyDescriptors', () => {
  it('makes the reader once, on the first review, and again after a load that failed', async () => {
    const reader = vi.fn(async () => [] as never[]);
    const load = vi.fn().mockRejectedValueOnce(new Error('worker stopping')).mockResolvedValue(reader);
    const registry = lazyDescriptors(load);
    expect(load).not.toHaveBeenCalled();
    await expect(registry({ chainId: 1n, address: POOL })).rejects.toThrow('worker stopping');
    await Promise.all([registry({ chainId: 1n, address: POOL }), registry({ chainId: 1n, address: USDT })]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(reader).toHaveBeenCalledTimes(2);
  });
});

describe('a call reviewed with the registry', () => {
  const registry = registryDescriptors(async (path) => files[path], parser);
  const deps = {
    node: fakeNode({ code: { [POOL.toLowerCase()]: CODE, [USDC.toLowerCase()]: CODE, [USDT.toLowerCase()]: CODE }, tokens: { [USDC.toLowerCase()]: { symbol: 'USDC', decimals: 6, balance: 10n ** 9n }, [USDT.toLowerCase()]: { symbol: 'USDT', decimals: 6, balance: 10n ** 9n } } }),
    descriptors: async (at: Parameters<typeof registry>[0]) => [...descriptors, ...(await registry(at))],
    now: () => NOW,
    ownAccounts: async () => [],
  };
  const review = async (to: string, data: string) => (await reviewCalls(deps, [{ to: to as Hex, value: '0x0', data: data as Hex }], SIGNER as Hex, MAINNET))[0];

  it('words an Aave supply with the registry\'s descriptor: its intent, the amount in the token\'s units', async () => {
    const pool = new Interface(['function supply(address asset, uint256 amount, address onBehalfOf, uint16 referralCode)']);
    const call = await review(POOL, pool.encodeFunctionData('supply', [USDC, 2_500_000n, SIGNER, 0]));
    expect(call.review?.clear.intent).toBe('Supply');
    expect(call.review?.clear.source).toBe(AAVE_FILE);
    expect(call.review?.clear.fields.find((f) => f.label === 'Amount to supply')?.text).toBe('2.5 USDC');
  });

  it('leaves USDT\'s approve to the wallet\'s own descriptor, which names the allowance\'s dangers, though the registry has one for USDT', async () => {
    const token = new Interface(['function approve(address spender, uint256 amount)']);
    const call = await review(USDT, token.encodeFunctionData('approve', [SIGNER, 2n ** 256n - 1n]));
    expect(call.review?.clear.source).toBe('calldata-erc20.json');
    expect(call.review?.dangers.map((d) => d.kind)).toContain('unlimited');
  });
});

describe('a message reviewed with the registry', () => {
  it('words a UNI delegation by its verifying contract\'s descriptor in the registry', async () => {
    const registry = registryDescriptors(async (path) => files[path], parser);
    const asked: unknown[] = [];
    const deps = { node: fakeNode({ code: { [UNI.toLowerCase()]: CODE } }), descriptors: async (at: Parameters<typeof registry>[0]) => (asked.push(at), [...descriptors, ...(await registry(at))]), now: () => NOW, ownAccounts: async () => [] };
    const typed = {
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }],
        Delegation: [{ name: 'delegatee', type: 'address' }, { name: 'nonce', type: 'uint256' }, { name: 'expiry', type: 'uint256' }],
      },
      primaryType: 'Delegation',
      domain: { name: 'Uniswap', chainId: 1, verifyingContract: UNI },
      message: { delegatee: SIGNER, nonce: '0', expiry: '1735689600' },
    };
    const { clear } = await reviewTypedData(deps, typed, SIGNER as Hex, MAINNET);
    expect(asked).toEqual([{ chainId: 1n, address: UNI }]);
    expect([clear?.intent, clear?.source]).toEqual(['UNI token', UNI_FILE]);
  });
});
