/**
 * Activity words each call as the approval screen did when the user approved it; older records as describeCall does.
 * It lists each execution permission granted, and names the grants a batch revoked.
 */
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
import { frameworkOn } from '../executionPermissions/framework';
import { grantActivity } from '../executionPermissions/activity';
import { revokeAllCall } from '../executionPermissions/nonce';
import { revokeCall } from '../executionPermissions/onChain';
import { createGrants, memoryGrantRecordStore, type GrantRecord } from '../executionPermissions/store';
import { activity } from './state';

const permit2 = new Interface(['function approve(address token, address spender, uint160 amount, uint48 expiration)']);
const APPROVE = { to: PERMIT2 as Hex, value: '0x0' as Hex, data: permit2.encodeFunctionData('approve', [USDC, UNIVERSAL_ROUTER, (1n << 160n) - 1n, 1_800_000_000n]) as Hex };
const chain = { code: { [USDC.toLowerCase()]: CODE, [PERMIT2.toLowerCase()]: CODE, [UNIVERSAL_ROUTER.toLowerCase()]: CODE }, tokens: { [USDC.toLowerCase()]: { symbol: 'USDC', decimals: 6, balance: 1_000_000n } } };
const reviewDeps = { node: fakeNode(chain), descriptors: async () => descriptors, now: () => NOW, ownAccounts: async () => [] };

const record = (extra: Partial<BatchRecord>): BatchRecord => ({
  id: 'b', origin: 'https://app.example', chainId: MAINNET.chainId, from: SIGNER as Hex, atomic: false, upgrade: false,
  calls: [APPROVE], gasLimits: ['0x10000'], state: 'sent', transactions: [], createdAt: 0, ...extra,
});
/** Activity's services, the batch stored by the wallet (sealed); the node is never asked: Activity reads no chain facts. */
async function services(batch: BatchRecord, ...granted: GrantRecord[]) {
  const backend = memoryBackend();
  const batches = createBatchStore(typedStorage(backend, BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
  await batches.add(batch);
  const grants = createGrants(memoryGrantRecordStore(), Promise.resolve());
  for (const grant of granted) await grants.add(grant);
  // The grants' code as the later script gives it (services.grantCode), here the modules themselves.
  return { backend, services: { batches, grants, grantCode: { grantActivity }, networks: { all: async () => [MAINNET] } } as unknown as Services };
}

const SESSION = '0x0000000000000000000000000000000000000002';
const grant = (n: number, grantedAt: number): GrantRecord => ({
  id: `0x${n.toString(16).padStart(64, '0')}`, origin: 'https://a.example', chainId: MAINNET.chainId, from: SIGNER as Hex, to: SESSION,
  permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0xde0b6b3a7640000', startTime: 1, justification: '' } }, rules: [],
  token: { symbol: 'ETH', decimals: 18 }, delegationManager: frameworkOn(1)!.delegationManager, context: '0x', grantedAt,
  delegation: { delegate: SESSION, delegator: SIGNER as Hex, authority: `0x${'f'.repeat(64)}`, caveats: [], salt: `0x${n.toString(16)}`, signature: '0x' },
});
const mention = { origin: 'https://a.example', to: SESSION, permission: grant(1, 0).permission, rules: [], token: { symbol: 'ETH', decimals: 18 } };

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

  it('lists each grant when it was granted, beside the batches', async () => {
    const items = await activity((await services(record({ createdAt: 10 }), grant(1, 5), grant(2, 20))).services);
    expect(items.map((i) => [i.kind, i.createdAt])).toEqual([['grant', 20], [undefined, 10], ['grant', 5]]);
    expect(items[0]).toMatchObject({ kind: 'grant', origin: 'https://a.example', from: SIGNER, grant: mention });
  });

  it('names the grant a disableDelegation batch revoked, and every grant of the account signed before a Revoke all', async () => {
    const revokeOne = record({ id: 'one', from: SIGNER as Hex, calls: [{ value: '0x0', ...(await revokeCall(grant(2, 5))) }], createdAt: 10 });
    expect((await activity((await services(revokeOne, grant(1, 5), grant(2, 5))).services)).find((i) => i.id === 'one')?.revokes).toEqual([mention]);
    const revokeAll = record({ id: 'all', from: SIGNER as Hex, calls: [{ value: '0x0', ...(await revokeAllCall(MAINNET.chainId)) }], createdAt: 10 });
    expect((await activity((await services(revokeAll, grant(1, 5), grant(2, 6), grant(3, 15))).services)).find((i) => i.id === 'all')?.revokes).toEqual([mention, mention]);
    // Another account's batch of the same call revokes none of these.
    const other = { ...revokeAll, from: '0x00000000000000000000000000000000000000AA' as Hex };
    expect((await activity((await services(other, grant(1, 5))).services)).find((i) => i.id === 'all')?.revokes).toBeUndefined();
  });
});
