/**
 * Signing on a Ledger: what the worker asks the approval window to have signed on the device, and what comes back.
 * The worker builds the payload from the approval it answers; the window only carries it to the device and the
 * signature back, which the worker checks before anything is answered or sent.
 */
import type { RpcUserOperation } from './erc4337';
import type { Hex } from './params';
import type { TypedMessage } from './typedData/types';

export type DevicePayload =
  /** personal_sign: the message's bytes, as signed. */
  | { kind: 'message'; message: Hex }
  /** EIP-712 in full, and its two hashes for an app that can only show those (the signed digest is the same). */
  | { kind: 'typedData'; typedData: TypedMessage; domainHash: Hex; messageHash: Hex }
  /** The unsigned serialized transaction, its nonce, fees and chain final. */
  | { kind: 'transaction'; unsigned: Hex }
  /**
   * A sequential batch of a Ledger account: one transaction per call at consecutive nonces, each signed on the device
   * in turn; the worker checks every one before it sends any.
   */
  | { kind: 'transactions'; unsigned: Hex[] }
  /**
   * An upgrade (an atomic batch of an account not yet delegated): the authorization the device signs first, then the
   * type-4 transaction `unsigned` (its authorization list empty) with that signed authorization as its only one.
   */
  | { kind: 'upgrade'; unsigned: Hex; authorization: DeviceAuthorization }
  /**
   * A sponsored batch's EntryPoint v0.8 userOp, its paymaster's final data in it: `typedData` (whose EIP-712 digest is
   * `userOpHash`) signed in full on the device. An account not yet delegated signs `authorization` first; its
   * `eip7702Auth` in `operation` is then a placeholder the signed one replaces. The signature handed back is the
   * userOp's (65 bytes), after the authorization's (r ‖ s ‖ v, 65 bytes) when there is one.
   */
  | { kind: 'userOperation'; operation: RpcUserOperation; typedData: TypedMessage; userOpHash: Hex; sponsor: DeviceSponsor; fromBlock: number; authorization?: DeviceAuthorization };

/** Who pays a userOp's gas, as the approval named it. */
export interface DeviceSponsor {
  name?: string;
  paymaster: Hex;
}

/** An EIP-7702 authorization tuple, as the device signs it (SIGN EIP 7702 AUTHORIZATION). */
/** What the device answered: a signature (a transaction's: the signed transaction), or for `transactions` each signed one in order. */
export type DeviceSignature = Hex | Hex[];

export interface DeviceAuthorization {
  address: Hex;
  chainId: Hex;
  nonce: Hex;
}

export interface DeviceRequest {
  approvalId: string;
  account: Hex;
  /** The account's derivation path on the device. */
  path: string;
  payload: DevicePayload;
  /**
   * The device's signature the worker already checked and kept, when the window asks again after a restart:
   * handed back as it is, the device is not asked twice.
   */
  signature?: DeviceSignature;
}
