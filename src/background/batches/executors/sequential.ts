/**
 * A sequential batch (atomicRequired false, on a plain account), and eth_sendTransaction as a one-call batch: one
 * type-2 transaction per call with consecutive nonces, each succeeding or failing on its own.
 */
import { signedData } from '../encoding';
import { planned, type Executor } from './executor';
import { callGas, hexGas } from './gas';
import { refreshTransactions } from './transactionReceipts';
import { sendTransactions, signTransaction, type SignTransactions } from './transactions';

const sign: SignTransactions = (wallet, batch, nonce, fees) =>
  Promise.all(
    batch.calls.map((call, i) =>
      signTransaction(
        wallet,
        {
          chainId: BigInt(batch.chainId), type: 2, nonce: nonce + i, to: call.to, value: BigInt(call.value), data: signedData(call),
          gasLimit: BigInt(batch.gasLimits[i]), maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        },
        [i],
      ),
    ),
  );

export const sequential: Executor = {
  async plan({ node, network }, draft) {
    const estimates = await Promise.all(draft.calls.map((call) => callGas(node, draft.from, call)));
    const warning = estimates.find((e) => e.warning)?.warning;
    return planned(draft, network, { executor: 'sequential', atomic: false, upgrade: false, gasLimits: estimates.map((e) => hexGas(e.gas)), ...(warning ? { warning } : {}) });
  },
  send: (deps, batch) => sendTransactions(deps, batch, sign),
  refresh: refreshTransactions,
};
