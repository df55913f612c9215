/**
 * The worker's later code (laterModules.ts), loaded on first use. The built worker has it in a classic script of its
 * own, `background-later.js`, that it compiles only when first needed: a request reviewed or previewed, typed data
 * checked, something signed, a key made or first derived (laterModules.ts lists it; browser/classicScript.ts). Unbuilt (tests), it is the modules themselves.
 */
import { loadClassicScript } from './browser/classicScript';
import type * as LaterModules from './laterModules';

export type Later = typeof LaterModules;

/** Set by scripts/bundle.ts in the worker's build: the later script's file name. */
declare const __LATER_SCRIPT__: string | undefined;
/** Where laterChunk.ts puts the modules. */
export const LATER_GLOBAL = '__batchWalletLater';

/** The later script's file; undefined unbuilt. */
export const laterScript = typeof __LATER_SCRIPT__ === 'undefined' ? undefined : __LATER_SCRIPT__;

export function loadLater(): Promise<Later> {
  return laterScript === undefined ? import('./laterModules') : loadClassicScript<Later>(laterScript, LATER_GLOBAL);
}
