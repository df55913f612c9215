/**
 * Address poisoning: an attacker makes an address that starts and ends like one the user sends to (4 hex digits each
 * side, what people check) and leaves it in the user's history, hoping it is copied next time. A recipient that
 * shares those digits with an address the user knows, without being it, is flagged.
 */
import type { AddressLookAlike } from '../../shared/approvals/transaction';
import type { DecodedCall } from '../../shared/decodedCall';
import type { Hex } from '../../shared/params';
import type { Accounts } from '../accounts/accounts';
import { ownRecords } from '../batches/ownRecords';
import type { BatchStore } from '../batches/store';
import { describeCall } from '../calls/describe';

const EDGE = 4;
const edges = (address: string): string => {
  const hex = address.toLowerCase().slice(2);
  return `${hex.slice(0, EDGE)}…${hex.slice(-EDGE)}`;
};

/** Each recipient that looks like a known address (same first and last 4 hex digits) but is another one. */
export function lookAlikeRecipients(recipients: Hex[], known: Hex[]): AddressLookAlike[] {
  const knownByEdges = new Map<string, Hex>();
  for (const address of known) knownByEdges.set(edges(address), address);
  const flagged = new Map<string, AddressLookAlike>();
  for (const recipient of recipients) {
    const resembles = knownByEdges.get(edges(recipient));
    if (resembles && resembles.toLowerCase() !== recipient.toLowerCase() && !known.some((k) => k.toLowerCase() === recipient.toLowerCase())) {
      flagged.set(recipient.toLowerCase(), { recipient, resembles });
    }
  }
  return [...flagged.values()];
}

/** Who a call pays or hands tokens to: its target, and the recipient of a token transfer it makes. */
export const recipientsOf = (call: DecodedCall): Hex[] => [
  ...(call.to ? [call.to] : []),
  ...(call.action?.kind === 'transfer' ? [call.action.to] : []),
];

export interface HistoryDeps {
  batches: Pick<BatchStore, 'all' | 'authentic'>;
  accounts: Pick<Accounts, 'list'>;
}

/**
 * The addresses the user knows: the wallet's own accounts and every recipient of a batch the user approved, as the
 * wallet wrote it (a record planted in storage.local would make a poisoner's address known, its send unflagged).
 */
export async function addressHistory(deps: HistoryDeps): Promise<Hex[]> {
  const [all, accounts] = await Promise.all([deps.batches.all(), deps.accounts.list()]);
  const approved = await ownRecords(deps.batches, all.filter((b) => b.state !== 'awaiting-approval'));
  const described = await Promise.all(approved.flatMap((b) => b.calls.map(describeCall)));
  const sent = described.flatMap(recipientsOf);
  return [...accounts.map((a) => a.address), ...sent];
}

/** The look-alike recipients among the calls about to be approved. */
export async function poisonedRecipients(deps: HistoryDeps, calls: DecodedCall[]): Promise<AddressLookAlike[]> {
  return lookAlikeRecipients(calls.flatMap(recipientsOf), await addressHistory(deps));
}
