/**
 * EIP-7966 eth_sendRawTransactionSync: the node sends the transaction and answers with its receipt once it is
 * included (or pre-confirmed, on a flashblocks node), so the wallet need not poll for it. Params are only the bytes:
 * the optional timeout is left to the node (anvil 1.7 refuses it in either form), and the wallet stops listening
 * after SYNC_SEND_TIMEOUT_MS, which makes a slow node an unclear answer like any other (followed by polling).
 */
import { RpcError } from '../../../shared/errors';
import type { Hex } from '../../../shared/params';
import type { ChainNode } from '../../networks/rpcClient';
import type { CallReceipt } from '../types';

/** Above the 2 s the EIP recommends as the node's own wait, so such a node's timeout answer is heard. */
export const SYNC_SEND_TIMEOUT_MS = 3_000;

/** JSON-RPC 2.0 "method not found". */
const METHOD_NOT_FOUND = -32601;
/** EIP-7966's codes for "the node has the transaction but no receipt within its wait": 4 timeout, 5 not ready. */
const NO_RECEIPT_YET = [4, 5];

export interface NodeReceipt extends CallReceipt {
  [extra: string]: unknown;
}

/** The receipt; `waiting` when the node holds the bytes without a receipt yet; `unsupported` when it lacks the method. */
export type SyncSendAnswer = NodeReceipt | 'waiting' | 'unsupported';

/** A node without the method: -32601 (EIP-7966: "method not found"), or a gateway's words for it. */
export const methodMissing = (error: unknown): boolean =>
  error instanceof RpcError &&
  (error.code === METHOD_NOT_FOUND || /\bmethod\b.*\b(not found|not supported|unsupported|does not exist|not available)\b/i.test(error.message));

/** Throws what eth_sendRawTransaction would (a refusal, or an unclear answer), for the caller to treat the same way. */
export async function sendRawTransactionSync(node: ChainNode, raw: Hex): Promise<SyncSendAnswer> {
  try {
    return await node<NodeReceipt>('eth_sendRawTransactionSync', [raw], { timeoutMs: SYNC_SEND_TIMEOUT_MS });
  } catch (error) {
    if (methodMissing(error)) return 'unsupported';
    if (error instanceof RpcError && NO_RECEIPT_YET.includes(error.code)) return 'waiting';
    throw error;
  }
}
