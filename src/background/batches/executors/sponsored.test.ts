/**
 * Following a sent sponsored batch: the chain (the user's node) decides, never the bundler. A bundler, which may be a
 * site's own paymaster URL, can claim a receipt for a userOp it never submitted, or say it lost one it holds.
 */
import { Interface, toBeHex, toQuantity, zeroPadValue } from 'ethers';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENTRY_POINT_V08 } from '../../../shared/contracts';
import { RpcError } from '../../../shared/errors';
import { STUB_SIGNATURE } from '../../../shared/erc4337';
import type { Hex } from '../../../shared/params';
import { createSealer, memoryKeyStore } from '../../storage/seal';
import { memoryBackend, typedStorage } from '../../storage/typedStorage';
import { CallsStatus, DROP_AFTER_BLOCKS, FINAL_CONFIRMATIONS, batchStatus } from '../status';
import { createBatchStore } from '../store';
import { BATCHES_DEFAULTS, type CallReceipt } from '../types';
import type { BatchDeps } from './executor';
import * as userOperationCode from './userOperationCode';
import { lazyUserOperationCode } from '../lazyUserOperationCode';
import { sponsored } from './sponsored';

const FROM = '0x00000000000000000000000000000000000000aa';
const TOKEN = '0x00000000000000000000000000000000000000cc';
const HASH = `0x${'11'.repeat(32)}` as Hex;
const BUNDLE_TX = `0x${'22'.repeat(32)}` as Hex;
const BLOCK_HASH = `0x${'33'.repeat(32)}` as Hex;
const op = { sender: FROM, nonce: '0x0', callData: '0x', callGasLimit: '0x1', verificationGasLimit: '0x1', preVerificationGas: '0x1', maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1', signature: STUB_SIGNATURE } as const;
const ENTRY_POINT = new Interface([
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
  'event BeforeExecution()',
]);

type Log = CallReceipt['logs'][number] & { blockNumber: Hex; blockHash: Hex; transactionHash: Hex; removed?: boolean };
const word = (n: bigint | number) => zeroPadValue(toBeHex(n), 32) as Hex;

/** The user's node: its head, the account's EntryPoint nonce, and the bundle transactions mined so far. */
let chain: { head: number; nonce: bigint; receipts: Map<Hex, { blockNumber: Hex; blockHash: Hex; logs: Log[] }> };
/** The bundler: what it claims, and how often the userOp was handed to it. */
let bundler: { receipt: boolean; holds: boolean; submissions: number };

const node = async <T>(method: string, params: unknown[] = []): Promise<T> => {
  if (method === 'eth_blockNumber') return toBeHex(chain.head) as T;
  if (method === 'eth_call') return word(chain.nonce) as T;
  if (method === 'eth_getTransactionReceipt') {
    const found = chain.receipts.get(params[0] as Hex);
    return (found ? { transactionHash: params[0], status: '0x1', gasUsed: '0x99999', ...found } : null) as T;
  }
  if (method === 'eth_getLogs') {
    const { fromBlock, toBlock, topics, address } = params[0] as { fromBlock: Hex; toBlock: Hex; topics: Hex[]; address: Hex };
    // As public nodes and the spec (2.1) do: a range wider than 2,000 blocks is refused.
    if (Number(toBlock) - Number(fromBlock) + 1 > 2_000) throw new RpcError(-32005, 'query exceeds the limit of 2000 blocks');
    const logs = [...chain.receipts.values()].flatMap((r) => r.logs);
    return logs.filter((l) => l.address === address && l.topics[0] === topics[0] && l.topics[1] === topics[1] && Number(l.blockNumber) >= Number(fromBlock) && Number(l.blockNumber) <= Number(toBlock)) as T;
  }
  throw new Error(`the node was asked ${method}`);
};

const claimedReceipt = { userOpHash: HASH, success: true, actualGasUsed: '0x1', logs: [], receipt: { transactionHash: `0x${'fa'.repeat(32)}`, blockHash: `0x${'fa'.repeat(32)}`, blockNumber: '0x1', status: '0x1', gasUsed: '0x1', logs: [] } };
const bundlerNode = async <T>(method: string): Promise<T> => {
  if (method === 'eth_getUserOperationReceipt') return (bundler.receipt ? claimedReceipt : null) as T;
  if (method === 'eth_getUserOperationByHash') return (bundler.holds ? { userOperation: op } : null) as T;
  if (method === 'eth_sendUserOperation') {
    bundler.submissions++;
    throw new RpcError(-32503, 'AA32 paymaster expired or not due');
  }
  throw new Error(`the bundler was asked ${method}`);
};

/** Mines the bundle transaction that ran the userOp: the event with its success, and the logs around it. */
function mine(success: boolean) {
  const at = { blockNumber: toBeHex(chain.head) as Hex, blockHash: BLOCK_HASH, transactionHash: BUNDLE_TX };
  const event = ENTRY_POINT.encodeEventLog('UserOperationEvent', [HASH, FROM, TOKEN, 0, success, 5, 777]);
  const entryPointLog = (log: { data: string; topics: string[] }) => ({ ...at, address: ENTRY_POINT_V08, data: log.data as Hex, topics: log.topics as Hex[] });
  const transfer = { ...at, address: TOKEN as Hex, data: word(21), topics: [word(1)] };
  chain.receipts.set(BUNDLE_TX, {
    blockNumber: at.blockNumber,
    blockHash: at.blockHash,
    // Another userOp's transfer before BeforeExecution's marker, then this one's transfer and its event.
    logs: [{ ...transfer, data: word(99) }, entryPointLog(ENTRY_POINT.encodeEventLog('BeforeExecution', [])), transfer, entryPointLog(event)],
  });
  chain.nonce = 1n;
}

async function sentBatch() {
  const batches = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
  const deps = { batches, nodeFor: async () => node, bundlerFor: async () => bundlerNode, userOperationCode: lazyUserOperationCode(async () => userOperationCode) } as unknown as BatchDeps;
  await batches.add({
    id: 'b', origin: 'https://dapp.example', chainId: '0x7a69', from: FROM, atomic: true, upgrade: false, calls: [], gasLimits: [],
    state: 'sent', transactions: [], createdAt: 0, sponsor: { url: 'https://pm.example', context: {} },
    userOperation: { op, hash: HASH, sent: true, fromBlock: 40 },
  });
  const get = async () => (await batches.get('https://dapp.example', 'b'))!;
  return { get, refresh: async () => sponsored.refresh(deps, await get()) };
}

beforeEach(() => {
  chain = { head: 50, nonce: 0n, receipts: new Map() };
  bundler = { receipt: false, holds: false, submissions: 0 };
});

describe('a sponsored batch followed after sending', () => {
  it('is not confirmed by a bundler\'s receipt with no UserOperationEvent on chain: pending while its nonce is unused, 400 only once the nonce moved past it', async () => {
    bundler.receipt = true;
    const { get, refresh } = await sentBatch();
    await refresh();
    expect(batchStatus(await get())).toBe(CallsStatus.pending);
    expect((await get()).userOperation?.receipt).toBeUndefined();
    chain.head += 10 * DROP_AFTER_BLOCKS;
    await refresh();
    expect(batchStatus(await get())).toBe(CallsStatus.pending);
    // Another userOp took the nonce: this one can never run, and after DROP_AFTER_BLOCKS it is dropped.
    chain.nonce = 1n;
    await refresh();
    expect(batchStatus(await get())).toBe(CallsStatus.pending);
    chain.head += DROP_AFTER_BLOCKS;
    await refresh();
    expect((await get()).userOperation).toMatchObject({ dropped: true });
    expect(batchStatus(await get())).toBe(CallsStatus.offchainFailure);
  });

  it('is never reported failed while a bundler says it lost the userOp and its nonce is still usable: sent again, and pending', async () => {
    const { get, refresh } = await sentBatch();
    for (let look = 0; look < 3; look++) {
      await refresh();
      chain.head += DROP_AFTER_BLOCKS;
    }
    expect((await get()).userOperation).not.toMatchObject({ dropped: true });
    expect(batchStatus(await get())).toBe(CallsStatus.pending);
    expect(bundler.submissions).toBe(3);
  });

  it('is confirmed by the chain alone: the UserOperationEvent for its hash, the receipt from the bundle transaction (its own logs, the event\'s gas), though the bundler knows nothing', async () => {
    const { get, refresh } = await sentBatch();
    mine(true);
    await refresh();
    expect(batchStatus(await get())).toBe(CallsStatus.confirmed);
    const receipt = (await get()).userOperation?.receipt;
    expect(receipt).toEqual({
      transactionHash: BUNDLE_TX, blockHash: BLOCK_HASH, blockNumber: toBeHex(50), status: '0x1', gasUsed: toQuantity(777),
      logs: [{ address: TOKEN, data: word(21), topics: [word(1)] }],
    });
    expect((await get()).userOperation?.final).toBe(false);
    chain.head += FINAL_CONFIRMATIONS;
    await refresh();
    expect((await get()).userOperation?.final).toBe(true);
  });

  it('keeps only its own logs when another userOp of the bundle emitted a look-alike of its event from another contract', async () => {
    const { get, refresh } = await sentBatch();
    mine(true);
    const bundle = chain.receipts.get(BUNDLE_TX)!;
    const [, marker, transfer, event] = bundle.logs;
    const other = `0x${'44'.repeat(32)}`;
    // The earlier userOp's calls: a transfer, then a log of its own contract with the topics of this userOp's event.
    const earlier = [
      { ...transfer, address: '0x00000000000000000000000000000000000000dd' as Hex, data: word(66) },
      { ...event, address: '0x00000000000000000000000000000000000000dd' as Hex },
      { ...event, topics: [event.topics[0], other as Hex, ...event.topics.slice(2)] },
    ];
    bundle.logs = [marker, ...earlier, transfer, event];
    await refresh();
    expect((await get()).userOperation?.receipt?.logs).toEqual([{ address: TOKEN, data: word(21), topics: [word(1)] }]);
  });

  it('is found on chain however long it waited: the event is looked for back from the head in ranges a node accepts', async () => {
    const { get, refresh } = await sentBatch();
    chain.head += 9_000;
    mine(true);
    chain.head += 1;
    await refresh();
    expect(batchStatus(await get())).toBe(CallsStatus.confirmed);
    expect((await get()).userOperation?.receipt?.blockNumber).toBe(toBeHex(9_050));
  });

  it('whose calls reverted in the userOp (the event says success false) is 500', async () => {
    bundler.receipt = true;
    const { get, refresh } = await sentBatch();
    mine(false);
    await refresh();
    expect(batchStatus(await get())).toBe(CallsStatus.reverted);
  });

  it('loses its receipt when a reorg takes the event away, and is pending again while the nonce is free', async () => {
    const { get, refresh } = await sentBatch();
    mine(true);
    await refresh();
    expect(batchStatus(await get())).toBe(CallsStatus.confirmed);
    chain.receipts.clear();
    chain.nonce = 0n;
    await refresh();
    expect(batchStatus(await get())).toBe(CallsStatus.pending);
  });
});
