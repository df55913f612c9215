/** Activity words each call as the approval screen did when the user approved it; older records as describeCall does. */
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { PERMIT2, SIGNER, UNIVERSAL_ROUTER, USDC, descriptors } from '../../shared/erc7730/samples.fixture';
import type { Hex } from '../../shared/params';
import { approvedWords } from '../calls/recorded';
import { describeCall } from '../calls/describe';
import { createBatchStore } from '../batches/store';
import { BATCHES_DEFAULTS, type BatchRecord } from '../batches/types';
import { batchKey } from '../batches/store';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { CODE, MAINNET, NOW, fakeNode } from '../clearSigning/chain.fixture';
import { reviewCalls } from '../clearSigning/calls';
import type { Services } from '../services';
import { activity } from './state';

const permit2 = new Interface(['function approve(address token, address spender, uint160 amount, uint48 expiration)']);
const APPROVE = { to: PERMIT2 as Hex, value: '0x0' as Hex, data: permit2.encodeFunctionData('approve', [USDC, UNIVERSAL_ROUTER, (1n << 160n) - 1n, 1_800_000_000n]) as Hex };
const chain = { code: { [USDC.toLowerCase()]: CODE, [PERMIT2.toLowerCase()]: CODE, [UNIVERSAL_ROUTER.toLowerCase()]: CODE }, tokens: { [USDC.toLowerCase()]: { symbol: 'USDC', decimals: 6, balance: 1_000_000n } } };
const reviewDeps = { node: fakeNode(chain), descriptors: async () => descriptors, now: () => NOW };

const record = (extra: Partial<BatchRecord>): BatchRecord => ({
  id: 'b', origin: 'https://app.example', chainId: MAINNET.chainId, from: SIGNER as Hex, atomic: false, upgrade: false,
  calls: [APPROVE], gasLimits: ['0x10000'], state: 'sent', transactions: [], createdAt: 0, ...extra,
});
/** Activity's services, the batch stored by the wallet (sealed); the node is never asked: Activity reads no chain facts. */
async function services(batch: BatchRecord) {
  const backend = memoryBackend();
  const batches = createBatchStore(typedStorage(backend, BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
  await batches.add(batch);
  return { backend, services: { batches, networks: { all: async () => [MAINNET] } } as unknown as Services };
}

describe('Activity', () => {
  it('a batch of a Permit2 approve shows as the approval screen worded it: the same intent, rows and dangers', async () => {
    const screen = await reviewCalls(reviewDeps, [APPROVE], SIGNER as Hex, MAINNET);
    expect(screen[0].review?.clear.intent).toBe('Permit2: allow spending of a token');
    const [item] = await activity((await services(record(approvedWords(screen)))).services);
    expect(item.calls[0].review).toEqual(screen[0].review);
    expect(item.calls[0].action).toEqual((await describeCall(APPROVE)).action);
  });

  it('a record approved before the words were kept reads as describeCall words it', async () => {
    const [item] = await activity((await services(record({}))).services);
    expect(item.calls).toEqual([await describeCall(APPROVE)]);
  });

  it('a record planted in storage.local (Firefox: a page can write it) with words of another call shows its calls as describeCall words them', async () => {
    const screen = await reviewCalls(reviewDeps, [APPROVE], SIGNER as Hex, MAINNET);
    // The words of a harmless approve, kept with a call that approves another spender for everything.
    const drain = { ...APPROVE, data: permit2.encodeFunctionData('approve', [USDC, '0x000000000000000000000000000000000000dEaD', (1n << 160n) - 1n, 1_800_000_000n]) as Hex };
    const { backend, services: planted } = await services(record({ id: 'real' }));
    const fake = record({ id: 'fake', calls: [drain], ...approvedWords(screen) });
    await backend.set({ batches: { ...(await backend.get('batches')).batches as object, [batchKey(fake.origin, fake.id)]: fake } });
    const items = await activity(planted);
    expect(items.find((i) => i.id === 'fake')?.calls).toEqual([await describeCall(drain)]);
  });
});
