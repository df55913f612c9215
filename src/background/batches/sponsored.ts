/**
 * A sponsored batch: executeBatch(calls) as an EntryPoint v0.8 UserOperation of the EIP-7702 account,
 * its gas paid by an ERC-7677 paymaster, submitted through the chain's bundler. An account not yet
 * delegated is upgraded by the same userOp (eip7702Auth). Order: stub → bundler estimate → final
 * paymaster data → sign → send. Nothing is signed with the account key before the user approved,
 * and nothing is sent when the paymaster fails.
 */
import { Interface, toQuantity } from 'ethers';
import { ENTRY_POINT_V08 } from '../../shared/contracts';
import type { Hex } from '../../shared/params';
import { getPaymasterData, getPaymasterStubData, type StubResult } from '../paymaster/client';
import { EIP7702_FACTORY, STUB_SIGNATURE, userOperationHash, type RpcEip7702Auth, type RpcUserOperation } from '../../shared/erc4337';
import { dummyAuthorization, signUserOperation, signedAuthorization } from '../paymaster/userOperation';
import type { ChainNode } from '../services';
import { encodeExecuteBatch } from './encoding';
import { suggestFees } from './fees';
import type { BatchCall, BatchRecord, SentUserOperation, Sponsorship } from './types';

const ENTRY_POINT = new Interface(['function getNonce(address sender, uint192 key) view returns (uint256)']);

/** The userOp before gas and paymaster fields; `authorization` is a real one after approval, a dummy before. */
async function draft(node: ChainNode, from: Hex, calls: BatchCall[], authorization?: RpcEip7702Auth): Promise<RpcUserOperation> {
  const [nonce, fees] = await Promise.all([
    node<Hex>('eth_call', [{ to: ENTRY_POINT_V08, data: ENTRY_POINT.encodeFunctionData('getNonce', [from, 0]) }, 'pending']),
    suggestFees(node),
  ]);
  return {
    sender: from,
    nonce: toQuantity(BigInt(nonce)) as Hex,
    ...(authorization ? { factory: EIP7702_FACTORY, factoryData: '0x', eip7702Auth: authorization } : {}),
    callData: encodeExecuteBatch(calls),
    callGasLimit: '0x0',
    verificationGasLimit: '0x0',
    preVerificationGas: '0x0',
    maxFeePerGas: toQuantity(fees.maxFeePerGas) as Hex,
    maxPriorityFeePerGas: toQuantity(fees.maxPriorityFeePerGas) as Hex,
    signature: STUB_SIGNATURE,
  };
}

/** The delegation nonce: the account's own, since the bundler (not the account) sends the transaction. */
const accountNonce = async (node: ChainNode, from: Hex): Promise<number> => Number(await node<Hex>('eth_getTransactionCount', [from, 'pending']));

/** Before the approval: asks the service whether it sponsors this batch, and who it is (4300 if it fails). */
export async function askSponsor(node: ChainNode, chainId: Hex, from: Hex, calls: BatchCall[], upgrade: boolean, sponsorship: Sponsorship): Promise<StubResult> {
  const authorization = upgrade ? dummyAuthorization(chainId, await accountNonce(node, from)) : undefined;
  return getPaymasterStubData(sponsorship.url, await draft(node, from, calls, authorization), chainId, sponsorship.context);
}

export interface SponsoredDeps {
  node: ChainNode;
  bundler: ChainNode;
  wallet: Parameters<typeof signUserOperation>[2];
}

/** After the approval: the signed userOp, ready to send and stored by the caller first. */
export async function buildSponsored({ node, bundler, wallet }: SponsoredDeps, batch: BatchRecord): Promise<SentUserOperation> {
  const { sponsor, chainId, from } = batch;
  if (!sponsor) throw new Error('not a sponsored batch');
  const authorization = batch.upgrade ? await signedAuthorization(wallet, chainId, await accountNonce(node, from)) : undefined;
  let op = await draft(node, from, batch.calls, authorization);
  const stub = await getPaymasterStubData(sponsor.url, op, chainId, sponsor.context);
  const { sponsor: _who, isFinal, ...stubFields } = stub;
  op = { ...op, ...stubFields };
  const gas = await bundler<Pick<RpcUserOperation, 'callGasLimit' | 'verificationGasLimit' | 'preVerificationGas'>>('eth_estimateUserOperationGas', [op, ENTRY_POINT_V08]);
  op = { ...op, callGasLimit: gas.callGasLimit, verificationGasLimit: gas.verificationGasLimit, preVerificationGas: gas.preVerificationGas };
  // The final data is signed over the gas values; a stub marked final already is.
  if (!isFinal) op = { ...op, ...(await getPaymasterData(sponsor.url, op, chainId, sponsor.context)) };
  const signed = signUserOperation(op, chainId, wallet);
  return { op: signed, hash: userOperationHash(signed, chainId), sent: false };
}

/** Sends (or, after a restart, resends) the stored userOp; a bundler that already has it is fine. */
export async function sendUserOperation(bundler: ChainNode, sent: SentUserOperation): Promise<void> {
  try {
    await bundler('eth_sendUserOperation', [sent.op, ENTRY_POINT_V08]);
  } catch (error) {
    if (/already known|already in mempool|AA25|nonce/i.test((error as Error).message)) {
      const receipt = await bundler('eth_getUserOperationByHash', [sent.hash]).catch(() => null);
      if (receipt) return;
    }
    throw error;
  }
}
