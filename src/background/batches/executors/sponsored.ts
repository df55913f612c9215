/**
 * A sponsored batch: the account's batch call (../delegates.ts) as one EntryPoint v0.8 UserOperation of the EIP-7702 account, its gas paid
 * by an ERC-7677 paymaster, submitted through the chain's bundler. An account not yet delegated is upgraded by the
 * same userOp (eip7702Auth). Before the approval only the stub is asked (who sponsors); after it: fresh stub →
 * bundler estimate → final paymaster data → sign → send. Nothing is signed with the account key before the user
 * approved, and nothing is sent when the paymaster fails or names another paymaster than the approved stub's. Once
 * sent it is followed on the chain (the user's node), never on the bundler's word (`look`).
 */
import { upgradeAddressFor } from '../../../shared/delegates';
import { PaymasterErrorCode, RpcError } from '../../../shared/errors';
import type { Network } from '../../../shared/networks';
import type { Hex } from '../../../shared/params';
import { getPaymasterStubData } from '../../paymaster/client';
import { dummyAuthorization } from '../../paymaster/userOperation';
import { planned, type Executor } from './executor';
import { accountNonce, draftOperation } from './userOperationDraft';

/**
 * The chain's USDC paymaster charges the account (a standing allowance lets it skip the permit): a site that names it
 * would take USDC from a batch the screen calls sponsored.
 */
function notUsdcPaymaster(paymaster: Hex, network: Network): void {
  if (paymaster.toLowerCase() !== network.usdcPaymaster?.paymaster.toLowerCase()) return;
  throw new RpcError(PaymasterErrorCode.serviceError, 'Paymaster service error', {
    message: `pm_getPaymasterStubData: the paymaster ${paymaster} is the wallet's USDC paymaster, which charges the account; no site can name it as its sponsor`,
  });
}

export const sponsored: Executor = {
  /** Asks the service whether it sponsors this batch, and who it is (4300 if it fails). */
  async plan({ node, network, upgraded, delegate, sponsorship, account }, draft) {
    if (!sponsorship) throw new Error('a sponsored batch needs its paymaster service');
    const shape = { ...draft, upgrade: !upgraded, ...(upgraded && delegate ? { delegate } : {}) };
    const authorization = upgraded ? undefined : dummyAuthorization(network.chainId, await accountNonce(node, draft.from), account && upgradeAddressFor(account));
    const stub = await getPaymasterStubData(sponsorship.url, await draftOperation(node, network.chainId, shape, authorization), network.chainId, sponsorship.context);
    notUsdcPaymaster(stub.paymaster, network);
    return planned(draft, network, {
      executor: 'sponsored', atomic: true, upgrade: shape.upgrade, ...(shape.delegate ? { delegate: shape.delegate } : {}), gasLimits: [],
      sponsor: { ...sponsorship, paymaster: stub.paymaster, ...(stub.sponsor ? { name: stub.sponsor.name, icon: stub.sponsor.icon } : {}) },
    });
  },

  /** Signs and sends it, then follows it (sponsoredOperation.ts, userOperationSend.ts: the worker's later script). */
  send: (deps, batch) => deps.userOperationCode.sendSponsored(deps, batch),
  refresh: (deps, batch, node) => deps.userOperationCode.refreshSponsored(deps, batch, node),
};
