/**
 * Ledger accounts: an address and its derivation path on the device, no key. The vault's secret keeps each one's
 * (address, path), so a record a page planted in storage.local is not listed as the user's while unlocked: a record
 * with a `ledgerPath` is the user's only when the vault holds the same address and path at its index.
 */
import type { Hex } from '../../shared/params';
import type { LedgerAccountKey } from '../vault/crypto';

/** What a stored record claims; a planted one may hold anything. */
interface LedgerClaim {
  address: Hex;
  index: number;
  ledgerPath?: unknown;
}

export const isLedgerRecord = (account: { ledgerPath?: unknown }): boolean => account.ledgerPath !== undefined;

/** The record's address when the vault holds it with the same path at its index, else undefined. */
export function ledgerAddress(ledgerAccounts: readonly LedgerAccountKey[] | undefined, account: LedgerClaim): Hex | undefined {
  const held = Number.isInteger(account.index) ? ledgerAccounts?.[account.index] : undefined;
  return held && held.path === account.ledgerPath && held.address.toLowerCase() === account.address.toLowerCase() ? held.address : undefined;
}

/** A refusal of what needs a key the wallet does not hold (the device signs). */
export const noKeyMessage = (address: Hex): string => `${address} is a Ledger account: it signs on the device, the wallet holds no key for it`;

/** The two families of paths Ledger users have accounts on: Ledger Live's `44'/60'/i'/0/0` and the legacy `44'/60'/0'/i`. */
export function isLedgerAccountPath(path: string): boolean {
  const index = /^44'\/60'\/(0|[1-9]\d{0,9})'\/0\/0$/.exec(path)?.[1] ?? /^44'\/60'\/0'\/(0|[1-9]\d{0,9})$/.exec(path)?.[1];
  return index !== undefined && Number(index) < 2 ** 31;
}
