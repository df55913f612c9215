/**
 * What an account's code says about its EIP-7702 delegation: none (a plain account), one the wallet makes (to a
 * Simple7702Account or DeleGator: src/shared/delegates.ts), one it did not make (to any other contract: the firewall's case), or a contract's own code.
 */
import { delegateOf } from '../../shared/contracts';
import { delegateKind } from '../../shared/delegates';
import type { Hex } from '../../shared/params';

export type AccountCode =
  | { kind: 'plain' }
  | { kind: 'ours'; delegate: Hex }
  | { kind: 'foreign'; delegate: Hex }
  | { kind: 'contract' };

export function classifyCode(code: string): AccountCode {
  if (code === '0x' || code === '') return { kind: 'plain' };
  const delegate = delegateOf(code);
  if (!delegate) return { kind: 'contract' };
  return delegateKind(delegate) ? { kind: 'ours', delegate } : { kind: 'foreign', delegate };
}
