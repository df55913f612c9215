/** A fee in USDC's code evaluated on first use rather than at the worker's start: `load` brings in the script that holds it. */
import { loadedOnCall } from '../../shared/lazy';
import type { UsdcBatchCode, UsdcLaterCode } from './executors/executor';

export function lazyUsdcBatchCode(load: () => Promise<UsdcLaterCode>): UsdcBatchCode {
  return loadedOnCall(load, ['planUsdc', 'buildUsdcOperation', 'withFeeSources', 'feeSourcesShown', 'paidWith', 'usdcSendQuote', 'usdcFeePaid']);
}
