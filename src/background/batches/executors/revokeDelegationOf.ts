/**
 * "Revert to a plain account" paid by another account: one type-4 transaction sent by the payer (`batch.from`, value
 * 0 to itself) carrying the EIP-7702 authorization of the account to clear (`batch.authority`) for address zero. The
 * payer pays the gas, so an account drained of its ETH can still be cleared.
 */
import { ZeroAddress, type AuthorizationRequest } from 'ethers';
import type { Hex } from '../../../shared/params';
import { revokeDelegation } from './revokeDelegation';
import { planned, type BatchDeps, type Executor } from './executor';
import { refreshTransactions, sendTransactions, signTransaction, type SignTransactions } from './transactions';

/**
 * The authorization that clears `authority`'s delegation. A transaction bumps its sender's nonce before the
 * authorizations are applied: when the authority sends it itself, it takes its nonce + 1; when another account
 * sends it, the authority's own current nonce.
 */
export function clearingAuthorization(p: { authority: Hex; sender: Hex; senderNonce: number; authorityNonce: number; chainId: bigint }): AuthorizationRequest {
  const nonce = p.authority.toLowerCase() === p.sender.toLowerCase() ? p.senderNonce + 1 : p.authorityNonce;
  return { address: ZeroAddress, nonce, chainId: p.chainId };
}

const signer = (deps: BatchDeps): SignTransactions => async (payer, batch, nonce, fees) => {
  if (!batch.authority) throw new Error('No account to revert: the batch names no authority');
  const chainId = BigInt(batch.chainId);
  const node = await deps.nodeFor(batch.chainId);
  const [authorityWallet, authorityNonce] = await Promise.all([
    deps.accounts.signer(batch.authority),
    node<Hex>('eth_getTransactionCount', [batch.authority, 'pending']).then(Number),
  ]);
  const authorization = await authorityWallet.authorize(
    clearingAuthorization({ authority: batch.authority, sender: batch.from, senderNonce: nonce, authorityNonce, chainId }),
  );
  return [
    await signTransaction(
      payer,
      {
        chainId, type: 4, nonce, to: batch.from, value: 0n, data: '0x', gasLimit: BigInt(batch.gasLimits[0]),
        maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas, authorizationList: [authorization],
      },
      [0],
    ),
  ];
};

export const revokeDelegationOf: Executor = {
  plan: async ({ network }, draft) => planned(draft, network, { kind: 'revokeDelegationOf', atomic: false, upgrade: false, gasLimits: [revokeDelegation.gasLimit] }),
  send: (deps, batch) => sendTransactions(deps, batch, signer(deps)),
  refresh: refreshTransactions,
};
