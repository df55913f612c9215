/** Cancel of a pending sponsored batch: the account's own transaction that uses up its userOp's EntryPoint nonce. */
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ENTRY_POINT_V08 } from '../../shared/contracts';
import { STUB_SIGNATURE } from '../../shared/erc4337';
import { rejectionOf } from '../../shared/schemas/errorOf';
import { userOperationCancel } from './cancelUserOperation';
import type { BatchRecord, SentUserOperation } from './types';

const FROM = '0x00000000000000000000000000000000000000aa';
const KEY = 7n;
const op = { sender: FROM, nonce: `0x${((KEY << 64n) + 3n).toString(16)}`, callData: '0x', callGasLimit: '0x1', verificationGasLimit: '0x1', preVerificationGas: '0x1', maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1', signature: STUB_SIGNATURE } as const;
const batch = (userOperation?: Partial<SentUserOperation>): BatchRecord => ({
  id: 'b', origin: 'https://dapp.example', chainId: '0x7a69', from: FROM, atomic: true, upgrade: false, calls: [], gasLimits: [],
  state: 'sent', transactions: [], createdAt: 0, sponsor: { url: 'https://pm.example', context: {} },
  ...(userOperation ? { userOperation: { op, hash: `0x${'11'.repeat(32)}`, sent: true, ...userOperation } } : {}),
});

describe('Cancel of a sponsored batch', () => {
  it('is a transaction of the account to EntryPoint v0.8 that increments the nonce of its userOp\'s key', async () => {
    const tx = await userOperationCancel(batch({}));
    expect(tx).toMatchObject({ from: FROM, to: ENTRY_POINT_V08, value: '0x0' });
    expect(new Interface(['function incrementNonce(uint192 key)']).decodeFunctionData('incrementNonce', tx.data)).toEqual([KEY]);
  });

  it.each([
    ['not sponsored', undefined],
    ['not sent', { sent: false }],
    ['already on chain', { receipt: { logs: [], status: '0x1', blockHash: '0x01', blockNumber: '0x1', gasUsed: '0x1', transactionHash: '0x01' } }],
    ['dropped', { dropped: true }],
  ] as const)('is refused (-32602) for a batch %s', async (_what, userOperation) => {
    const error = await rejectionOf(() => userOperationCancel(batch(userOperation as Partial<SentUserOperation> | undefined)));
    expect(error).toMatchObject({ code: -32602, message: 'Batch b of https://dapp.example has no user operation still pending: only a pending one can be cancelled' });
  });
});
