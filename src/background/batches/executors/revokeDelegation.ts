/**
 * "Revert to a plain account": one type-4 transaction from the account to itself, value 0, no data, carrying an
 * EIP-7702 authorization for address zero, which clears the account's delegation (its code is empty afterwards).
 */
import { ZeroAddress } from 'ethers';
import type { Hex } from '../../../shared/params';
import { AUTHORIZATION_GAS } from './atomic';
import { planned, type Executor } from './executor';
import { TX_BASE_GAS, hexGas, withMargin } from './gas';
import { refreshTransactions, sendTransactions, signTransaction, type SignTransactions } from './transactions';

const sign: SignTransactions = async (wallet, batch, nonce, fees) => {
  const chainId = BigInt(batch.chainId);
  // The sender is also the authority, and the transaction bumps its nonce first: the authorization takes nonce + 1.
  const authorization = await wallet.authorize({ address: ZeroAddress, nonce: nonce + 1, chainId });
  return [
    await signTransaction(
      wallet,
      {
        chainId, type: 4, nonce, to: batch.from, value: 0n, data: '0x', gasLimit: BigInt(batch.gasLimits[0]),
        maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas, authorizationList: [authorization],
      },
      [0],
    ),
  ];
};

const GAS_LIMIT = hexGas(withMargin(TX_BASE_GAS + AUTHORIZATION_GAS));

export const revokeDelegation: Executor & { gasLimit: Hex } = {
  gasLimit: GAS_LIMIT,
  plan: async ({ network }, draft) => planned(draft, network, { kind: 'revokeDelegation', atomic: false, upgrade: false, gasLimits: [GAS_LIMIT] }),
  send: (deps, batch) => sendTransactions(deps, batch, sign),
  refresh: refreshTransactions,
};
