/**
 * The two contracts the wallet's accounts delegate to (EIP-7702): Simple7702Account, which new accounts are upgraded
 * to, and the DeleGator, which an account that grants execution permissions (ERC-7715) delegates to. Both are the
 * wallet's own (the firewall never calls them foreign) and both run the account's atomic batches and userOps; how each
 * is called and signed for is in src/background/batches/delegates.ts.
 */
import { DELEGATOR_V08, LEDGER_7702_ACCOUNT, SIMPLE_7702_ACCOUNT, delegateOf } from './contracts';
import type { Hex } from './params';

export type DelegateKind = 'simple7702Account' | 'deleGator';

export const DELEGATES: Record<DelegateKind, { address: Hex; name: string }> = {
  simple7702Account: { address: SIMPLE_7702_ACCOUNT, name: 'Simple7702Account (ERC-4337 v0.8)' },
  deleGator: { address: DELEGATOR_V08, name: 'EIP7702StatelessDeleGator (MetaMask Delegation Framework, ERC-4337 v0.8)' },
};

/** What an upgrade (an atomic or sponsored batch of a plain account) delegates to. */
export const UPGRADE_DELEGATE: DelegateKind = 'simple7702Account';

const KINDS = Object.keys(DELEGATES) as DelegateKind[];

/** Which of the wallet's delegates `address` is, if any. */
export const delegateKind = (address: string): DelegateKind | null =>
  KINDS.find((kind) => DELEGATES[kind].address.toLowerCase() === address.toLowerCase()) ?? null;

/** Whose account it is: a Ledger account's delegate is the one its app signs for (LEDGER_7702_ACCOUNT). */
export interface AccountKind {
  ledger: boolean;
}

/**
 * Which of the wallet's delegates an account's code points at: null for no delegation, a contract's own code, or another
 * delegate. LEDGER_7702_ACCOUNT runs Simple7702Account's code, but it is the wallet's own only on a Ledger account.
 */
export function walletDelegateOf(code: string, account: AccountKind = { ledger: false }): DelegateKind | null {
  const delegate = delegateOf(code);
  if (!delegate) return null;
  if (account.ledger && delegate.toLowerCase() === LEDGER_7702_ACCOUNT.toLowerCase()) return 'simple7702Account';
  return delegateKind(delegate);
}

/** The contract an upgrade delegates to: the Ledger app signs an authorization only for LEDGER_7702_ACCOUNT. */
export const upgradeAddressFor = (account: AccountKind): Hex => (account.ledger ? LEDGER_7702_ACCOUNT : DELEGATES[UPGRADE_DELEGATE].address);

/** The screens' name for a delegate of the wallet's; undefined for any other contract. */
export function delegateName(address: string): string | undefined {
  const kind = delegateKind(address);
  return kind ? DELEGATES[kind].name : undefined;
}
