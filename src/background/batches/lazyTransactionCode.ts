/** transactionCode.ts evaluated on first use rather than at the worker's start: `load` brings in the script that holds it. */
import { loadedOnCall, type LoadedOnCall } from '../../shared/lazy';
import type * as Code from './transactionCode';

export type TransactionCode = LoadedOnCall<typeof Code>;

export function lazyTransactionCode(load: () => Promise<typeof Code>): TransactionCode {
  return loadedOnCall(load, ['unsignedTransactions', 'unsignedAt', 'unsignedAtomicAt', 'upgradeSigners', 'signerOf', 'repricedUnsigned', 'decodeTransaction', 'decodeSigned', 'signedAuthorizations', 'parseDataSuffix']);
}
