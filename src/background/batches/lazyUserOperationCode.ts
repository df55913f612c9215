/** The userOp executors' steps after the approval, evaluated on first use: `load` brings in the script that holds them. */
import { loadedOnCall } from '../../shared/lazy';
import type { UserOperationCode, UserOperationLaterCode } from './executors/executor';

export function lazyUserOperationCode(load: () => Promise<UserOperationLaterCode>): UserOperationCode {
  return loadedOnCall(load, ['sendSponsored', 'refreshSponsored', 'sendUsdc', 'refreshUsdc', 'withPaymasterAllowances']);
}
