/**
 * EIP-7966 eth_sendRawTransactionSync: the node sends the transaction and answers with its receipt once it is
 * included (or pre-confirmed, on a flashblocks node), so the wallet need not poll for it. Params are only the bytes:
 * the optional timeout is left to the node (anvil 1.7 refuses it in either form), and the wallet stops listening
 * after SYNC_SEND_TIMEOUT_MS, which makes a slow node an unclear answer like any other (followed by polling).
 * `sendBytes` sends a signed transaction either way, falling back to eth_sendRawTransaction.
 */
import { RpcError } from '../../../shared/errors';
import type { Hex } from '../../../shared/params';
import type { ChainNode } from '../../networks/rpcClient';
import type { BatchRecord } from '../types';
import type { BatchDeps } from './executor';
import { refusesTransaction, unclear } from './nodeAnswers';
import type { CallReceipt } from '../types';

/** Above the 2 s the EIP recommends as the node's own wait, so such a node's timeout answer is heard. */
export const SYNC_SEND_TIMEOUT_MS = 3_000;

/** EIP-7966's codes for "the node has the transaction but no receipt within its wait": 4 timeout, 5 not ready. */
const NO_RECEIPT_YET = [4, 5];

export interface NodeReceipt extends CallReceipt {
  [extra: string]: unknown;
}

/** The receipt, or `waiting` when the node holds the bytes without a receipt yet. */
export type SyncSendAnswer = NodeReceipt | 'waiting';

/**
 * Throws any other answer as it came: the sender tells a refusal of the bytes from an unclear answer and from a node
 * (or its gateway) that does not serve the method, whatever words it uses for that.
 */
export async function sendRawTransactionSync(node: ChainNode, raw: Hex): Promise<SyncSendAnswer> {
  try {
    return await node<NodeReceipt>('eth_sendRawTransactionSync', [raw], { timeoutMs: SYNC_SEND_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof RpcError && NO_RECEIPT_YET.includes(error.code)) return 'waiting';
    throw error;
  }
}

/** Sends the bytes: through eth_sendRawTransactionSync when asked and the node serves it (its answer is the receipt). */
export async function sendBytes(deps: BatchDeps, node: ChainNode, batch: BatchRecord, raw: Hex, sync: boolean): Promise<NodeReceipt | undefined> {
  if (!sync) {
    await node('eth_sendRawTransaction', [raw]);
    return undefined;
  }
  try {
    const answer = await sendRawTransactionSync(node, raw);
    return answer === 'waiting' ? undefined : answer;
  } catch (error) {
    if (unclear(error) || refusesTransaction(error)) throw error;
  }
  // Any other answer is about the method (missing, not allowed by a gateway, in whatever words): the same bytes go
  // out the usual way, whose answer is the verdict; once the node took them, it is not asked the sync way again.
  await node('eth_sendRawTransaction', [raw]);
  await deps.networks.markWithoutSyncSend(batch.chainId);
  return undefined;
}
