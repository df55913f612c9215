/** What the device module hands its callers: the worker will receive these, never a key. */
import type { Hex } from '../../shared/params';

/** `ledgerLive`: m/44'/60'/i'/0/0; `legacy`: m/44'/60'/0'/i (MEW, MyCrypto and Ledger's older Chrome app). */
export type LedgerPathKind = 'ledgerLive' | 'legacy';

export interface LedgerAccount {
  address: Hex;
  path: string;
}

/** r ‖ s ‖ v, v = 27 + yParity, checked to recover to the account before it is returned. */
export interface LedgerSignature {
  signature: Hex;
}

/** A transaction signed on the device: its signature and the serialized signed transaction ready to send. */
export interface LedgerSignedTransaction extends LedgerSignature {
  signed: Hex;
}

/** An EIP-7702 authorization tuple's signature, as a type-4 transaction's authorizationList carries it. */
export interface LedgerAuthorizationSignature {
  yParity: 0 | 1;
  r: Hex;
  s: Hex;
}

export type LedgerErrorCode =
  | 'noWebHid'
  | 'noDevice'
  | 'locked'
  | 'appNotOpen'
  | 'otherApp'
  | 'appTooOld'
  | 'refused'
  | 'blindSigningOff'
  | 'notAllowed'
  | 'unplugged'
  | 'busy'
  | 'timeout'
  | 'wrongAddress'
  | 'wrongSignature'
  | 'failed';

export interface LedgerError {
  code: LedgerErrorCode;
  /** What to do, as the screen says it. */
  words: string;
  /** 4001 when the user refused on the device: the site gets the same answer as Reject; null: the request can be tried again. */
  rpcCode: 4001 | null;
  statusWord?: number;
}

export type LedgerResult<T> = { ok: true; value: T } | { ok: false; error: LedgerError };
