/** The ERC-8021 suffix appended to calldata as signed, and the rules on calls a site asks the account to make: no hidden calls into the account (its batch call: delegates.ts), no revoked grant put back. */
import { DELEGATION_MANAGERS } from '../../shared/contracts';
import { invalidParams } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { BatchCall } from './types';

/** `calldata` followed by the ERC-8021 attribution, when the batch carries one (schemas/dataSuffix.ts checked it). */
export const withSuffix = (calldata: Hex, suffix: Hex | undefined): Hex => (suffix ? (`${calldata}${suffix.slice(2)}` as Hex) : calldata);

/**
 * The bytes a call's transaction carries: its data, then its attribution when it has one. The two stay apart on the
 * record: a contract's ABI decoder ignores bytes after the arguments, so the call it executes is `data`, and the
 * screens name the attribution as itself, not as a site's own bytes after the arguments (a danger: calldata.ts). Only
 * what signs, prices, estimates or simulates the transaction reads these.
 */
export const signedData = (call: Pick<BatchCall, 'data' | 'suffix'>): Hex => withSuffix(call.data, call.suffix);

/**
 * A call from the account to itself with data runs the account's own code: once delegated to either of the wallet's
 * delegates, its batch call (`executeBatch`, ERC-7821 `execute`) runs any calls hidden inside one ("To: your address, value 0"). Dapps send calls as
 * themselves (wallet_sendCalls); a plain value transfer to oneself stays allowed.
 */
export function assertNoSelfCalls(from: Hex, calls: BatchCall[], field: (index: number) => string): void {
  const index = calls.findIndex((c) => c.to?.toLowerCase() === from.toLowerCase() && signedData(c) !== '0x');
  if (index >= 0) {
    throw invalidParams(`${field(index)} is the sending account itself with data: a call into your own account can run other calls unseen; send those calls themselves with wallet_sendCalls`);
  }
}

/** The DelegationManager's enableDelegation(Delegation): 0x3ed01015. */
const ENABLE_DELEGATION = '0x3ed01015';
const MANAGERS = DELEGATION_MANAGERS.map((a) => a.toLowerCase());

/**
 * A call from the account to a DelegationManager's enableDelegation puts back in force a delegation the account
 * disabled: a grant the user revoked (its site holds the signed delegation, its permission context). Only the user
 * revokes or grants, in the wallet's own screens; a site asks for a new permission instead.
 */
export function assertNoGrantReEnabled(calls: BatchCall[], field: (index: number) => string): void {
  const index = calls.findIndex((c) => c.to !== undefined && MANAGERS.includes(c.to.toLowerCase()) && c.data.toLowerCase().startsWith(ENABLE_DELEGATION));
  if (index >= 0) {
    throw invalidParams(`${field(index)} re-enables a permission (ERC-7715 delegation) that was revoked: ask for a new one with wallet_requestExecutionPermissions`);
  }
}
