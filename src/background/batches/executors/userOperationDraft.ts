/**
 * A batch as an EntryPoint v0.8 userOp of the EIP-7702 account before gas, paymaster fields and signature: what the
 * userOp executors plan with (sponsored.ts asks its sponsor with it) and sign (usdcCode.ts, sponsoredOperation.ts).
 */
import { toQuantity } from 'ethers';
import { ENTRY_POINT_V08 } from '../../../shared/contracts';
import { EIP7702_FACTORY, STUB_SIGNATURE, type RpcEip7702Auth, type RpcUserOperation } from '../../../shared/erc4337';
import type { Hex } from '../../../shared/params';
import { abiInterface } from '../../abi/abiInterface';
import type { ChainNode } from '../../networks/rpcClient';
import { delegateOfBatch } from '../delegates';
import { withSuffix } from '../encoding';
import { suggestFees } from '../../fees/tiers';
import type { BatchRecord } from '../types';

const ENTRY_POINT = abiInterface(['function getNonce(address sender, uint192 key) view returns (uint256)']);

/** What a userOp is drafted from: the batch as planned (or being planned). */
export type DraftShape = Pick<BatchRecord, 'from' | 'calls' | 'upgrade'> & Partial<Pick<BatchRecord, 'delegate' | 'dataSuffix'>>;

/** The userOp before gas and paymaster fields; `authorization` is a real one after approval, a dummy before. */
export async function draftOperation(node: ChainNode, chainId: Hex, batch: DraftShape, authorization?: RpcEip7702Auth): Promise<RpcUserOperation> {
  const { from, calls, dataSuffix } = batch;
  const [nonce, fees] = await Promise.all([
    ENTRY_POINT().then((entryPoint) => node<Hex>('eth_call', [{ to: ENTRY_POINT_V08, data: entryPoint.encodeFunctionData('getNonce', [from, 0]) }, 'pending'])),
    suggestFees(node, chainId),
  ]);
  return {
    sender: from,
    nonce: toQuantity(BigInt(nonce)) as Hex,
    ...(authorization ? { factory: EIP7702_FACTORY, factoryData: '0x', eip7702Auth: authorization } : {}),
    callData: withSuffix(await delegateOfBatch(batch).encodeBatch(calls), dataSuffix),
    callGasLimit: '0x0',
    verificationGasLimit: '0x0',
    preVerificationGas: '0x0',
    maxFeePerGas: toQuantity(fees.maxFeePerGas) as Hex,
    maxPriorityFeePerGas: toQuantity(fees.maxPriorityFeePerGas) as Hex,
    signature: STUB_SIGNATURE,
  };
}

/** The delegation nonce: the account's own, since the bundler (not the account) sends the transaction. */
export const accountNonce = async (node: ChainNode, from: Hex): Promise<number> => Number(await node<Hex>('eth_getTransactionCount', [from, 'pending']));
