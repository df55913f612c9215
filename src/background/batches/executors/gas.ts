/**
 * Gas estimates with headroom; a call whose estimate the node refuses (it would revert) gets a flat limit and a warning.
 * An estimate that failed on the way (the node unreachable or limiting requests) fails the plan with what happened.
 */
import type { Hex } from '../../../shared/params';
import { ErrorCode, RpcError, failedOnTheWay } from '../../../shared/errors';
import { revertWarning } from '../../../shared/revertWarning';
import type { ChainNode } from '../../networks/rpcClient';
import { signedData } from '../encoding';
import type { BatchCall } from '../types';

const MARGIN_PERCENT = 120n;
export const FALLBACK_CALL_GAS = 500_000n;
export const TX_BASE_GAS = 21_000n;

export const withMargin = (gas: bigint): bigint => (gas * MARGIN_PERCENT) / 100n;

export const hexGas = (gas: bigint): Hex => `0x${gas.toString(16)}`;

/** A gas amount as a node writes one: a hex quantity a transaction's gas (a uint64) can hold. */
const GAS = /^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,15})$/;

/**
 * The node's estimate. An answer that is no gas amount ("-1", true, a sentence) is a broken answer, as one that is no
 * JSON: the plan fails, rather than reading a number from it or quoting it as the wallet's reason for a revert.
 */
export async function estimate(node: ChainNode, tx: Record<string, unknown>, overrides?: Record<string, unknown>): Promise<bigint> {
  const params: unknown[] = [tx, 'pending'];
  if (overrides) params.push(overrides);
  const answer = await node<unknown>('eth_estimateGas', params);
  if (typeof answer !== 'string' || !GAS.test(answer)) throw new RpcError(ErrorCode.internal, 'The node answered eth_estimateGas with no gas amount');
  return BigInt(answer);
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
