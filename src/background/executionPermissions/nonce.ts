/** The delegator's nonce at the framework's NonceEnforcer: a grant carries it, and raising it revokes every grant made before. */
import { invalidParams } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { abiInterface } from '../abi/abiInterface';
import type { ChainNode } from '../networks/rpcClient';
import { frameworkOn, type Framework } from './framework';

const NONCE_ENFORCER = abiInterface(['function currentNonce(address delegationManager, address delegator) view returns (uint256)', 'function incrementNonce(address delegationManager)']);

export async function currentNonce(node: ChainNode, { delegationManager, enforcers }: Framework, delegator: Hex): Promise<bigint> {
  const abi = await NONCE_ENFORCER();
  const answer = await node<string>('eth_call', [{ to: enforcers.nonce, data: abi.encodeFunctionData('currentNonce', [delegationManager, delegator]) }, 'latest']);
  return abi.decodeFunctionResult('currentNonce', answer)[0] as bigint;
}

/** "Revoke all": the account's call that raises its nonce for the chain's DelegationManager, so every grant it signed before stops. */
export async function revokeAllCall(chainId: Hex): Promise<{ to: Hex; data: Hex }> {
  const framework = frameworkOn(Number(chainId));
  if (!framework) throw invalidParams(`Chain ${chainId} has no Delegation Framework: no grant runs there`);
  return { to: framework.enforcers.nonce, data: (await NONCE_ENFORCER()).encodeFunctionData('incrementNonce', [framework.delegationManager]) as Hex };
}
