/**
 * A new batch, as it waits for the user: how it will run (atomic, sequential or sponsored), the gas
 * it needs, and, when sponsored, who pays. Nothing is signed here.
 */
import { RpcError } from '../../shared/errors';
import { LOCAL_DEVNET_CHAIN_ID, type Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { parsePaymasterCapability } from '../../shared/schemas/paymasterCapability';
import { BatchErrorCode, type BatchRequest } from '../../shared/schemas/sendCalls';
import type { ChainNode } from '../services';
import { accountUpgraded, planBatch } from './plan';
import { askSponsor } from './sponsored';
import type { BatchRecord, Sponsorship } from './types';

type NewBatch = Pick<BatchRecord, 'id' | 'origin' | 'from' | 'calls'>;

const hexGas = (gas: bigint): Hex => `0x${gas.toString(16)}`;

async function paidBatch(node: ChainNode, network: Network, batch: NewBatch, atomicRequired: boolean): Promise<BatchRecord> {
  const plan = await planBatch(node, network, batch.from, batch.calls, atomicRequired);
  return {
    ...batch, chainId: network.chainId, atomic: plan.atomic, upgrade: plan.upgrade, gasLimits: plan.gasLimits.map(hexGas),
    state: 'awaiting-approval', transactions: [], createdAt: Date.now(), ...(plan.warning ? { warning: plan.warning } : {}),
  };
}

/** A userOp is atomic by nature: executeBatch through the EntryPoint, with the upgrade included when needed. */
async function sponsoredBatch(node: ChainNode, network: Network, batch: NewBatch, sponsorship: Sponsorship): Promise<BatchRecord> {
  const upgraded = await accountUpgraded(node, network, batch.from, true);
  const stub = await askSponsor(node, network.chainId, batch.from, batch.calls, !upgraded, sponsorship);
  return {
    ...batch, chainId: network.chainId, atomic: true, upgrade: !upgraded, gasLimits: [],
    state: 'awaiting-approval', transactions: [], createdAt: Date.now(),
    sponsor: { ...sponsorship, ...(stub.sponsor ? { name: stub.sponsor.name, icon: stub.sponsor.icon } : {}) },
  };
}

/**
 * The paymasterService capability (spec 2.6, 7.4): on a chain without a bundler it is unsupported,
 * so 5700 unless optional (then the user pays); a bad URL is 4200.
 */
function sponsorshipFor(network: Network, capabilities: Record<string, unknown>): Sponsorship | undefined {
  const requested = capabilities.paymasterService as { optional?: unknown } | undefined;
  if (requested === undefined) return undefined;
  if (!network.bundlerUrl) {
    if (requested?.optional === true) return undefined;
    throw new RpcError(BatchErrorCode.unsupportedCapability, `Paymaster capability required, but this wallet has no bundler for ${network.name} (${network.chainId})`);
  }
  const { url, context } = parsePaymasterCapability(requested, network.chainId === LOCAL_DEVNET_CHAIN_ID);
  return { url, context };
}

export function newBatch(node: ChainNode, network: Network, batch: NewBatch, request: Pick<BatchRequest, 'atomicRequired' | 'capabilities'>): Promise<BatchRecord> {
  const sponsorship = sponsorshipFor(network, request.capabilities);
  return sponsorship ? sponsoredBatch(node, network, batch, sponsorship) : paidBatch(node, network, batch, request.atomicRequired);
}
