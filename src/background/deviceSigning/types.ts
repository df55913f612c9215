/** Signing on a Ledger, the worker's half (deviceSigning.ts): what it keeps, what it offers, and its link up to the method table. */
import type { DevicePayload, DeviceRequest } from '../../shared/deviceSigning';
import type { Hex } from '../../shared/params';
import type { ApprovalRecord } from '../approvals/types';
import type { SentUserOperation } from '../batches/types';

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
  /** The exact payload, built as the approval would sign it with the screen's `answer`. */
  build(record: ApprovalRecord, answer: unknown): Promise<DevicePayload>;
  /** Throws unless `signature` is the account's over exactly `payload`. */
  check(account: Hex, payload: DevicePayload, signature: Hex): Promise<void>;
  /** A userOp's payload and the device's signature as the userOp to send; throws as `check` does. */
  signedOperation(account: Hex, payload: Extract<DevicePayload, { kind: 'userOperation' }>, signature: Hex): SentUserOperation;
  /** Throws when `payload` can no longer be sent as built: a transaction (or a userOp, or its authorization) whose nonce the account used since. */
  stillCurrent(record: ApprovalRecord, payload: DevicePayload): Promise<void>;
}

export interface DeviceSigning {
  /** What the device must sign to approve this waiting request; null when its account's key is in the wallet. */
  request(approvalId: string, answer: unknown): Promise<DeviceRequest | null>;
  /** Checks the device's signature, keeps it and approves the request (its entry's `approve` takes it: `signed`). */
  signed(approvalId: string, signature: Hex): Promise<void>;
  /** Whether this waiting request can only be approved through the device. */
  needsDevice(approvalId: string): Promise<boolean>;
  /**
   * For an approval's `approve`: the checked signature when `account` is a Ledger account (throws when none was
   * given), undefined when its key is in the wallet.
   */
  signatureFor(approvalId: string, account: Hex): Promise<Hex | undefined>;
  /** For a sponsored batch's `approve`: the userOp the device signed (checked again), undefined when it signed none. */
  userOperationFor(approvalId: string, account: Hex): Promise<SentUserOperation | undefined>;
}

/** The account that signs the request, when its type is one a Ledger signs; undefined otherwise. */
export function deviceSignerOf(record: ApprovalRecord): Hex | undefined {
  if (record.type === 'signMessage' || record.type === 'signTypedData') return record.details.account;
  if (record.type === 'sendTransaction' || record.type === 'sendCalls') return record.details.from;
  return undefined;
}
