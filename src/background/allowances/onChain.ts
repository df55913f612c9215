/** What a grant is worth now (read on chain), and the call that takes it back. */
import type { Hex } from '../../shared/params';
import { abiInterface } from '../abi/abiInterface';
import { decodeExactResult } from '../abi/exactResult';
import type { ChainNode } from '../networks/rpcClient';
import { PERMIT2 } from '../calls/signatures';
import type { Grant } from '../../shared/allowances';

const ERC20 = abiInterface(['function allowance(address owner, address spender) view returns (uint256)', 'function approve(address spender, uint256 amount)']);
const COLLECTION = abiInterface(['function isApprovedForAll(address owner, address operator) view returns (bool)', 'function setApprovalForAll(address operator, bool approved)']);
const PERMIT2_ABI = abiInterface([
  'function allowance(address owner, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)',
  'function lockdown((address token, address spender)[] approvals)',
]);

/**
 * The allowance left as the node says it (smallest unit; 1 for an operator), 0 when used up, revoked or expired; null
 * when the node failed or answered anything but the ABI's encoding of the result (another size, a bool neither 0 nor
 * 1): said as unread by the caller, never taken as none.
 */
export async function allowanceLeft(node: ChainNode, owner: Hex, grant: Grant, nowSeconds: number): Promise<bigint | null> {
  // Loaded outside the catch: ABI code that did not load is an error, not an allowance read as nothing left (hidden).
  const abi = await (grant.kind === 'erc20' ? ERC20 : grant.kind === 'operator' ? COLLECTION : PERMIT2_ABI)();
  try {
    if (grant.kind === 'erc20') {
      return decodeExactResult(abi, 'allowance', await node<string>('eth_call', [{ to: grant.token, data: abi.encodeFunctionData('allowance', [owner, grant.spender]) }, 'latest']))[0] as bigint;
    }
    if (grant.kind === 'operator') {
      const raw = await node<string>('eth_call', [{ to: grant.token, data: abi.encodeFunctionData('isApprovedForAll', [owner, grant.spender]) }, 'latest']);
      return (decodeExactResult(abi, 'isApprovedForAll', raw)[0] as boolean) ? 1n : 0n;
    }
    const raw = await node<string>('eth_call', [{ to: PERMIT2, data: abi.encodeFunctionData('allowance', [owner, grant.token, grant.spender]) }, 'latest']);
    const [amount, expiration] = decodeExactResult(abi, 'allowance', raw) as unknown as [bigint, bigint];
    return expiration > BigInt(nowSeconds) ? amount : 0n;
  } catch {
    return null;
  }
}

/** The transaction that revokes it: approve(spender, 0), setApprovalForAll(operator, false), or Permit2's lockdown. */
export async function revokeCall(grant: Grant): Promise<{ to: Hex; data: Hex }> {
  if (grant.kind === 'erc20') return { to: grant.token, data: (await ERC20()).encodeFunctionData('approve', [grant.spender, 0n]) as Hex };
  if (grant.kind === 'operator') return { to: grant.token, data: (await COLLECTION()).encodeFunctionData('setApprovalForAll', [grant.spender, false]) as Hex };
  return { to: PERMIT2 as Hex, data: (await PERMIT2_ABI()).encodeFunctionData('lockdown', [[[grant.token, grant.spender]]]) as Hex };
}
