/**
 * A sponsored batch: the account's batch call (../delegates.ts) as one EntryPoint v0.8 UserOperation of the EIP-7702 account, its gas paid
 * by an ERC-7677 paymaster, submitted through the chain's bundler. An account not yet delegated is upgraded by the
 * same userOp (eip7702Auth). Before the approval only the stub is asked (who sponsors); after it: fresh stub →
 * bundler estimate → final paymaster data → sign → send. Nothing is signed with the account key before the user
 * approved, and nothing is sent when the paymaster fails or names another paymaster than the approved stub's. Once
 * sent it is followed on the chain (the user's node), never on the bundler's word (`look`).
 */
import type { BaseWallet } from 'ethers';
import { ENTRY_POINT_V08 } from '../../../shared/contracts';
import { upgradeAddressFor } from '../../../shared/delegates';
import { userOperationHash, type PaymasterFields, type RpcEip7702Auth, type RpcUserOperation } from '../../../shared/erc4337';
import { PaymasterErrorCode, RpcError } from '../../../shared/errors';
import type { Network } from '../../../shared/networks';
import type { Hex } from '../../../shared/params';
import type { ChainNode } from '../../networks/rpcClient';
import { getPaymasterData, getPaymasterStubData } from '../../paymaster/client';
import { dummyAuthorization, signedAuthorization } from '../../paymaster/userOperation';
import { delegateOfBatch } from '../delegates';
import type { BatchRecord, SentUserOperation } from '../types';
import { planned, type BatchDeps, type Executor } from './executor';
import { bundlerError } from './bundlerErrors';
import { accountNonce, draftOperation, refreshUserOperation, sendUserOperation } from './userOperationSend';

/**
 * The service's paymaster must be the one of the stub the user approved: another contract could take other terms
 * (an ERC-20 paymaster charging the account), which the screen never showed.
 */
function pinnedPaymaster<F extends PaymasterFields>(fields: F, approved: Hex | undefined, method: string): F {
  if (approved && fields.paymaster.toLowerCase() === approved.toLowerCase()) return fields;
  throw new RpcError(PaymasterErrorCode.serviceError, 'Paymaster service error', {
    message: `${method}: the paymaster ${fields.paymaster} is not the approved ${approved ?? '(none)'}; nothing was signed or sent`,
  });
}

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

/**
 * After the approval, before anything is signed: the userOp as it will be signed, with `authorization` (signed, or for a
 * device a placeholder its signed one replaces) when it upgrades: fresh stub → bundler estimate → final paymaster data,
 * each pinned to the approved paymaster. Nothing the paymaster says afterwards changes it.
 */
export async function sponsoredOperation(node: ChainNode, bundler: ChainNode, batch: BatchRecord, authorization?: RpcEip7702Auth): Promise<RpcUserOperation> {
  const { sponsor, chainId } = batch;
  if (!sponsor) throw new Error('not a sponsored batch');
  let op = await draftOperation(node, chainId, batch, authorization);
  const { sponsor: _who, isFinal, ...stubFields } = await getPaymasterStubData(sponsor.url, op, chainId, sponsor.context);
  op = { ...op, ...pinnedPaymaster(stubFields, sponsor.paymaster, 'pm_getPaymasterStubData') };
  const gas = await bundler<Pick<RpcUserOperation, 'callGasLimit' | 'verificationGasLimit' | 'preVerificationGas'>>('eth_estimateUserOperationGas', [op, ENTRY_POINT_V08]).catch((error: unknown) => {
    throw bundlerError(error);
  });
  op = { ...op, callGasLimit: gas.callGasLimit, verificationGasLimit: gas.verificationGasLimit, preVerificationGas: gas.preVerificationGas };
  // The final data is signed over the gas values; a stub marked final already is.
  if (isFinal) return op;
  return { ...op, ...pinnedPaymaster(await getPaymasterData(sponsor.url, op, chainId, sponsor.context), sponsor.paymaster, 'pm_getPaymasterData') };
}

/** After the approval: the signed userOp, ready to send (stored by the caller first). */
async function build(node: ChainNode, bundler: ChainNode, wallet: BaseWallet, batch: BatchRecord): Promise<SentUserOperation> {
  const fromBlock = Number(await node<Hex>('eth_blockNumber'));
  const authorization = batch.upgrade ? await signedAuthorization(wallet, batch.chainId, await accountNonce(node, batch.from)) : undefined;
  const op = await sponsoredOperation(node, bundler, batch, authorization);
  const signed = delegateOfBatch(batch).signUserOperation(op, batch.chainId, wallet);
  return { op: signed, hash: userOperationHash(signed, batch.chainId), sent: false, fromBlock };
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

  async send(deps: BatchDeps, batch) {
    const bundler = await deps.bundlerFor(batch.chainId, batch.sponsor);
    return sendUserOperation(deps, batch, bundler, async (unsigned) => {
      const [node, wallet] = await Promise.all([deps.nodeFor(unsigned.chainId), deps.accounts.signer(unsigned.from)]);
      return build(node, bundler, wallet, unsigned);
    });
  },

  /** Follows the userOp on the chain alone (userOperationSend.ts `look`). */
  refresh: (deps, batch, node) => refreshUserOperation(deps, batch, () => deps.bundlerFor(batch.chainId, batch.sponsor), node),
};
