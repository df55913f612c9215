/**
 * Gas estimates with headroom; a call whose estimate the node refuses (it would revert) gets a flat limit and a warning.
 * An estimate that failed on the way (the node unreachable or limiting requests) fails the plan with what happened.
 */
import type { Hex } from '../../../shared/params';
import { failedOnTheWay } from '../../../shared/errors';
import { revertWarning } from '../../../shared/revertWarning';
import type { ChainNode } from '../../networks/rpcClient';
import { askAmount } from '../../networks/nodeAmount';
import { signedData } from '../encoding';
import type { BatchCall } from '../types';

const MARGIN_PERCENT = 120n;
export const FALLBACK_CALL_GAS = 500_000n;
export const TX_BASE_GAS = 21_000n;

export const withMargin = (gas: bigint): bigint => (gas * MARGIN_PERCENT) / 100n;

export const hexGas = (gas: bigint): Hex => `0x${gas.toString(16)}`;

/** The node's estimate: an answer that is no amount ("-1", true, a sentence) fails the plan, never read as a number nor quoted as a revert's reason. */
export async function estimate(node: ChainNode, tx: Record<string, unknown>, overrides?: Record<string, unknown>): Promise<bigint> {
  const params: unknown[] = [tx, 'pending'];
  if (overrides) params.push(overrides);
  return BigInt(await askAmount(node, 'eth_estimateGas', params));
}

/** One call's gas limit: its gasLimitOverride, else the estimate with headroom. */
export async function callGas(node: ChainNode, from: Hex, call: BatchCall): Promise<{ gas: bigint; warning?: string }> {
  if (call.gasLimitOverride) return { gas: BigInt(call.gasLimitOverride) };
  try {
    return { gas: withMargin(await estimate(node, { from, to: call.to, value: call.value, data: signedData(call) })) };
  } catch (error) {
    if (failedOnTheWay(error)) throw error;
    return { gas: FALLBACK_CALL_GAS, warning: revertWarning(call.to, false, error) };
  }
}
