/**
 * ethers' ABI code (abiModules.ts), loaded on first use. The built worker has it in a classic script of its own,
 * `background-abi.js` (browser/classicScript.ts). Unbuilt (tests), it is the modules themselves.
 */
import { loadClassicScript } from '../browser/classicScript';
import type * as AbiModules from './abiModules';

export type Abi = typeof AbiModules;

/** Set by scripts/bundle.ts in the worker's build: the ABI script's file name. */
declare const __ABI_SCRIPT__: string | undefined;
/** Where abiChunk.ts puts the modules. */
export const ABI_GLOBAL = '__batchWalletAbi';

/** The ABI script's file; undefined unbuilt. */
export const abiScript = typeof __ABI_SCRIPT__ === 'undefined' ? undefined : __ABI_SCRIPT__;

export function loadAbi(): Promise<Abi> {
  return abiScript === undefined ? import('./abiModules') : loadClassicScript<Abi>(abiScript, ABI_GLOBAL);
}
