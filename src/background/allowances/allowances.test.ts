import { AbiCoder, Interface, MaxUint256 } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import type { BatchRecord } from '../batches/types';
import { PERMIT2 } from '../calls/signatures';
import type { ChainNode } from '../networks/rpcClient';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { grantsOf } from './granted';
import { SIGNED_GRANTS_DEFAULTS, createSignedGrants, signedGrantsOf } from './signedGrants';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { allowanceLeft, revokeCall } from './onChain';

const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x10078beE6813c04572224b652228177C0f7BF2CF';
const SPENDER = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD';
const abi = new Interface([
  'function approve(address spender, uint256 amount)',
  'function setApprovalForAll(address operator, bool approved)',
  'function transfer(address to, uint256 amount)',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
]);
const batch = (calls: { to: Hex; data: string }[], extra: Partial<BatchRecord> = {}) =>
  ({ id: '1', origin: 'https://dapp.example', chainId: '0x7a69', from: OWNER, state: 'confirmed', calls: calls.map((c) => ({ ...c, value: '0x0' })), ...extra }) as unknown as BatchRecord;

describe('grantsOf', () => {
  it('approve, Permit2 approve and setApprovalForAll of approved batches, once each; not transfers, other accounts, chains or waiting batches', async () => {
    const approve = { to: TOKEN as Hex, data: abi.encodeFunctionData('approve(address,uint256)', [SPENDER, 5n]) };
    const batches = [
      batch([approve, { to: TOKEN, data: abi.encodeFunctionData('transfer', [SPENDER, 1n]) }]),
      batch([approve, { to: PERMIT2 as Hex, data: abi.encodeFunctionData('approve(address,address,uint160,uint48)', [TOKEN, SPENDER, 1n, 2n]) }]),
      batch([{ to: SPENDER, data: abi.encodeFunctionData('setApprovalForAll', [OWNER, true]) }]),
      batch([approve], { from: SPENDER }),
      batch([approve], { chainId: '0x1' }),
      batch([{ to: SPENDER, data: abi.encodeFunctionData('approve(address,uint256)', [OWNER, 5n]) }], { state: 'awaiting-approval' }),
    ];
    expect(await grantsOf(batches, OWNER, '0x7A69')).toEqual([
      { kind: 'erc20', token: TOKEN, spender: SPENDER },
      { kind: 'permit2', token: TOKEN, spender: SPENDER },
      { kind: 'operator', token: SPENDER, spender: OWNER },
    ]);
  });
});

describe('allowanceLeft and revokeCall', () => {
  const answering = (types: string[], values: unknown[]): ChainNode => (async () => AbiCoder.defaultAbiCoder().encode(types, values)) as ChainNode;

  it('reads what is left; an expired Permit2 allowance is nothing', async () => {
    expect(await allowanceLeft(answering(['uint256'], [MaxUint256]), OWNER, { kind: 'erc20', token: TOKEN, spender: SPENDER }, 100)).toBe(MaxUint256);
    expect(await allowanceLeft(answering(['bool'], [true]), OWNER, { kind: 'operator', token: TOKEN, spender: SPENDER }, 100)).toBe(1n);
    const permit2 = { kind: 'permit2' as const, token: TOKEN as Hex, spender: SPENDER as Hex };
    expect(await allowanceLeft(answering(['uint160', 'uint48', 'uint48'], [7n, 200n, 0n]), OWNER, permit2, 100)).toBe(7n);
    expect(await allowanceLeft(answering(['uint160', 'uint48', 'uint48'], [7n, 50n, 0n]), OWNER, permit2, 100)).toBe(0n);
  });

  it('says null, not 0, when the node failed or answered no word: unread is not none', async () => {
    const erc20 = { kind: 'erc20' as const, token: TOKEN as Hex, spender: SPENDER as Hex };
    expect(await allowanceLeft((async () => { throw new Error('node down'); }) as ChainNode, OWNER, erc20, 100)).toBeNull();
    expect(await allowanceLeft((async () => '0x') as ChainNode, OWNER, erc20, 100)).toBeNull();
    expect(await allowanceLeft(answering(['uint256'], [0n]), OWNER, erc20, 100)).toBe(0n);
  });

  it('fails, rather than read as nothing left (a grant the screen would hide), when ethers\' ABI code does not load', async () => {
    vi.resetModules();
    vi.doMock('../abi/loadAbi', () => ({ loadAbi: () => Promise.reject(new Error('background-abi.js failed to load')) }));
    const { allowanceLeft: withoutAbi } = await import('./onChain');
    vi.doUnmock('../abi/loadAbi');
    const node = answering(['uint256'], [MaxUint256]);
    for (const grant of [{ kind: 'erc20' as const, token: TOKEN as Hex, spender: SPENDER as Hex }, { kind: 'operator' as const, token: TOKEN as Hex, spender: SPENDER as Hex }, { kind: 'permit2' as const, token: TOKEN as Hex, spender: SPENDER as Hex }]) {
      await expect(withoutAbi(node, OWNER, grant, 100)).rejects.toThrow('background-abi.js failed to load');
    }
  });

  it('revokes with approve(spender, 0), setApprovalForAll(operator, false), or Permit2 lockdown', async () => {
    expect(await revokeCall({ kind: 'erc20', token: TOKEN, spender: SPENDER })).toEqual({ to: TOKEN, data: abi.encodeFunctionData('approve(address,uint256)', [SPENDER, 0n]) });
    expect(await revokeCall({ kind: 'operator', token: TOKEN, spender: SPENDER })).toEqual({ to: TOKEN, data: abi.encodeFunctionData('setApprovalForAll', [SPENDER, false]) });
    const lockdown = new Interface(['function lockdown((address token, address spender)[] approvals)']);
    expect(await revokeCall({ kind: 'permit2', token: TOKEN, spender: SPENDER })).toEqual({ to: PERMIT2, data: lockdown.encodeFunctionData('lockdown', [[[TOKEN, SPENDER]]]) });
  });
});

describe('signed grants', () => {
  it('are remembered once per account, chain, token, spender, amount and deadline, and read back for that account and chain only', async () => {
    const signed = createSignedGrants(typedStorage(memoryBackend(), SIGNED_GRANTS_DEFAULTS), createSealer(memoryKeyStore()));
    const grant = { kind: 'erc20' as const, token: TOKEN as Hex, spender: SPENDER as Hex };
    const terms = { ...grant, amount: '5', deadline: '1700000000' };
    await signed.remember(OWNER, '0x7a69', [terms]);
    await signed.remember(OWNER, '0x7A69', [terms, { ...terms, kind: 'permit2' }]);
    await signed.remember(SPENDER, '0x7a69', [terms]);
    const kept = await signed.all();
    expect(signedGrantsOf(kept, OWNER, '0x7a69')).toEqual([grant, { ...grant, kind: 'permit2' }]);
    expect(signedGrantsOf(kept, OWNER, '0x1')).toEqual([]);
  });

  it('keep a permit beside a later one to the same spender on other terms: either may still be submitted', async () => {
    const signed = createSignedGrants(typedStorage(memoryBackend(), SIGNED_GRANTS_DEFAULTS), createSealer(memoryKeyStore()));
    const first = { kind: 'erc20' as const, token: TOKEN as Hex, spender: SPENDER as Hex, amount: '5', deadline: '1900000000' };
    await signed.remember(OWNER, '0x7a69', [first]);
    await signed.remember(OWNER, '0x7a69', [{ ...first, amount: '0', deadline: '1700000000' }]);
    expect((await signed.all()).map((g) => [g.amount, g.deadline])).toEqual([['5', '1900000000'], ['0', '1700000000']]);
  });

  it('are sealed: one a content script wrote into storage.local, or changed there, is not authentic', async () => {
    const area = memoryBackend();
    const local = typedStorage(area, SIGNED_GRANTS_DEFAULTS);
    const signed = createSignedGrants(local, createSealer(memoryKeyStore()));
    const terms = { kind: 'erc20' as const, token: TOKEN as Hex, spender: SPENDER as Hex, amount: '5', deadline: '1900000000' };
    await signed.remember(OWNER, '0x7a69', [terms]);
    const [kept] = await local.get('signedGrants');
    await area.set({ signedGrants: [kept, { ...kept, amount: MaxUint256.toString() }, { ...terms, account: OWNER, chainId: '0x7a69', spender: OWNER }] });
    expect(await Promise.all((await signed.all()).map((g) => signed.authentic(g)))).toEqual([true, false, false]);
  });

  it('leave out a record without the shape a reader reads (a page wrote it), and drop it at the next write', async () => {
    const area = memoryBackend();
    const local = typedStorage(area, SIGNED_GRANTS_DEFAULTS);
    const signed = createSignedGrants(local, createSealer(memoryKeyStore()));
    await area.set({ signedGrants: [{ kind: 'erc20' }, { kind: 'erc20', token: TOKEN, spender: SPENDER, account: OWNER, chainId: '0x' }] });
    expect(await signed.all()).toEqual([]);
    await signed.remember(OWNER, '0x7a69', [{ kind: 'erc20', token: TOKEN as Hex, spender: SPENDER as Hex, amount: '5' }]);
    expect(await local.get('signedGrants')).toHaveLength(1);
  });
});
