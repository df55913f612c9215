/** The paymaster's standing allowances (./paymasterAllowances.ts), evaluated on first use: `load` brings in the script that holds them. */
import { loadedOnCall, type LoadedOnCall } from '../../shared/lazy';
import type { paymasterAllowances } from './paymasterAllowances';

interface AllowanceLaterCode {
  paymasterAllowances: typeof paymasterAllowances;
}

export type AllowanceCode = LoadedOnCall<AllowanceLaterCode>;

export const lazyAllowanceCode = (load: () => Promise<AllowanceLaterCode>): AllowanceCode => loadedOnCall(load, ['paymasterAllowances']);
