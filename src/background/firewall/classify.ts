/**
 * What an account's code says about its EIP-7702 delegation: none (a plain account), one the wallet makes (to a
 * Simple7702Account or DeleGator: src/shared/delegates.ts), one it did not make (to any other contract: the firewall's case), or a contract's own code.
 */
import { delegateOf } from '../../shared/contracts';
import { walletDelegateOf, type AccountKind } from '../../shared/delegates';
import type { Hex } from '../../shared/params';

export type AccountCode =
  | { kind: 'plain' }
  | { kind: 'ours'; delegate: Hex }
  | { kind: 'foreign'; delegate: Hex }
  | { kind: 'contract' };

/** `account`: a Ledger account's own delegate is the Ledger app's Simple7702Account (shared/delegates.ts). */
export function classifyCode(code: string, account: AccountKind = { ledger: false }): AccountCode {
  if (code === '0x' || code === '') return { kind: 'plain' };
  const delegate = delegateOf(code);
  if (!delegate) return { kind: 'contract' };
  return walletDelegateOf(code, account) ? { kind: 'ours', delegate } : { kind: 'foreign', delegate };
}
