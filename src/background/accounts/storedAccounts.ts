/**
 * The account list as stored, and what makes it safe to read: the list is not trusted (a page's content script can
 * write storage.local on Firefox), so readers take only entries with a record's shape, and while unlocked only the
 * records the vault's keys derive.
 */
import { isObject } from '../../shared/isObject';
import type { Hex } from '../../shared/params';
import { isLedgerRecord } from './ledgerAccounts';

export interface AccountRecord {
  address: Hex;
  /**
   * Index i of the derivation path m/44'/60'/0'/0/i; for an imported key, its index in the vault's `importedKeys`; for
   * a Ledger account, in the vault's `ledgerAccounts`.
   */
  index: number;
  name: string;
  /** A private key imported on its own, not derived from the phrase. */
  imported?: true;
  /** A Ledger account: its path on the device (as `44'/60'/0'/0/0`); the wallet holds no key for it. */
  ledgerPath?: string;
}

export interface AccountsSlice {
  accounts: AccountRecord[];
  selectedAccount: Hex | null;
}
export const ACCOUNTS_DEFAULTS: AccountsSlice = { accounts: [], selectedAccount: null };

// `b` may be the stored selection, which a page can set to anything.
export const same = (a: string, b: unknown): boolean => typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

/** Which list of the secret the record's index counts in. */
export const kind = (account: AccountRecord) => (isLedgerRecord(account) ? 'ledger' : account.imported ? 'key' : 'phrase');

/** The records as the secret's keys derive them: each with its key's address, once; those without a key dropped. */
export function derived(accounts: AccountRecord[], addressOf: (account: AccountRecord) => Hex | undefined): AccountRecord[] {
  const kept: AccountRecord[] = [];
  // Looked up, not searched: the list may be as long as a page made it, and it is read several times a request.
  const seen = new Set<string>();
  for (const account of accounts) {
    const address = addressOf(account);
    if (!address) console.warn(`[accounts] ${account.address} has no key in the vault: not listed`);
    else if (!seen.has(address.toLowerCase())) {
      seen.add(address.toLowerCase());
      kept.push(same(address, account.address) ? account : { ...account, address });
    }
  }
  return kept;
}

/** The records whose address a key of the vault derives (all but Ledger accounts). */
export const withKeys = (accounts: AccountRecord[]): AccountRecord[] => accounts.filter((a) => !isLedgerRecord(a));

/**
 * The stored entries with a record's shape. The list may hold anything a page's content script wrote: a null, an entry
 * without a text address or name made every reader throw (the unlock's check, the popup's state) until a reset.
 */
export const records = (stored: AccountRecord[]): AccountRecord[] =>
  stored.filter((a: unknown) => isObject(a) && typeof a.address === 'string' && typeof a.name === 'string');
