/** The ERC-8021 suffix appended to calldata as signed, and the rule against hidden calls into the account (its batch call: delegates.ts). */
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
