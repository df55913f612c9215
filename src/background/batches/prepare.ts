/**
 * A new batch, as it waits for the user: which executor will run it (sponsored when a paymaster pays, atomic when
 * asked or when the account is already upgraded, sequential otherwise) and that executor's plan. Nothing is signed.
 */
import { SIMPLE_7702_ACCOUNT, isDelegatedTo } from '../../shared/contracts';
import { BatchErrorCode, RpcError } from '../../shared/errors';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { parseDataSuffix, withSuffix } from '../../shared/schemas/dataSuffix';
import { parsePaymasterCapability } from '../../shared/schemas/paymasterCapability';
import type { BatchRequest } from '../../shared/schemas/sendCalls';
import type { ChainNode } from '../networks/rpcClient';
import { atomic } from './executors/atomic';
import type { BatchDraft } from './executors/executor';
import { sequential } from './executors/sequential';
import { sponsored } from './executors/sponsored';
import type { BatchRecord, Sponsorship } from './types';

/**
 * Whether the account already delegates to Simple7702Account; with `atomicRequired`, throws 5710 or 5760
 * when an atomic batch (or a userOp, which is atomic too) cannot run for it on this network.
 */
async function accountUpgraded(node: ChainNode, network: Network, from: Hex, atomicRequired: boolean): Promise<boolean> {
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

/**
 * The paymasterService capability (spec 2.6, 7.4): on a chain without a bundler it is unsupported,
 * so 5700 unless optional (then the user pays); a bad URL is 4200, and so is one on this machine outside the devnet build.
 */
function sponsorshipFor(network: Network, capabilities: Record<string, unknown>, devnetBuild: boolean): Sponsorship | undefined {
  const requested = capabilities.paymasterService as { optional?: unknown } | undefined;
  if (requested === undefined) return undefined;
  if (!network.bundlerUrl) {
    if (requested?.optional === true) return undefined;
    throw new RpcError(BatchErrorCode.unsupportedCapability, `Paymaster capability required, but this wallet has no bundler for ${network.name} (${network.chainId})`);
  }
  const { url, context } = parsePaymasterCapability(requested, devnetBuild);
  return { url, context };
}

export async function prepareBatch(
  node: ChainNode,
  network: Network,
  draft: BatchDraft,
  request: Pick<BatchRequest, 'atomicRequired' | 'capabilities'>,
  devnetBuild: boolean,
): Promise<BatchRecord> {
  const sponsorship = sponsorshipFor(network, request.capabilities, devnetBuild);
  const upgraded = await accountUpgraded(node, network, draft.from, request.atomicRequired || sponsorship !== undefined);
  const executor = sponsorship ? sponsored : request.atomicRequired || upgraded ? atomic : sequential;
  // ERC-8021: after the userOp's callData when sponsored, else after each call's data.
  const suffix = parseDataSuffix(request.capabilities.dataSuffix);
  const suffixed = !suffix ? draft : sponsorship ? { ...draft, dataSuffix: suffix } : { ...draft, calls: draft.calls.map((c) => ({ ...c, data: withSuffix(c.data, suffix) })) };
  return executor.plan({ node, network, upgraded, sponsorship }, suffixed);
}
