/**
 * A sequential batch (atomicRequired false, on a plain account), and eth_sendTransaction as a one-call batch: one
 * type-2 transaction per call with consecutive nonces, each succeeding or failing on its own.
 */
import type { TransactionLike } from 'ethers';
import type { Hex } from '../../../shared/params';
import type { ChainNode } from '../../networks/rpcClient';
import type { Fees } from '../../fees/tiers';
import { signedData } from '../encoding';
import type { BatchCall, BatchRecord } from '../types';
import { planned, type Executor } from './executor';
import { callGas, hexGas } from './gas';
import { refreshTransactions } from './transactionReceipts';
import { sendTransactions, signTransaction, type SignTransactions } from './transactions';

/** The batch's transactions as they are signed, by a key here or on a Ledger (../unsignedTransactions.ts). */
export const sequentialTransactions = (batch: Pick<BatchRecord, 'chainId' | 'calls' | 'gasLimits'>, nonce: number, fees: Fees): TransactionLike[] =>
  batch.calls.map((call, i) => ({
    chainId: BigInt(batch.chainId), type: 2, nonce: nonce + i, to: call.to, value: BigInt(call.value), data: signedData(call),
    gasLimit: BigInt(batch.gasLimits[i]), maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
  }));

const sign: SignTransactions = (wallet, batch, nonce, fees) =>
  Promise.all(sequentialTransactions(batch, nonce, fees).map((tx, i) => signTransaction(wallet, tx, [i])));

/** Each call's gas, estimated on its own; the first warning of a call likely to revert. */
export async function sequentialGas(node: ChainNode, from: Hex, calls: BatchCall[]): Promise<{ gasLimits: Hex[]; warning?: string }> {
  const estimates = await Promise.all(calls.map((call) => callGas(node, from, call)));
  const warning = estimates.find((e) => e.warning)?.warning;
  return { gasLimits: estimates.map((e) => hexGas(e.gas)), ...(warning ? { warning } : {}) };
}

export const sequential: Executor = {
  plan: async ({ node, network }, draft) => planned(draft, network, { executor: 'sequential', atomic: false, upgrade: false, ...(await sequentialGas(node, draft.from, draft.calls)) }),
  send: (deps, batch) => sendTransactions(deps, batch, sign),
  refresh: refreshTransactions,
};
