/** The transactions executor's tests' fake node, whose every answer a test sets, and a batch stored ready to send. */
import { Transaction } from 'ethers';
import { ErrorCode, RpcError } from '../../../shared/errors';
import { DEVNET_BUILD_NETWORKS } from '../../../shared/networks';
import { deriveWallet } from '../../accounts/keys';
import { createSealer, memoryKeyStore } from '../../storage/seal';
import { memoryBackend, typedStorage } from '../../storage/typedStorage';
import { createBatchStore } from '../store';
import { BATCHES_DEFAULTS, type BatchRecord } from '../types';
import type { BatchDeps } from './executor';
import { createNetworks, NETWORKS_DEFAULTS } from '../../networks/registry';
import { nodeSaid } from '../../../shared/errors.fixture';

export const ORIGIN = 'https://dapp.example';
export const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const receiptAt = (hash: string, block: number) => ({ logs: [], status: '0x1', blockHash: `0x${'ab'.repeat(32)}`, blockNumber: `0x${block.toString(16)}`, gasUsed: '0x5208', transactionHash: hash, effectiveGasPrice: '0x3b9aca00' });

/** The chain as a test sets it: the head, the account's nonces, what the node holds, and how sending answers. */
export function fakeChain() {
  const chain = {
    head: 100,
    latestNonce: 5,
    baseFee: 1_000_000_000n,
    sendAnswer: 'accept' as 'accept' | 'unreachable' | string,
    /** How eth_sendRawTransactionSync answers (EIP-7966): a node without it, or the receipt, or its timeout. */
    sync: 'missing' as 'missing' | 'gateway' | 'receipt' | 'preconfirmed' | 'timeout',
    mempool: new Set<string>(),
    receipts: new Map<string, ReturnType<typeof receiptAt>>(),
    /** Transactions sent with eth_sendRawTransaction, and with eth_sendRawTransactionSync. */
    broadcasts: [] as string[],
    syncSends: [] as string[],
    /** Receipt reads still to reach a backend that lags behind (it answers null for what is mined). */
    laggingReceiptReads: 0,
    /** eth_estimateGas's answer; absent, the node cannot estimate. */
    estimate: undefined as bigint | undefined,
  };
  const node = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    switch (method) {
      case 'eth_sendRawTransactionSync': {
        if (chain.sync === 'missing') throw nodeSaid(-32601, 'Method not found');
        // A gateway in front of the node, in its own words.
        if (chain.sync === 'gateway') throw nodeSaid(-32000, 'rpc method is not whitelisted');
        const hash = Transaction.from(params[0] as string).hash!;
        chain.syncSends.push(hash);
        if (chain.sendAnswer !== 'accept') throw nodeSaid(-32000, chain.sendAnswer);
        chain.mempool.add(hash);
        if (chain.sync === 'timeout') throw nodeSaid(4, 'The transaction was added to the mempool but wasn\'t processed in 2s.', hash);
        // Pre-confirmed: from the block the node is still building, one above its latest.
        const receipt = receiptAt(hash, chain.sync === 'preconfirmed' ? chain.head + 1 : chain.head);
        chain.receipts.set(hash, receipt);
        return receipt as T;
      }
      case 'eth_blockNumber': return `0x${chain.head.toString(16)}` as T;
      case 'eth_getTransactionCount': return `0x${chain.latestNonce.toString(16)}` as T;
      case 'eth_getBlockByNumber': return { baseFeePerGas: `0x${chain.baseFee.toString(16)}` } as T;
      case 'eth_maxPriorityFeePerGas': return '0x2' as T;
      case 'eth_estimateGas':
        if (chain.estimate === undefined) break;
        return `0x${chain.estimate.toString(16)}` as T;
      case 'eth_getTransactionByHash': return (chain.mempool.has(params[0] as string) ? {} : null) as T;
      case 'eth_getTransactionReceipt':
        if (chain.laggingReceiptReads > 0) return (chain.laggingReceiptReads--, null) as T;
        return (chain.receipts.get(params[0] as string) ?? null) as T;
      case 'eth_sendRawTransaction': {
        const hash = Transaction.from(params[0] as string).hash!;
        chain.broadcasts.push(hash);
        if (chain.sendAnswer === 'unreachable') throw new RpcError(ErrorCode.chainDisconnected, 'The node is unreachable');
        if (chain.sendAnswer !== 'accept') throw nodeSaid(-32000, chain.sendAnswer);
        chain.mempool.add(hash);
        return hash as T;
      }
    }
    throw new Error(`unexpected ${method}`);
  };
  return { chain, node };
}

export async function setup(extra: Partial<BatchRecord> = {}) {
  const { chain, node } = fakeChain();
  const batches = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
  const networks = createNetworks(typedStorage(memoryBackend(), NETWORKS_DEFAULTS), { builtIn: DEVNET_BUILD_NETWORKS, devnetBuild: true });
  const deps = {
    batches,
    accounts: { signer: async () => deriveWallet('test test test test test test test test test test test junk', 0) },
    networks,
    nodeFor: async () => node,
    bundlerFor: async () => node,
    // Following sent batches is tested in follow.test.ts.
    loops: { watch: () => () => undefined },
    detection: { stored: async () => undefined },
    transactionCode: { decodeTransaction: async (raw: string) => Transaction.from(raw) },
  } as unknown as BatchDeps;
  await batches.add({
    id: 'b', origin: ORIGIN, chainId: '0x7a69', from: FROM, atomic: false, upgrade: false,
    calls: [{ to: TO, value: '0x1', data: '0x' }], gasLimits: ['0x5208'], state: 'awaiting-approval', transactions: [], createdAt: 0, ...extra,
  });
  const stored = async () => (await batches.get(ORIGIN, 'b'))!;
  return { chain, deps, stored, networks };
}
