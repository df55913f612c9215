/**
 * The delegator's nonce at the framework's NonceEnforcer: a grant carries it, and raising it revokes every grant made
 * before. Revoke all raises it by as many increments as nonceMarks.ts counts, all in one transaction: between two, a
 * grant at the nonce in between would run.
 */
import { DELEGATOR_V08, isDelegatedTo } from '../../shared/contracts';
import { ErrorCode, RpcError, invalidParams } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { abiInterface } from '../abi/abiInterface';
import { decodeExactResult } from '../abi/exactResult';
import { DELEGATE_CODE, deleGatorCalls } from '../batches/delegates';
import type { ChainNode } from '../networks/rpcClient';
import { frameworkOn, type Framework } from './framework';

const NONCE_ENFORCER = abiInterface(['function currentNonce(address delegationManager, address delegator) view returns (uint256)', 'function incrementNonce(address delegationManager)']);

/** The node's answer, read only when it is the enforcer's one word: grants are signed at it and Revoke all sized from it. */
export async function currentNonce(node: ChainNode, { delegationManager, enforcers }: Framework, delegator: Hex): Promise<bigint> {
  const abi = await NONCE_ENFORCER();
  const answer = await node<string>('eth_call', [{ to: enforcers.nonce, data: abi.encodeFunctionData('currentNonce', [delegationManager, delegator]) }, 'latest']);
  return decodeExactResult(abi, 'currentNonce', answer)[0] as bigint;
}

/** "Revoke all": the account's call that raises its nonce for the chain's DelegationManager, so every grant it signed before stops. */
export async function revokeAllCall(chainId: Hex): Promise<{ to: Hex; data: Hex }> {
  const framework = frameworkOn(Number(chainId));
  if (!framework) throw invalidParams(`Chain ${chainId} has no Delegation Framework: no grant runs there`);
  return { to: framework.enforcers.nonce, data: (await NONCE_ENFORCER()).encodeFunctionData('incrementNonce', [framework.delegationManager]) as Hex };
}

/** The most increments one Revoke all makes: about 1,500 bytes of calldata and 3,000 gas each. */
export const MAX_INCREMENTS = 200n;

type Call = { to?: Hex; data: Hex };
const sameCall = (a: Call, b: Call): boolean => a.to?.toLowerCase() === b.to?.toLowerCase() && a.data.toLowerCase() === b.data.toLowerCase();

/**
 * Revoke all's call raising the nonce `increments` times: the enforcer's incrementNonce for one, else the account's
 * own DeleGator batch of them (an account that granted is on it), so no nonce in between is ever the chain's.
 */
export async function revokeAllCalls(node: ChainNode, { account, chainId, increments }: { account: Hex; chainId: Hex; increments: bigint }): Promise<{ to: Hex; data: Hex }> {
  const one = await revokeAllCall(chainId);
  if (increments <= 1n) return one;
  if (increments > MAX_INCREMENTS) throw new RpcError(ErrorCode.limitExceeded, `Revoking all of ${account}'s grants needs ${increments} increments of its nonce, more than one transaction makes (${MAX_INCREMENTS}): the node's nonce is far from what this wallet knows; try another node`);
  if (!isDelegatedTo(await node<Hex>('eth_getCode', [account, 'latest']), DELEGATOR_V08)) {
    throw new RpcError(ErrorCode.resourceUnavailable, `${account} is not on the DeleGator now, which its Revoke all of ${increments} increments needs in one transaction: no grant runs while it is not`);
  }
  const calls = Array.from({ length: Number(increments) }, () => ({ ...one, value: '0x0' as Hex }));
  return { to: account, data: await DELEGATE_CODE.deleGator.encodeBatch(calls) };
}

/** How many times `call` from `from` raises its nonce as Revoke all does (revokeAllCalls); 0 for any other call. */
export async function revokeAllIncrements(call: Call, from: Hex, chainId: Hex): Promise<number> {
  const one = await revokeAllCall(chainId).catch(() => undefined);
  if (!one) return 0;
  if (sameCall(one, call)) return 1;
  if (call.to?.toLowerCase() !== from.toLowerCase()) return 0;
  const inner = await deleGatorCalls(call.data);
  return inner && inner.length > 1 && inner.every((c) => BigInt(c.value) === 0n && sameCall(one, c)) ? inner.length : 0;
}
