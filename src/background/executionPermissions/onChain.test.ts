/** The revoking call is built only for the framework's own DelegationManager, whatever a stored record names. */
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/errors';
import { frameworkOn } from './framework';
import { revokeCall } from './onChain';
import type { GrantRecord } from './store';

const ONE = '0x0000000000000000000000000000000000000001';
const { delegationManager } = frameworkOn(31337)!;
const record: GrantRecord = {
  id: `0x${'1'.repeat(64)}`, origin: 'https://a.example', chainId: '0x7a69', from: ONE, to: '0x0000000000000000000000000000000000000002',
  permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0xa', startTime: 1, justification: '' } }, rules: [],
  token: { symbol: 'ETH', decimals: 18 }, delegationManager, context: '0x', grantedAt: 1,
  delegation: { delegate: '0x0000000000000000000000000000000000000002', delegator: ONE, authority: `0x${'f'.repeat(64)}`, caveats: [], salt: '0x1', signature: '0x' },
};

describe('revokeCall', () => {
  it('calls the DelegationManager of the grant’s chain', async () => {
    expect((await revokeCall(record)).to).toBe(delegationManager);
  });

  it('refuses a record (planted or altered in storage) that names another contract, or another delegator than its account', async () => {
    await expect(revokeCall({ ...record, delegationManager: '0x0000000000000000000000000000000000000bad' })).rejects.toMatchObject({ code: ErrorCode.invalidParams });
    await expect(revokeCall({ ...record, delegation: { ...record.delegation, delegator: '0x0000000000000000000000000000000000000bad' } })).rejects.toMatchObject({ code: ErrorCode.invalidParams });
  });
});
