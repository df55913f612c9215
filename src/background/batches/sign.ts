/** Signs a batch's transactions: one type-4 (or type-2 once upgraded) self-call when atomic, one per call otherwise. */
import { keccak256, type HDNodeWallet, type TransactionRequest } from 'ethers';
import { SIMPLE_7702_ACCOUNT } from '../../shared/contracts';
import type { Hex } from '../../shared/params';
import { encodeExecuteBatch } from './encoding';
import type { Fees } from './fees';
import type { BatchRecord, BatchTransaction } from './types';

async function signed(wallet: HDNodeWallet, tx: TransactionRequest, calls: number[]): Promise<BatchTransaction> {
  const raw = (await wallet.signTransaction(tx)) as Hex;
  return { hash: keccak256(raw) as Hex, raw, nonce: Number(tx.nonce), calls, sent: false };
}

export async function signBatch(wallet: HDNodeWallet, batch: BatchRecord, nonce: number, fees: Fees): Promise<BatchTransaction[]> {
  const chainId = BigInt(batch.chainId);
  const common = { chainId, maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
  if (batch.atomic) {
    const tx: TransactionRequest = {
      ...common,
      type: batch.upgrade ? 4 : 2,
      nonce,
      to: batch.from,
      value: 0n,
      data: encodeExecuteBatch(batch.calls),
      gasLimit: BigInt(batch.gasLimits[0]),
    };
    // The sender is also the authority, and its nonce is bumped by the transaction first: the authorization takes nonce + 1.
    if (batch.upgrade) tx.authorizationList = [await wallet.authorize({ address: SIMPLE_7702_ACCOUNT, nonce: nonce + 1, chainId })];
    return [await signed(wallet, tx, batch.calls.map((_, i) => i))];
  }
  return Promise.all(
    batch.calls.map((call, i) =>
      signed(wallet, { ...common, type: 2, nonce: nonce + i, to: call.to, value: BigInt(call.value), data: call.data, gasLimit: BigInt(batch.gasLimits[i]) }, [i]),
    ),
  );
}
