/** A node's answer that is an amount (a balance, a gas estimate) is its claim: checked before the wallet reads a number from it. */
import { ErrorCode, RpcError } from '../../shared/errors';
import { uint256, type Hex } from '../../shared/params';
import type { ChainNode } from './rpcClient';

/** What the node answers `method`, if it is an amount (a uint256 in hex); else a broken answer (-32603), as one that is no JSON. */
export async function askAmount(node: ChainNode, method: string, params: unknown[]): Promise<Hex> {
  const answer = await node<Hex>(method, params);
  try {
    uint256(answer, method);
  } catch {
    throw new RpcError(ErrorCode.internal, `The node answered ${method} with no amount`);
  }
  return answer;
}
