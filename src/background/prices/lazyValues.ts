/** Assets' values, their code (and its cache of feed reads) evaluated on first use: `load` brings in the script that holds it. */
import { loadedOnCall, type LoadedOnCall } from '../../shared/lazy';
import type { accountValues } from './values';

export type AssetValuesCode = LoadedOnCall<{ accountValues: typeof accountValues }>;

export const lazyValues = (load: () => Promise<{ accountValues: typeof accountValues }>): AssetValuesCode => loadedOnCall(load, ['accountValues']);
