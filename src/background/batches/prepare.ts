/**
 * A new batch, as it waits for the user: which executor will run it (sponsored when a paymaster pays, atomic when
 * asked or when the account is already upgraded, sequential otherwise; usdc when only a fee in USDC can be paid) and
 * that executor's plan. Nothing is signed.
 */
import { walletDelegateOf, type AccountKind, type DelegateKind } from '../../shared/delegates';
import { BatchErrorCode, RpcError } from '../../shared/errors';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { DataSuffix } from '../../shared/schemas/dataSuffix';
import type { BatchRequest } from '../../shared/schemas/sendCalls';
import type { ChainNode } from '../networks/rpcClient';
import { atomic } from './executors/atomic';
import type { BatchDraft, FeePlanning } from './executors/executor';
import { sequential } from './executors/sequential';
import { sponsored } from './executors/sponsored';
import { sponsorshipFor } from './sponsorship';
import type { BatchCall, BatchRecord } from './types';

/**
 * Which of the wallet's delegates the account already delegates to (null: none yet), and whether it has other code;
 * with `atomicRequired`, throws 5710 or 5760 when an atomic batch (or a userOp, which is atomic too) cannot run for it
 * on this network.
 */
async function accountDelegate(node: ChainNode, network: Network, from: Hex, atomicRequired: boolean, account: AccountKind): Promise<{ delegate: DelegateKind | null; otherCode: boolean }> {
  const code = await node<string>('eth_getCode', [from, 'pending']);
  const delegate = walletDelegateOf(code, account);
  if (atomicRequired && !network.eip7702) {
    throw new RpcError(BatchErrorCode.unsupportedChain, `EIP-7702 not supported on chain ${network.chainId} (${network.name}): atomic batches are not possible there`);
  }
  if (atomicRequired && code !== '0x' && !delegate) {
    throw new RpcError(BatchErrorCode.atomicityNotSupported, `Atomicity required but not possible: ${from} already has code that is neither Simple7702Account nor the wallet's DeleGator`);
  }
  return { delegate, otherCode: code !== '0x' && !delegate };
}

/**
 * A Ledger account runs a batch of several calls atomically where it can, even when the site allows otherwise: one
 * transaction (and for an upgrade one authorization) to confirm on the device, where a sequential batch needs one per
 * call. Without EIP-7702 it runs sequentially, as a key account's does.
 */
const ledgerAtomic = (network: Network, account: AccountKind, calls: BatchCall[]): boolean => account.ledger === true && calls.length > 1 && network.eip7702;

/**
 * An ERC-8021 attribution to place, and whether the screen words call `index` as a function (its data starts with the
 * function's canonical encoding, so its arguments end before anything after it).
 */
export interface AttributionToPlace {
  suffix: DataSuffix;
  worded: (index: number) => Promise<boolean>;
}

/**
 * ERC-8021 in a sequential batch: each call is its own transaction, so the suffix goes after a call's data only where
 * it cannot change what the call does: after data the screen words as a function (the arguments end before it), or on
 * a plain transfer to an account with no code. Never after data the wallet cannot read (it may stop inside its
 * arguments, which the attribution's registry address and codes would then finish: an approve's selector and a word's
 * zeros would become approve(registry, …)), nor on a transfer to a contract (the suffix would be its calldata) nor to
 * the account itself (its own code, once delegated, runs what it reads). The call keeps its data as the contract
 * executes it; the attribution is named beside it, for the signer alone to append (encoding.ts signedData).
 */
async function suffixedCalls(node: ChainNode, from: Hex, calls: BatchCall[], { suffix, worded }: AttributionToPlace): Promise<BatchCall[]> {
  const carries = (call: BatchCall, i: number) =>
    call.data !== '0x' ? worded(i) : !call.to || call.to.toLowerCase() === from.toLowerCase() ? Promise.resolve(false) : node<string>('eth_getCode', [call.to, 'pending']).then((code) => code === '0x');
  const carried = await Promise.all(calls.map(carries));
  return calls.map((call, i) => (carried[i] ? { ...call, suffix: suffix.value } : call));
}

/**
 * Plans the batch. An `attribution` (ERC-8021, parsed) goes where indexers read it and no call can run it: after the
 * transaction's calldata for an atomic batch, after the userOp's callData for a sponsored one or one paid in USDC (both
 * kept on the record for the executor), after some calls' own data for a sequential one (see suffixedCalls). No call's
 * `data` ever holds it: what the user is shown is read from the calls as they execute. With `fees`, who pays the fee
 * when no site's paymaster does is decided too (./feeOptions.ts, in the worker's later script): ETH, USDC, both for the user to pick, or neither.
 */
export async function prepareBatch(
  node: ChainNode,
  network: Network,
  draft: BatchDraft,
  request: Pick<BatchRequest, 'atomicRequired' | 'capabilities'> & { ledger?: boolean },
  devnetBuild: boolean,
  attribution?: AttributionToPlace,
  fees?: FeePlanning,
): Promise<BatchRecord> {
  const sponsorship = await sponsorshipFor(network, request.capabilities, devnetBuild);
  const account = { ledger: request.ledger === true };
  // Planned atomic for the device alone: if the device will not sign the upgrade, it may still run sequentially.
  const fallback = !request.atomicRequired && ledgerAtomic(network, account, draft.calls);
  const atomicWanted = request.atomicRequired || fallback;
  const { delegate, otherCode } = await accountDelegate(node, network, draft.from, atomicWanted || sponsorship !== undefined, account);
  const upgraded = delegate !== null;
  const executor = sponsorship ? sponsored : atomicWanted || upgraded ? atomic : sequential;
  const marked = { ...draft, ...(fallback && { sequentialFallback: true as const }) };
  const placed = !attribution ? marked : executor === sequential ? { ...marked, calls: await suffixedCalls(node, draft.from, draft.calls, attribution) } : { ...marked, dataSuffix: attribution.suffix.value };
  const context = { node, network, upgraded, ...(delegate ? { delegate } : {}), sponsorship, account };
  if (sponsorship || !fees) return executor.plan(context, placed);
  const ethPlan = executor.plan(context, placed);
  // Awaited by the later script's withFeeSources, once it has loaded.
  ethPlan.catch(() => undefined);
  const usdcDraft = attribution ? { ...draft, dataSuffix: attribution.suffix.value } : draft;
  return fees.code.withFeeSources({ context, ethPlan, draft: usdcDraft, otherCode, fees });
}
