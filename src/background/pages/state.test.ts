/**
 * Activity words each call as the approval screen did when the user approved it; older records as describeCall does.
 * It lists each execution permission granted, and names the grants a batch revoked.
 */
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { PERMIT2, SIGNER, UNIVERSAL_ROUTER, USDC, descriptors } from '../../shared/erc7730/samples.fixture';
import type { RpcUserOperation } from '../../shared/erc4337';
import type { Network } from '../../shared/networks';
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
import { grantsCode, noRevokeRecords } from '../executionPermissions/grantsCode.fixture';
import { createGrants, memoryGrantRecordStore, type GrantRecord } from '../executionPermissions/store';
import { usdcFeePaid } from '../usdcFees/paidFee';
import { english } from '../../shared/fees.fixture';
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
  return servicesOn([MAINNET], batch, ...granted);
}
async function servicesOn(networks: Network[], batch: BatchRecord, ...granted: GrantRecord[]) {
  const backend = memoryBackend();
  const batches = createBatchStore(typedStorage(backend, BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
  await batches.add(batch);
  const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, noRevokeRecords);
  for (const grant of granted) await grants.add(grant);
  // The grants' code as the later script gives it (services.grantCode), here the modules themselves.
  return { backend, services: { batches, grants, grantCode: { grantActivity }, usdcBatchCode: { usdcFeePaid: async (...args: Parameters<typeof usdcFeePaid>) => usdcFeePaid(...args) }, networks: { all: async () => networks } } as unknown as Services };
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

  describe('a fee paid in USDC', () => {
    const usdcPaymaster = { paymaster: '0x0578cFB241215b77442a541325d6A4E6dFE700Ec' as Hex, token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as Hex };
    const withPaymaster: Network = { ...MAINNET, usdcPaymaster };
    const OP_HASH = `0x${'49'.repeat(32)}` as Hex;
    const sponsoredEvent = new Interface(['event UserOperationSponsored(address indexed token, address indexed sender, bytes32 userOpHash, uint256 nativeTokenPrice, uint256 actualTokenNeeded, uint256 feeTokenAmount)']);
    const feeLog = ({ paymaster = usdcPaymaster.paymaster, token = usdcPaymaster.token, taken = 305_001n } = {}) => {
      const { data, topics } = sponsoredEvent.encodeEventLog('UserOperationSponsored', [token, SIGNER, OP_HASH, 3_000_000_000n, taken, 27_728n]);
      return { address: paymaster as Hex, topics: topics as Hex[], data: data as Hex };
    };
    const op = { sender: SIGNER, nonce: '0x0', callData: '0x', callGasLimit: '0x0', verificationGasLimit: '0x0', preVerificationGas: '0x0', maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1', signature: '0x', paymaster: usdcPaymaster.paymaster } as RpcUserOperation;
    const landed = (logs: ReturnType<typeof feeLog>[]): Partial<BatchRecord> => ({
      atomic: true, userOperation: { op, hash: OP_HASH, sent: true, receipt: { logs, status: '0x1', blockHash: `0x${'11'.repeat(32)}`, blockNumber: '0x5', gasUsed: '0x1', transactionHash: `0x${'22'.repeat(32)}` } },
    });

    it('shows what the paymaster\'s own event in the receipt says it took, rounded up to the cent, and marks the batch as paid in USDC', async () => {
      const [item] = await activity((await servicesOn([withPaymaster], record(landed([feeLog()])))).services);
      expect(item.usdcFee).toEqual({ paid: '305001', line: 'Network fee: 0.31 USDC', words: { key: 'fees_usdcPaid', values: { amount: { decimal: '0.31' } } } });
      expect(english({ message: item.usdcFee!.line, words: item.usdcFee!.words })).toBe('Network fee: 0.31 USDC');
      expect(item.paidInUsdc).toBe(true);
    });

    it('shows no fee from another contract\'s look-alike event or in another token, nor on a chain without a USDC paymaster', async () => {
      const lookAlikes = [feeLog({ paymaster: '0x000000000000000000000000000000000000dEaD' }), feeLog({ token: '0x000000000000000000000000000000000000bEEF' })];
      expect((await activity((await servicesOn([withPaymaster], record(landed(lookAlikes)))).services))[0].usdcFee).toBeUndefined();
      const [elsewhere] = await activity((await servicesOn([MAINNET], record(landed([feeLog()])))).services);
      expect([elsewhere.usdcFee, elsewhere.paidInUsdc]).toEqual([undefined, undefined]);
    });

    it('shows no fee above the cap the user approved, which the permit lets the paymaster take at most: a node\'s receipt claimed 10^24 USDC', async () => {
      const capped = (taken: bigint, maximum = '600000') => record({ ...landed([feeLog({ taken })]), usdcFee: { maximum } as BatchRecord['usdcFee'] });
      expect((await activity((await servicesOn([withPaymaster], capped(10n ** 30n))).services))[0].usdcFee).toBeUndefined();
      expect((await activity((await servicesOn([withPaymaster], capped(600_000n))).services))[0].usdcFee?.paid).toBe('600000');
      // A planted record's cap that is no number is none: Activity still opens.
      expect((await activity((await servicesOn([withPaymaster], capped(600_000n, '0x1z'))).services))[0].usdcFee?.paid).toBe('600000');
    });

    it('a pending userOp paid in USDC is marked so (no fee yet): Activity says what can be done with it', async () => {
      const pending = record({ atomic: true, userOperation: { op, hash: OP_HASH, sent: true } });
      const [item] = await activity((await servicesOn([withPaymaster], pending)).services);
      expect([item.paidInUsdc, item.usdcFee, item.status]).toEqual([true, undefined, 100]);
    });
  });
});
