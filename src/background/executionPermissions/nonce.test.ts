/** "Revoke all": the account raises its own nonce at the framework's NonceEnforcer, for the chain's DelegationManager. */
import { AbiCoder, Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/errors';
import type { ChainNode } from '../networks/rpcClient';
import { frameworkOn } from './framework';
import { currentNonce, revokeAllCall } from './nonce';

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

describe('currentNonce', () => {
  const ACCOUNT = '0x0000000000000000000000000000000000000001';
  const word = (n: bigint) => AbiCoder.defaultAbiCoder().encode(['uint256'], [n]);
  const answering = (answer: string) => (async () => answer) as ChainNode;

  it('is the enforcer’s answer, one word', async () => {
    expect(await currentNonce(answering(word(3n)), frameworkOn(31337)!, ACCOUNT)).toBe(3n);
  });

  // The enforcer answers one word; more is not its answer, and grants are signed at, and Revoke all sized from, this nonce.
  it('refuses an answer with bytes after the word, as it does a failed call', async () => {
    await expect(currentNonce(answering(word(3n) + word(9n).slice(2)), frameworkOn(31337)!, ACCOUNT)).rejects.toThrow();
  });
});
