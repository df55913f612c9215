/**
 * A sponsored batch after the approval (sponsored.ts planned it): fresh stub → bundler estimate → final paymaster data
 * → sign. In the worker's later script (userOperationCode.ts): only an approved sponsored batch needs it.
 */
import type { BaseWallet } from 'ethers';
import { ENTRY_POINT_V08 } from '../../../shared/contracts';
import { userOperationHash, type PaymasterFields, type RpcEip7702Auth, type RpcUserOperation } from '../../../shared/erc4337';
import { PaymasterErrorCode, RpcError } from '../../../shared/errors';
import type { Hex } from '../../../shared/params';
import { estimatedGas } from '../../../shared/userOperationGas';
import type { ChainNode } from '../../networks/rpcClient';
import { getPaymasterData, getPaymasterStubData } from '../../paymaster/client';
import { signedAuthorization } from '../../paymaster/userOperation';
import { delegateOfBatch } from '../delegates';
import type { BatchRecord, SentUserOperation } from '../types';
import { bundlerError } from './bundlerErrors';
import { accountNonce, draftOperation } from './userOperationDraft';

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
 * After the approval, before anything is signed: the userOp as it will be signed, with `authorization` (signed, or for a
 * device a placeholder its signed one replaces, rpc/deviceUserOperation.ts) when it upgrades: fresh stub → bundler
 * estimate → final paymaster data, each pinned to the approved paymaster. Nothing the paymaster says afterwards changes it.
 */
export async function sponsoredOperation(node: ChainNode, bundler: ChainNode, batch: BatchRecord, authorization?: RpcEip7702Auth): Promise<RpcUserOperation> {
  const { sponsor, chainId } = batch;
  if (!sponsor) throw new Error('not a sponsored batch');
  let op = await draftOperation(node, chainId, batch, authorization);
  const { sponsor: _who, isFinal, ...stubFields } = await getPaymasterStubData(sponsor.url, op, chainId, sponsor.context);
  op = { ...op, ...pinnedPaymaster(stubFields, sponsor.paymaster, 'pm_getPaymasterStubData') };
  const gas = estimatedGas(await bundler<unknown>('eth_estimateUserOperationGas', [op, ENTRY_POINT_V08]).catch((error: unknown) => {
    throw bundlerError(error);
  }));
  op = { ...op, callGasLimit: gas.callGasLimit, verificationGasLimit: gas.verificationGasLimit, preVerificationGas: gas.preVerificationGas };
  // The final data is signed over the gas values; a stub marked final already is.
  if (isFinal) return op;
  return { ...op, ...pinnedPaymaster(await getPaymasterData(sponsor.url, op, chainId, sponsor.context), sponsor.paymaster, 'pm_getPaymasterData') };
}

/** After the approval: the signed userOp, ready to send (stored by the caller first). */
export async function buildSponsoredOperation(node: ChainNode, bundler: ChainNode, wallet: BaseWallet, batch: BatchRecord): Promise<SentUserOperation> {
  const fromBlock = Number(await node<Hex>('eth_blockNumber'));
  const authorization = batch.upgrade ? await signedAuthorization(wallet, batch.chainId, await accountNonce(node, batch.from)) : undefined;
  const op = await sponsoredOperation(node, bundler, batch, authorization);
  const signed = delegateOfBatch(batch).signUserOperation(op, batch.chainId, wallet);
  return { op: signed, hash: userOperationHash(signed, batch.chainId), sent: false, fromBlock };
}
