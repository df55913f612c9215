/** Signing on a Ledger, the worker's half (deviceSigning.ts): what it keeps, what it offers, and its link up to the method table. */
import type { DevicePayload, DeviceRequest } from '../../shared/deviceSigning';
import type { Hex } from '../../shared/params';
import type { ApprovalRecord } from '../approvals/types';

export interface DeviceSigningRecord {
  approvalId: string;
  account: Hex;
  path: string;
  /** The screen's answer (a fee tier) the payload was built with; the approval is decided with it. */
  answer?: unknown;
  payload: DevicePayload;
  /** The device's signature (a transaction's: the signed transaction), once checked. */
  signature?: Hex;
}

/** Memory only (storage.session): one per request waiting for the device. */
export interface DeviceSigningSlice {
  deviceSignings: DeviceSigningRecord[];
}
export const DEVICE_SIGNING_DEFAULTS: DeviceSigningSlice = { deviceSignings: [] };

/** More than the approvals' queue holds of the wallet's and the pages' requests together. */
export const MAX_DEVICE_SIGNINGS = 60;

/**
 * The link up to the method table (rpc/devicePayloads.ts), which this domain cannot import: what one approval type
 * has the device sign, and the check of what the device answered.
 */
export interface DevicePayloads {
  /** The exact payload `account` (the request's Ledger account) signs, built as the approval would sign it with the screen's `answer`. */
  build(record: ApprovalRecord, answer: unknown, account: Hex): Promise<DevicePayload>;
  /** Throws unless `signature` is the account's over exactly `payload`. */
  check(account: Hex, payload: DevicePayload, signature: Hex): Promise<void>;
  /**
   * Stores a checked device-signed transaction as the batch's, so its executor only sends those bytes and never signs
   * (once stored, they are the only ones ever sent).
   */
  place(batch: DeviceSignedBatch, signed: Hex): Promise<void>;
  /** Throws when `payload` can no longer be sent as built: a transaction whose nonce the account used since. */
  stillCurrent(record: ApprovalRecord, payload: DevicePayload): Promise<void>;
}

/** The batch a Ledger account's approval sends: its site, its id, the account that signs it. */
export interface DeviceSignedBatch {
  origin: string;
  batchId: string;
  from: Hex;
}

export interface DeviceSigning {
  /** What the device must sign to approve this waiting request; null when its account's key is in the wallet. */
  request(approvalId: string, answer: unknown): Promise<DeviceRequest | null>;
  /** Checks the device's signature, keeps it and approves the request (its entry's `approve` takes it: `signed`). */
  signed(approvalId: string, signature: Hex): Promise<void>;
  /** Whether this waiting request, with the screen's `answer`, can only be approved through the device. */
  needsDevice(approvalId: string, answer?: unknown): Promise<boolean>;
  /**
   * For an approval's `approve`: the checked signature when `account` is a Ledger account (throws when none was
   * given), undefined when its key is in the wallet.
   */
  signatureFor(approvalId: string, account: Hex): Promise<Hex | undefined>;
  /** For a transaction's approval: its device-signed transaction stored as the batch's; nothing when `from`'s key is in the wallet. */
  placeSigned(approvalId: string, batch: DeviceSignedBatch): Promise<void>;
}

/**
 * The accounts that sign the request with the screen's `answer`, when its type is one a Ledger signs (none otherwise):
 * the one Ledger account among them signs on the device. Sign-in: the accounts chosen; the firewall's revert: the
 * payer chosen and the account cleared.
 */
export function deviceSignersOf(record: ApprovalRecord, answer?: unknown): Hex[] {
  if (record.type === 'signMessage' || record.type === 'signTypedData') return [record.details.account];
  if (record.type === 'sendTransaction' || record.type === 'sendCalls' || record.type === 'replaceTransaction' || record.type === 'revokeDelegation') return [record.details.from];
  if (record.type === 'connect') return record.details.signIn && Array.isArray(answer) ? answer.filter((a): a is Hex => typeof a === 'string') : [];
  if (record.type === 'revertForeignDelegation') return [...(typeof answer === 'string' ? [answer as Hex] : []), record.details.account];
  return [];
}
