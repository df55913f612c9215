/**
 * What the chain says about a sent userOp, read from the user's node (the selected network's), never from a bundler:
 * EntryPoint v0.8's UserOperationEvent for the userOp's hash says it ran and whether its calls succeeded, and the
 * account's EntryPoint nonce for the userOp's key says whether it can still run. A bundler's receipt is only a claim
 * (a site's paymaster URL that bundles too could make one up, or hide one), so none is read.
 */
import { toQuantity } from 'ethers';
import { ENTRY_POINT_V08 } from '../../../shared/contracts';
import type { RpcUserOperation } from '../../../shared/erc4337';
import type { Hex } from '../../../shared/params';
import { abiInterface } from '../../abi/abiInterface';
import type { ChainNode } from '../../networks/rpcClient';
import type { CallReceipt } from '../types';
import type { NodeReceipt } from './syncSend';
import { toCallReceipt } from './transactionReceipts';

const ENTRY_POINT = abiInterface([
  'function getNonce(address sender, uint192 key) view returns (uint256)',
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
  'event BeforeExecution()',
]);

type Log = CallReceipt['logs'][number];
const sameAddress = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
interface NodeLog extends Log {
  transactionHash: Hex;
  blockHash: Hex;
  removed?: boolean;
}

/** The account's EntryPoint nonce for the userOp's key (its upper 192 bits) at block `head`, key included. */
async function entryPointNonce(node: ChainNode, op: Pick<RpcUserOperation, 'sender' | 'nonce'>, head: number): Promise<bigint> {
  const entryPoint = await ENTRY_POINT();
  const data = entryPoint.encodeFunctionData('getNonce', [op.sender, BigInt(op.nonce) >> 64n]);
  return BigInt(await node<Hex>('eth_call', [{ to: ENTRY_POINT_V08, data }, toQuantity(head)]));
}

/**
 * Whether the userOp's nonce is used at block `head`: it ran, or something else took the nonce (another userOp, the
 * account's `incrementNonce`). Until then it can still run, whatever a bundler says about it.
 */
export const nonceUsed = async (node: ChainNode, op: Pick<RpcUserOperation, 'sender' | 'nonce'>, head: number): Promise<boolean> =>
  (await entryPointNonce(node, op, head)) > BigInt(op.nonce);

/**
 * The userOp's logs in its bundle transaction: those after the EntryPoint's previous UserOperationEvent (or its
 * BeforeExecution marker, which ends the bundle's validation) up to its own event, as bundlers report them.
 */
function ownLogs(logs: Log[], at: number, markers: string[]): Log[] {
  let start = at;
  while (start > 0 && !(sameAddress(logs[start - 1].address, ENTRY_POINT_V08) && markers.includes(logs[start - 1].topics[0]))) start--;
  return logs.slice(start, at);
}

/** The spec's eth_getLogs limit (2.1) is 2,000 blocks; public nodes' are often lower. */
const LOGS_RANGE = 1_000;

/**
 * The first of the EntryPoint's logs with `topics` in blocks `fromBlock`…`head`, looked for back from the head in
 * ranges a node accepts: a userOp that waited long ran well after it was signed, most likely lately.
 */
async function eventLog(node: ChainNode, topics: string[], fromBlock: number, head: number): Promise<NodeLog | undefined> {
  for (let to = head; to >= fromBlock; to -= LOGS_RANGE) {
    const range = { fromBlock: toQuantity(Math.max(fromBlock, to - LOGS_RANGE + 1)), toBlock: toQuantity(to) };
    const event = (await node<NodeLog[]>('eth_getLogs', [{ address: ENTRY_POINT_V08, topics, ...range }])).find((log) => !log.removed);
    if (event) return event;
  }
  return undefined;
}

/**
 * The userOp's receipt as the chain has it in blocks `fromBlock`…`head`, or null: the bundle transaction's receipt
 * with the userOp's own logs, its status the event's `success` (whether the calls ran) and its gas the event's
 * `actualGasUsed`.
 */
export async function receiptOnChain(node: ChainNode, hash: Hex, fromBlock: number, head: number): Promise<CallReceipt | null> {
  const entryPoint = await ENTRY_POINT();
  const [ran, before] = [entryPoint.getEvent('UserOperationEvent')!.topicHash, entryPoint.getEvent('BeforeExecution')!.topicHash];
  const event = await eventLog(node, [ran, hash], fromBlock, head);
  if (!event) return null;
  const bundle = await node<NodeReceipt | null>('eth_getTransactionReceipt', [event.transactionHash]);
  // A backend behind the one that served the logs, or a reorg in between: looked at again next time.
  if (!bundle || bundle.blockHash !== event.blockHash) return null;
  // The EntryPoint's own event: a contract run by another userOp of the bundle can emit one with the same topics.
  const at = bundle.logs.findIndex((log) => sameAddress(log.address, ENTRY_POINT_V08) && log.topics[0] === ran && log.topics[1]?.toLowerCase() === hash.toLowerCase());
  if (at < 0) return null;
  const { success, actualGasUsed } = entryPoint.decodeEventLog('UserOperationEvent', event.data, event.topics);
  return {
    ...toCallReceipt({ ...bundle, logs: ownLogs(bundle.logs, at, [ran, before]) }),
    status: success ? '0x1' : '0x0',
    gasUsed: toQuantity(actualGasUsed as bigint) as Hex,
  };
}
