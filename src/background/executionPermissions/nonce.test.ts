/** "Revoke all": the account raises its own nonce at the framework's NonceEnforcer, for the chain's DelegationManager. */
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/errors';
import { frameworkOn } from './framework';
import { revokeAllCall } from './nonce';

const { delegationManager, enforcers } = frameworkOn(31337)!;
const NONCE_ENFORCER = new Interface(['function incrementNonce(address _delegationManager)']);

describe('revokeAllCall', () => {
  it('calls incrementNonce(delegationManager) on the chain’s NonceEnforcer', async () => {
    const call = await revokeAllCall('0x7a69');
    expect(call.to).toBe(enforcers.nonce);
    const decoded = NONCE_ENFORCER.parseTransaction({ data: call.data });
    expect(decoded?.name).toBe('incrementNonce');
    expect(decoded?.args[0]).toBe(delegationManager);
  });

  it('is refused on a chain without the framework', async () => {
    await expect(revokeAllCall('0x539')).rejects.toMatchObject({ code: ErrorCode.invalidParams });
  });
});
