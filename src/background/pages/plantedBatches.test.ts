/**
 * Batch records a content script planted in storage.local (Firefox) that pass the batch store's shape
 * (../batches/recordShape.ts) yet hold what a reader beyond it takes for granted otherwise: none may throw in Activity,
 * the Approvals tab, or the address history every send's review reads (../protection/addressPoisoning.ts), nor reach
 * the popup as something its rows cannot say (an error that is not text, an authority that is not an address), nor
 * unmarked as the wallet's own.
 */
import { id, zeroPadValue } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { LOCAL_DEVNET } from '../../shared/networks';
import { grantsOf } from '../allowances/granted';
import { batchKey, createBatchStore } from '../batches/store';
import { BATCHES_DEFAULTS, type BatchRecord } from '../batches/types';
import { addressHistory } from '../protection/addressPoisoning';
import type { Services } from '../services';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { usdcFeePaid } from '../usdcFees/paidFee';
import { activity } from './state';

const ACCOUNT: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const record = (extra: Partial<BatchRecord>): BatchRecord => ({
  id: 'b', origin: 'https://app.example', chainId: LOCAL_DEVNET.chainId, from: ACCOUNT, atomic: false, upgrade: false,
  calls: [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x1', data: '0x' }], gasLimits: ['0x5208'], state: 'sent', transactions: [], createdAt: 0, ...extra,
});

/** The wallet's record `real`, and `planted` written beside it as a content script writes storage.local. */
async function withPlanted(planted: Record<string, unknown>) {
  const backend = memoryBackend();
  const batches = createBatchStore(typedStorage(backend, BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
  await batches.add(record({ id: 'real' }));
  const fake = { ...record({ id: 'fake' }), ...planted };
  await backend.set({ batches: { ...(await backend.get('batches')).batches as object, [batchKey(fake.origin, fake.id)]: fake } });
  // On a network with a USDC paymaster (Base's, the devnet's): Activity asks each userOp whether it paid in USDC.
  const services = { batches, grants: { list: async () => [] }, refusals: {}, networks: { all: async () => [LOCAL_DEVNET] }, usdcBatchCode: { usdcFeePaid: async (...args: Parameters<typeof usdcFeePaid>) => usdcFeePaid(...args) } } as unknown as Services;
  return { backend, batches, services };
}

const PLANTS: [string, Record<string, unknown>][] = [
  ['call data that is not whole bytes', { calls: [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x0', data: '0x123' }] }],
  ['a userOp with no op', { userOperation: { sent: true } }],
  ['a userOp that is no object', { userOperation: 7 }],
  ['a userOp whose paymaster is no text', { userOperation: { op: { paymaster: 5 }, hash: '0x12' } }],
  ['a landed userOp of the USDC paymaster whose receipt has no list of logs', { userOperation: { op: { paymaster: LOCAL_DEVNET.usdcPaymaster!.paymaster, sender: ACCOUNT }, hash: '0x12', receipt: { logs: 5 } } }],
  ['a landed userOp of the USDC paymaster whose fee event names a token that is no address', { userOperation: {
    op: { paymaster: LOCAL_DEVNET.usdcPaymaster!.paymaster, sender: ACCOUNT }, hash: `0x${'12'.repeat(32)}`,
    receipt: { logs: [{
      address: LOCAL_DEVNET.usdcPaymaster!.paymaster, data: `0x${'12'.repeat(32)}${'0'.repeat(192)}`,
      topics: [id('UserOperationSponsored(address,address,bytes32,uint256,uint256,uint256)'), `0x${'z'.repeat(64)}`, zeroPadValue(ACCOUNT, 32)],
    }] },
  } }],
  ['a landed userOp of the USDC paymaster with a null among its logs', { userOperation: { op: { paymaster: LOCAL_DEVNET.usdcPaymaster!.paymaster, sender: ACCOUNT }, hash: '0x12', receipt: { logs: [null] } } }],
];

describe('a batch record planted with the store\'s shape', () => {
  it.each(PLANTS)('with %s throws in no reader: Activity, Approvals and the address history list the wallet\'s own', async (_what, planted) => {
    const { batches, services } = await withPlanted(planted);
    const items = await activity(services);
    expect(items.map((i) => i.id)).toContain('real');
    await expect(addressHistory({ batches, accounts: { list: async () => [] } })).resolves.toEqual(expect.any(Array));
    await expect(grantsOf(await batches.all(), ACCOUNT, LOCAL_DEVNET.chainId)).resolves.toEqual(expect.any(Array));
  });

  it('reaches the popup marked altered, whatever it says of itself; the wallet\'s own record unmarked, until changed in storage', async () => {
    const { backend, services } = await withPlanted({ altered: false, sealed: true });
    const marks = async () => Object.fromEntries((await activity(services)).map((i) => [i.id, i.altered]));
    expect(await marks()).toEqual({ real: undefined, fake: true });
    // The wallet's record with another amount written over it: a fact the wallet never wrote.
    const stored = (await backend.get('batches')).batches as Record<string, BatchRecord>;
    const key = batchKey('https://app.example', 'real');
    await backend.set({ batches: { ...stored, [key]: { ...stored[key], calls: [{ ...stored[key].calls[0], value: '0x8ac7230489e80000' }] } } });
    expect(await marks()).toEqual({ real: true, fake: true });
  });

  it('reaches the popup with its error as text and its authority as an address, or not at all: a row cleans the error with String.replace and shortens the authority with slice, which throw', async () => {
    for (const planted of [{ error: { message: 'x' } }, { error: 5 }, { kind: 'revokeDelegationOf', authority: 5 }]) {
      const { services } = await withPlanted(planted);
      for (const item of await activity(services)) {
        expect(item.error === undefined || typeof item.error === 'string').toBe(true);
        expect(item.authority === undefined || /^0x[0-9a-fA-F]{40}$/.test(item.authority)).toBe(true);
      }
    }
  });

  it('reaches the popup with a time a date can hold, or not at all: a row writes it with toISOString, which throws past that', async () => {
    for (const createdAt of [1e300, -1e300, 8.64e15 + 1]) {
      const { services } = await withPlanted({ createdAt });
      for (const item of await activity(services)) expect(Number.isNaN(new Date(item.createdAt).getTime())).toBe(false);
    }
  });
});

