/** Signing on a Ledger, the worker's half (deviceSigning.ts): what it keeps, what it offers, and its link up to the method table. */
import type { DevicePayload, DeviceRequest, DeviceSignature } from '../../shared/deviceSigning';
import type { Hex } from '../../shared/params';
import type { ApprovalRecord } from '../approvals/types';

export interface DeviceSigningRecord {
  approvalId: string;
  account: Hex;
  path: string;
  /** The screen's answer (a fee tier) the payload was built with; the approval is decided with it. */
  answer?: unknown;
  payload: DevicePayload;
  /** The batch whose nonce of the account the payload takes (`batchTakingNonce`): the account's next such request waits for it (`DevicePayloads.inTurn`). */
  batch?: DeviceBatch;
  /** The device's signature (a transaction's: the signed transaction; a batch's: each), once checked. */
  signature?: DeviceSignature;
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
  check(account: Hex, payload: DevicePayload, signature: DeviceSignature): Promise<void>;
  /**
   * The device will not sign the upgrade of this request's batch: when the site let it run sequentially, the batch is
   * planned so (one transaction per call) and its payload returned; null when it must run atomically.
   */
  sequential(record: ApprovalRecord): Promise<DevicePayload | null>;
  /**
   * The wallet's own revocations (Revert to a plain account, the firewall's revert): their checked signed transaction
   * stored as the batch's before the approval is decided, so their `approve` sends what the batch holds; nothing for
   * other types, which place theirs in `approve` (`DeviceSigning.placeSigned`).
   */
  placeOwn(record: ApprovalRecord, account: Hex, payload: DevicePayload, signature: DeviceSignature): Promise<void>;
  /** Throws when `payload` can no longer be sent as built: a transaction (or a userOp, or its authorization) whose nonce `account` used since. */
  stillCurrent(record: ApprovalRecord, payload: DevicePayload, account: Hex): Promise<void>;
  /**
   * Runs `work` (`batch`'s payload built and kept) in the account's turn, as a key account's batches are signed and sent:
   * under the account's lock, once none of `earlier` (the batches of its other requests the device was asked for) on
   * the same chain is still to be sent. `work` gets the batch record's `createdAt`, read in that turn.
   */
  inTurn<T>(batch: DeviceBatch, earlier: () => Promise<DeviceBatch[]>, work: (createdAt?: number) => Promise<T>): Promise<T>;
  /** Stores the checked signed transactions (or a sponsored batch's signed userOp) as the batch's (rpc/deviceSigned.ts). */
  place(batch: DeviceBatch, payload: DevicePayload, signed: DeviceSignature): Promise<void>;
}

/** A batch (or eth_sendTransaction's one transaction) of a waiting request, and its account. */
export interface DeviceBatch {
  origin: string;
  batchId: string;
  from: Hex;
  /** The batch record's, as kept with a payload built for it: one its site sent again under the same id since is another. */
  createdAt?: number;
}

export interface DeviceSigning {
  /** What the device must sign to approve this waiting request; null when its account's key is in the wallet. */
  request(approvalId: string, answer: unknown): Promise<DeviceRequest | null>;
  /** Checks the device's signature, keeps it and approves the request (its entry's `approve` takes it: `signed`). */
  signed(approvalId: string, signature: DeviceSignature): Promise<void>;
  /**
   * The device would not sign this request's upgrade (Smart account upgrade off, an app older than 1.17.0): remembered
   * for the account and chain until the device signs one; the new payload when the batch may run sequentially, else null.
   */
  refusedUpgrade(approvalId: string): Promise<DeviceRequest | null>;
  /** Whether this Ledger account's device refused the upgrade on this chain (and signed none since); false for any other account. */
  upgradeRefused(account: Hex, chainId: Hex): Promise<boolean>;
  /** Whether this waiting request, with the screen's `answer`, can only be approved through the device. */
  needsDevice(approvalId: string, answer?: unknown): Promise<boolean>;
  /**
   * For an approval's `approve`: the checked signature when `account` is a Ledger account (throws when none was
   * given), undefined when its key is in the wallet.
   */
  signatureFor(approvalId: string, account: Hex): Promise<DeviceSignature | undefined>;
  /** For a transaction's or batch's `approve`: the device's signed transactions stored as the batch's; nothing for a key account. */
  placeSigned(approvalId: string, batch: DeviceBatch): Promise<void>;
  /** The account was removed: what its requests asked of the device is dropped. */
  forget(account: Hex): Promise<void>;
}

/**
 * The request's batch, signed by `account`, when its payload takes the account's next nonce (a transaction, a batch,
 * a revocation; a replacement takes its original's).
 */
export function batchTakingNonce(record: ApprovalRecord, account: Hex): DeviceBatch | undefined {
  if (record.type !== 'sendTransaction' && record.type !== 'sendCalls' && record.type !== 'revokeDelegation' && record.type !== 'revertForeignDelegation') return undefined;
  return { origin: record.origin, batchId: record.details.batchId, from: account };
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
