/**
 * The code a userOp's callData runs in: the EIP-7702 delegate its authorization names, else the one the sender's code
 * on chain delegates to. A call-target allowlist can only trust execute/executeBatch callData decoded for a known
 * delegate (policy.ts checkAccount); a delegate of the requester's own could do anything under the same selectors.
 */
import { getAddress, type JsonRpcProvider } from 'ethers';
import { delegateOf } from '../src/shared/contracts';
import type { UserOperation } from './userOp';

export type Account =
  | { kind: 'delegated'; delegate: string; by: 'eip7702Auth' | 'code' }
  /** No code and no authorization: a plain EOA (or an account a factory would deploy). */
  | { kind: 'eoa' }
  /** Code of its own: a contract account. */
  | { kind: 'contract' };

export async function accountOf(op: UserOperation, provider: Pick<JsonRpcProvider, 'getCode'>): Promise<Account> {
  // The bundler's transaction carries the authorization, so it is what the sender runs by the time the userOp does.
  if (op.eip7702Auth) return { kind: 'delegated', delegate: op.eip7702Auth.address, by: 'eip7702Auth' };
  const code = await provider.getCode(op.sender);
  const delegate = delegateOf(code);
  if (delegate) return { kind: 'delegated', delegate: getAddress(delegate), by: 'code' };
  return code === '0x' ? { kind: 'eoa' } : { kind: 'contract' };
}
