/** Decides how a batch runs (atomic through EIP-7702, or sequential) and how much gas each transaction gets. */
import { RpcError } from '../../shared/errors';
import { SIMPLE_7702_ACCOUNT, delegationCode, isDelegatedTo } from '../../shared/contracts';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { BatchErrorCode } from '../../shared/schemas/sendCalls';
import { encodeExecuteBatch } from './encoding';
import type { ChainNode } from '../services';
import type { BatchCall } from './types';

/** Estimates get 20% headroom; a call whose estimate fails (it would revert) gets a flat limit and a warning. */
const MARGIN_PERCENT = 120n;
const FALLBACK_CALL_GAS = 500_000n;
/** EIP-7702 PER_EMPTY_ACCOUNT_COST, charged for the authorization an upgrade carries. */
const AUTHORIZATION_GAS = 25_000n;
const TX_BASE_GAS = 21_000n;

export interface BatchPlan {
  atomic: boolean;
  upgrade: boolean;
  gasLimits: bigint[];
  /** Why the batch is likely to fail, when estimation says so. */
  warning?: string;
}

const withMargin = (gas: bigint): bigint => (gas * MARGIN_PERCENT) / 100n;

async function estimate(node: ChainNode, tx: Record<string, unknown>, overrides?: Record<string, unknown>): Promise<bigint> {
  const params: unknown[] = [tx, 'pending'];
  if (overrides) params.push(overrides);
  return BigInt(await node<Hex>('eth_estimateGas', params));
}

async function atomicGas(node: ChainNode, from: Hex, calls: BatchCall[], upgrade: boolean): Promise<{ gas: bigint; warning?: string }> {
  // Before the upgrade the account has no code yet: estimate as if it already delegated, then add the authorization.
  const overrides = upgrade ? { [from]: { code: delegationCode(SIMPLE_7702_ACCOUNT) } } : undefined;
  const overridden = calls.reduce((sum, c) => sum + (c.gasLimitOverride ? BigInt(c.gasLimitOverride) : 0n), 0n);
  const floor = TX_BASE_GAS + overridden + (upgrade ? AUTHORIZATION_GAS : 0n);
  try {
    const estimated = await estimate(node, { from, to: from, data: encodeExecuteBatch(calls) }, overrides);
    const gas = withMargin(estimated + (upgrade ? AUTHORIZATION_GAS : 0n));
    return { gas: gas > floor ? gas : floor };
  } catch (error) {
    const others = BigInt(calls.filter((c) => !c.gasLimitOverride).length) * FALLBACK_CALL_GAS;
    return { gas: floor + others, warning: `The batch is likely to revert: ${(error as Error).message}` };
  }
}

export async function callGas(node: ChainNode, from: Hex, call: BatchCall): Promise<{ gas: bigint; warning?: string }> {
  if (call.gasLimitOverride) return { gas: BigInt(call.gasLimitOverride) };
  try {
    return { gas: withMargin(await estimate(node, { from, to: call.to, value: call.value, data: call.data })) };
  } catch (error) {
    return { gas: FALLBACK_CALL_GAS, warning: `${call.to ? `A call to ${call.to}` : 'The contract creation'} is likely to revert: ${(error as Error).message}` };
  }
}

/**
 * Whether the account already delegates to Simple7702Account; with `atomicRequired`, throws 5710 or 5760
 * when an atomic batch (or a userOp, which is atomic too) cannot run for it on this network.
 */
export async function accountUpgraded(node: ChainNode, network: Network, from: Hex, atomicRequired: boolean): Promise<boolean> {
  const code = await node<string>('eth_getCode', [from, 'pending']);
  const upgraded = isDelegatedTo(code, SIMPLE_7702_ACCOUNT);
  if (atomicRequired && !network.eip7702) {
    throw new RpcError(BatchErrorCode.unsupportedChain, `EIP-7702 not supported on chain ${network.chainId} (${network.name}): atomic batches are not possible there`);
  }
  if (atomicRequired && code !== '0x' && !upgraded) {
    throw new RpcError(BatchErrorCode.atomicityNotSupported, `Atomicity required but not possible: ${from} already has code that is not Simple7702Account`);
  }
  return upgraded;
}

export async function planBatch(node: ChainNode, network: Network, from: Hex, calls: BatchCall[], atomicRequired: boolean): Promise<BatchPlan> {
  const upgraded = await accountUpgraded(node, network, from, atomicRequired);
  const atomic = atomicRequired || upgraded;
  if (atomic) {
    const { gas, warning } = await atomicGas(node, from, calls, !upgraded);
    return { atomic, upgrade: !upgraded, gasLimits: [gas], warning };
  }
  const estimates = await Promise.all(calls.map((call) => callGas(node, from, call)));
  const warning = estimates.find((e) => e.warning)?.warning;
  return { atomic, upgrade: false, gasLimits: estimates.map((e) => e.gas), warning };
}
