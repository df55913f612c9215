/** keyCode.ts evaluated on first use rather than at the worker's start: `load` brings in the script that holds it. */
import { loadedOnCall, type LoadedOnCall } from '../../shared/lazy';
import type * as Code from './keyCode';

export type KeyCode = LoadedOnCall<typeof Code>;

export function lazyKeyCode(load: () => Promise<typeof Code>): KeyCode {
  return loadedOnCall(load, ['importedKey', 'isValidPhrase', 'newPhrase', 'approvedTypedDataDigest', 'approvedTypedDataHashes', 'typedDataDigest', 'typedDataStructHash', 'verifyMessage', 'recoverAddress']);
}
