/** The delegator's nonce at the framework's NonceEnforcer: a grant carries it, and raising it revokes every grant made before. */
import type { Hex } from '../../shared/params';
import { abiInterface } from '../abi/abiInterface';
import type { ChainNode } from '../networks/rpcClient';
import type { Framework } from './framework';

const NONCE_ENFORCER = abiInterface(['function currentNonce(address delegationManager, address delegator) view returns (uint256)']);

export async function currentNonce(node: ChainNode, { delegationManager, enforcers }: Framework, delegator: Hex): Promise<bigint> {
  const abi = await NONCE_ENFORCER();
  const answer = await node<string>('eth_call', [{ to: enforcers.nonce, data: abi.encodeFunctionData('currentNonce', [delegationManager, delegator]) }, 'latest']);
  return abi.decodeFunctionResult('currentNonce', answer)[0] as bigint;
}
