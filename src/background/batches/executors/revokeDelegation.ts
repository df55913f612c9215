/**
 * An account's delegation set by one type-4 transaction, value 0, no data, carrying its EIP-7702 authorization for a
 * target. "Revert to a plain account" targets address zero, which empties its code: `revokeDelegation`, the account
 * sends it to itself; `revokeDelegationOf` (the delegation firewall's revert), another account (`batch.from`) sends
 * and pays for it, carrying the authorization of `batch.authority`, so an account drained of its ETH can still be
 * cleared. `upgradeAccount` (a first grant's upgrade) targets the DeleGator, which its record must name, sent by the
 * account itself.
 */
import { ZeroAddress, type AuthorizationRequest } from 'ethers';
import { DELEGATOR_V08 } from '../../../shared/contracts';
import { BatchErrorCode, RpcError } from '../../../shared/errors';
import type { Hex } from '../../../shared/params';
import type { BatchRecord } from '../types';
import { AUTHORIZATION_GAS } from './atomic';
import { planned, type BatchDeps, type Executor } from './executor';
import { TX_BASE_GAS, hexGas, withMargin } from './gas';
import { refreshTransactions } from './transactionReceipts';
import { sendTransactions, signTransaction, type SignTransactions } from './transactions';

/**
 * The authorization that delegates `authority` to `target` (address zero clears it). A transaction bumps its sender's
 * nonce before the authorizations are applied: when the authority sends it itself, it takes its nonce + 1; when
 * another account sends it, the authority's own current nonce.
 */
export function delegatingAuthorization(p: { target: Hex; authority: Hex; sender: Hex; senderNonce: number; authorityNonce: number; chainId: bigint }): AuthorizationRequest {
  const nonce = p.authority.toLowerCase() === p.sender.toLowerCase() ? p.senderNonce + 1 : p.authorityNonce;
  return { address: p.target, nonce, chainId: p.chainId };
}

type DelegatingKind = 'revokeDelegation' | 'revokeDelegationOf' | 'upgradeAccount';

/**
 * The target each kind authorizes, whatever else its record says: address zero for the clearings; for an upgrade the
 * DeleGator, the one delegate a grant's window names, and nothing else (a record without it would clear the account).
 */
function targetOf(kind: DelegatingKind, batch: BatchRecord): Hex {
  if (kind !== 'upgradeAccount') return ZeroAddress as Hex;
  if (batch.delegateTo?.toLowerCase() !== DELEGATOR_V08.toLowerCase()) {
    throw new RpcError(BatchErrorCode.upgradeRejected, `An account is upgraded only to the DeleGator (${DELEGATOR_V08}), not to ${batch.delegateTo ?? 'nothing'}: nothing was signed`);
  }
  return DELEGATOR_V08;
}

/** Signs the transaction: the authority is `batch.authority` when set, else the sender itself. */
const signer = (deps: BatchDeps, kind: DelegatingKind): SignTransactions => async (sender, batch, nonce, fees) => {
  const target = targetOf(kind, batch);
  const chainId = BigInt(batch.chainId);
  const authority = batch.authority ?? batch.from;
  const self = authority.toLowerCase() === batch.from.toLowerCase();
  const [authorityWallet, authorityNonce] = self
    ? [sender, nonce]
    : await Promise.all([
      deps.accounts.signer(authority),
      deps.nodeFor(batch.chainId).then((node) => node<Hex>('eth_getTransactionCount', [authority, 'pending'])).then(Number),
    ]);
  const authorization = await authorityWallet.authorize(delegatingAuthorization({ target, authority, sender: batch.from, senderNonce: nonce, authorityNonce, chainId }));
  return [
    await signTransaction(
      sender,
      {
        chainId, type: 4, nonce, to: batch.from, value: 0n, data: '0x', gasLimit: BigInt(batch.gasLimits[0]),
        maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas, authorizationList: [authorization],
      },
      [0],
    ),
  ];
};

const GAS_LIMIT = hexGas(withMargin(TX_BASE_GAS + AUTHORIZATION_GAS));

const delegating = (kind: DelegatingKind): Executor => ({
  plan: async ({ network }, draft) => planned(draft, network, { kind, executor: kind, atomic: false, upgrade: false, gasLimits: [GAS_LIMIT] }),
  send: (deps, batch) => sendTransactions(deps, batch, signer(deps, kind)),
  refresh: refreshTransactions,
});

export const revokeDelegation: Executor & { gasLimit: Hex } = { ...delegating('revokeDelegation'), gasLimit: GAS_LIMIT };
export const revokeDelegationOf = delegating('revokeDelegationOf');
export const upgradeAccount: Executor & { gasLimit: Hex } = { ...delegating('upgradeAccount'), gasLimit: GAS_LIMIT };
