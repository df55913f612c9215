/**
 * An atomic batch: one transaction from the account to itself calling its delegate's batch call (Simple7702Account's
 * executeBatch, the DeleGator's ERC-7821 execute: ../delegates.ts), so every call succeeds or none does. An account
 * not yet delegated is upgraded in that same type-4 transaction (its EIP-7702 authorization, one signature); once
 * delegated the transaction is an ordinary type 2.
 */
import type { TransactionLike } from 'ethers';
import { SIMPLE_7702_ACCOUNT, delegationCode } from '../../../shared/contracts';
import type { Hex } from '../../../shared/params';
import { failedOnTheWay } from '../../../shared/errors';
import { revertWarning } from '../../../shared/revertWarning';
import type { ChainNode } from '../../networks/rpcClient';
import type { Fees } from '../../fees/tiers';
import { delegateOfBatch } from '../delegates';
import { withSuffix } from '../encoding';
import type { BatchRecord } from '../types';
import { planned, type Executor } from './executor';
import { FALLBACK_CALL_GAS, TX_BASE_GAS, estimate, hexGas, withMargin } from './gas';
import { refreshTransactions } from './transactionReceipts';
import { sendTransactions, signTransaction, type SignTransactions } from './transactions';

/** EIP-7702 PER_EMPTY_ACCOUNT_COST, charged for the authorization an upgrade carries. */
export const AUTHORIZATION_GAS = 25_000n;

/** What the outer transaction's calldata and gas follow from: the calls, the suffix, and the delegate that runs them. */
type BatchShape = Pick<BatchRecord, 'calls' | 'dataSuffix' | 'upgrade'> & Partial<Pick<BatchRecord, 'delegate'>>;

/** The outer transaction's calldata: the delegate's batch call, then the ERC-8021 suffix where indexers read it (the account ignores it). */
export const calldata = async (batch: BatchShape): Promise<Hex> => withSuffix(await delegateOfBatch(batch).encodeBatch(batch.calls), batch.dataSuffix);

async function batchGas(node: ChainNode, from: Hex, batch: BatchShape): Promise<{ gas: bigint; warning?: string }> {
  // Before the upgrade the account has no code yet: estimate as if it already delegated, then add the authorization.
  const { upgrade } = batch;
  const overrides = upgrade ? { [from]: { code: delegationCode(SIMPLE_7702_ACCOUNT) } } : undefined;
  const { calls } = batch;
  const overridden = calls.reduce((sum, c) => sum + (c.gasLimitOverride ? BigInt(c.gasLimitOverride) : 0n), 0n);
  const floor = TX_BASE_GAS + overridden + (upgrade ? AUTHORIZATION_GAS : 0n);
  try {
    const estimated = await estimate(node, { from, to: from, data: await calldata(batch) }, overrides);
    const gas = withMargin(estimated + (upgrade ? AUTHORIZATION_GAS : 0n));
    return { gas: gas > floor ? gas : floor };
  } catch (error) {
    if (failedOnTheWay(error)) throw error;
    const others = BigInt(calls.filter((c) => !c.gasLimitOverride).length) * FALLBACK_CALL_GAS;
    return { gas: floor + others, warning: revertWarning(undefined, true, error) };
  }
}

/**
 * The batch's transaction to the account itself as it is signed, by a key here or on a Ledger (../unsignedTransactions.ts):
 * for an upgrade a type 4 whose authorization list the signer fills.
 */
export const atomicTransaction = async (batch: Pick<BatchRecord, 'chainId' | 'from' | 'gasLimits'> & BatchShape, nonce: number, fees: Fees): Promise<TransactionLike> => ({
  chainId: BigInt(batch.chainId), type: batch.upgrade ? 4 : 2, nonce, to: batch.from, value: 0n, data: await calldata(batch),
  gasLimit: BigInt(batch.gasLimits[0]), maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
});

const sign: SignTransactions = async (wallet, batch, nonce, fees) => {
  const tx = await atomicTransaction(batch, nonce, fees);
  // The sender is also the authority, and its nonce is bumped by the transaction first: the authorization takes nonce + 1.
  if (batch.upgrade) tx.authorizationList = [await wallet.authorize({ address: SIMPLE_7702_ACCOUNT, nonce: nonce + 1, chainId: BigInt(batch.chainId) })];
  return [await signTransaction(wallet, tx, batch.calls.map((_, i) => i))];
};

export const atomic: Executor = {
  async plan({ node, network, upgraded, delegate }, draft) {
    const shape = { ...draft, upgrade: !upgraded, ...(upgraded && delegate ? { delegate } : {}) };
    const { gas, warning } = await batchGas(node, draft.from, shape);
    return planned(draft, network, { executor: 'atomic', atomic: true, upgrade: shape.upgrade, ...(shape.delegate ? { delegate: shape.delegate } : {}), gasLimits: [hexGas(gas)], ...(warning ? { warning } : {}) });
  },
  send: (deps, batch) => sendTransactions(deps, batch, sign),
  refresh: refreshTransactions,
};
