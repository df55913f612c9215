/** Which waiting revoke refuses another: the same asker's, sending the same call from the same account on the same chain. */
import { describe, expect, it } from 'vitest';
import type { ApprovalRecord } from '../approvals/types';
import { fakeBatches } from '../batches/storeFake.fixture';
import type { BatchRecord } from '../batches/types';
import { revokeAllCall } from './nonce';
import { revokeNotWaiting } from './revokeWaiting';

const WALLET = 'chrome-extension://wallet';
const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const waiting = [{ origin: WALLET, method: 'wallet_revokeGrants', details: { batchId: 'first' } }] as ApprovalRecord[];

async function refused(asked: { from: string; chainId: string }, stored: { from: string; chainId: string }, altered = false): Promise<boolean> {
  // Revoke all: the same contract and data for every account.
  const call = await revokeAllCall('0x7a69');
  const batch = { ...stored, origin: WALLET, id: 'first', calls: [{ ...call, value: '0x0' }] } as unknown as BatchRecord;
  // Waiting, not sent: only the read of the waiting request's record can refuse.
  const batches = { ...fakeBatches([batch], () => altered), all: async () => [] };
  const services = { approvals: { pending: async () => waiting }, batches } as unknown as Parameters<typeof revokeNotWaiting>[1]['services'];
  return revokeNotWaiting({ ...call, ...asked } as Parameters<typeof revokeNotWaiting>[0], { origin: WALLET, method: 'wallet_revokeGrants', services }).then(() => false, () => true);
}

describe('revokeNotWaiting', () => {
  it('refuses Revoke all of an account on a chain while its own waits, not another account’s or another chain’s, nor for a record altered outside the wallet', async () => {
    expect(await refused({ from: A, chainId: '0x7a69' }, { from: A.toUpperCase().replace('0X', '0x'), chainId: '0x7A69' })).toBe(true);
    expect(await refused({ from: B, chainId: '0x7a69' }, { from: A, chainId: '0x7a69' })).toBe(false);
    expect(await refused({ from: A, chainId: '0x1' }, { from: A, chainId: '0x7a69' })).toBe(false);
    expect(await refused({ from: A, chainId: '0x7a69' }, { from: A, chainId: '0x7a69' }, true)).toBe(false);
  });

  it('refuses the same revoke while the wallet\'s own is sent and not confirmed (its grant may be left unmarked), not once it is decided, nor for a record planted pending', async () => {
    const call = { ...(await revokeAllCall('0x7a69')), from: A, chainId: '0x7a69' } as Parameters<typeof revokeNotWaiting>[0];
    const sent = (receipt?: true): BatchRecord => ({
      id: 'sent', origin: WALLET, from: A, chainId: '0x7a69', atomic: false, upgrade: false, gasLimits: ['0x5208'], state: 'sent', createdAt: 1,
      calls: [{ to: call.to, data: call.data, value: '0x0' }],
      transactions: [{ hash: `0x${'a'.repeat(64)}`, raw: '0x', nonce: 0, calls: [0], sent: true,
        ...(receipt ? { receipt: { status: '0x1', logs: [], blockHash: `0x${'b'.repeat(64)}`, blockNumber: '0x5', gasUsed: '0x5208', transactionHash: `0x${'a'.repeat(64)}` } } : {}) }],
    });
    const asking = (batch: BatchRecord, altered = false) => revokeNotWaiting(call, { origin: WALLET, method: 'wallet_revokeGrants', services: {
      approvals: { pending: async () => [] }, batches: fakeBatches([batch], () => altered),
    } }).then(() => false, () => true);
    expect(await asking(sent())).toBe(true);
    expect(await asking(sent(true))).toBe(false);
    expect(await asking(sent(), true)).toBe(false);
  });

  it('refuses nothing for a site\'s sponsored batch of the same call: its userOp, refused by the bundler its paymaster chose, is pending until its nonce is used, and has no Speed up', async () => {
    const call = { ...(await revokeAllCall('0x7a69')), from: A, chainId: '0x7a69' } as Parameters<typeof revokeNotWaiting>[0];
    const sponsored: BatchRecord = {
      id: 'sponsored', origin: 'https://app.example', from: A, chainId: '0x7a69', atomic: true, upgrade: false, gasLimits: [], state: 'sent', createdAt: 1,
      calls: [{ to: call.to, data: call.data, value: '0x0' }], transactions: [],
      userOperation: { op: {} as NonNullable<BatchRecord['userOperation']>['op'], hash: `0x${'c'.repeat(64)}`, sent: true },
      error: 'The bundler refused the user operation (AA34 signature error); it can still run until its nonce is used: Cancel in Activity uses it',
    };
    await expect(revokeNotWaiting(call, { origin: WALLET, method: 'wallet_revokeGrants', services: {
      approvals: { pending: async () => [] }, batches: fakeBatches([sponsored]),
    } })).resolves.toBeUndefined();
  });
});

