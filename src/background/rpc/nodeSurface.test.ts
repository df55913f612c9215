/**
 * The node surface is an allowlist: only methods that read chain state reach the node. Every method name of the
 * execution API spec and of anvil's, geth's and reth's namespaces is walked through the real pipeline; a name that is
 * not a read must be refused (4200, naming it) before any request leaves the wallet, whatever the node would do with
 * it (anvil's eth_sendUnsignedTransaction spends any account's funds unsigned).
 */
import { describe, expect, it } from 'vitest';
import { LOCAL_DEVNET } from '../../shared/networks';
import { PERMISSIONS_DEFAULTS, createPermissions } from '../permissions/permissions';
import type { Services } from '../services';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { requestBudget } from '../budget/requestBudget';
import { methods, unsupportedReasons } from './methods';
import { runRequest } from './pipeline';
import { nodeSaid } from '../../shared/errors.fixture';

/** ethereum/execution-apis: the eth, debug and engine namespaces. */
const EXECUTION_API = [
  'eth_accounts', 'eth_blobBaseFee', 'eth_blockNumber', 'eth_call', 'eth_chainId', 'eth_coinbase', 'eth_config',
  'eth_createAccessList', 'eth_estimateGas', 'eth_feeHistory', 'eth_gasPrice', 'eth_getBalance', 'eth_getBlockByHash',
  'eth_getBlockByNumber', 'eth_getBlockReceipts', 'eth_getBlockTransactionCountByHash', 'eth_getBlockTransactionCountByNumber',
  'eth_getCode', 'eth_getFilterChanges', 'eth_getFilterLogs', 'eth_getLogs', 'eth_getProof', 'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex', 'eth_getTransactionByBlockNumberAndIndex', 'eth_getTransactionByHash',
  'eth_getTransactionCount', 'eth_getTransactionReceipt', 'eth_getUncleCountByBlockHash', 'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas', 'eth_newBlockFilter', 'eth_newFilter', 'eth_newPendingTransactionFilter',
  'eth_sendRawTransaction', 'eth_sendTransaction', 'eth_sign', 'eth_signTransaction', 'eth_simulateV1', 'eth_syncing',
  'eth_uninstallFilter', 'eth_subscribe', 'eth_unsubscribe', 'eth_sendRawTransactionSync',
  'debug_getBadBlocks', 'debug_getRawBlock', 'debug_getRawHeader', 'debug_getRawReceipts', 'debug_getRawTransaction',
  'engine_exchangeCapabilities', 'engine_exchangeTransitionConfigurationV1', 'engine_forkchoiceUpdatedV1',
  'engine_forkchoiceUpdatedV2', 'engine_forkchoiceUpdatedV3', 'engine_getBlobsV1', 'engine_getBlobsV2',
  'engine_getPayloadBodiesByHashV1', 'engine_getPayloadBodiesByRangeV1', 'engine_getPayloadV1', 'engine_getPayloadV2',
  'engine_getPayloadV3', 'engine_getPayloadV4', 'engine_getPayloadV5', 'engine_newPayloadV1', 'engine_newPayloadV2',
  'engine_newPayloadV3', 'engine_newPayloadV4', 'engine_getClientVersionV1',
];

/** anvil 1.7 (its hardhat_ aliases and the otterscan namespace included). */
const ANVIL = [
  'eth_sendUnsignedTransaction', 'eth_signTypedData', 'eth_signTypedData_v3', 'eth_signTypedData_v4', 'personal_sign',
  'eth_getTransactionBySenderAndNonce', 'eth_fillTransaction', 'eth_getAccount', 'eth_getAccountInfo', 'eth_hashrate',
  'eth_mining', 'eth_getWork', 'eth_submitWork', 'eth_submitHashrate', 'eth_protocolVersion', 'eth_networkId',
  'eth_getRawTransactionByHash', 'eth_getRawTransactionByBlockHashAndIndex', 'eth_getRawTransactionByBlockNumberAndIndex',
  'eth_getUncleByBlockHashAndIndex', 'eth_getUncleByBlockNumberAndIndex', 'eth_sendTransactionSync',
  'anvil_impersonateAccount', 'anvil_stopImpersonatingAccount', 'anvil_autoImpersonateAccount', 'anvil_getAutomine',
  'anvil_mine', 'anvil_setAutomine', 'anvil_setIntervalMining', 'anvil_getIntervalMining', 'anvil_dropTransaction',
  'anvil_dropAllTransactions', 'anvil_removePoolTransactions', 'anvil_reset', 'anvil_setRpcUrl', 'anvil_setBalance',
  'anvil_addBalance', 'anvil_dealERC20', 'anvil_setERC20Allowance', 'anvil_setCode', 'anvil_setNonce',
  'anvil_setStorageAt', 'anvil_setCoinbase', 'anvil_setChainId', 'anvil_setLoggingEnabled', 'anvil_setMinGasPrice',
  'anvil_setNextBlockBaseFeePerGas', 'anvil_dumpState', 'anvil_loadState', 'anvil_nodeInfo', 'anvil_metadata',
  'anvil_snapshot', 'anvil_revert', 'anvil_increaseTime', 'anvil_setNextBlockTimestamp', 'anvil_setTime',
  'anvil_setBlockGasLimit', 'anvil_setBlockTimestampInterval', 'anvil_removeBlockTimestampInterval', 'anvil_mine_detailed',
  'anvil_enableTraces', 'anvil_reorg', 'anvil_rollback', 'anvil_getBlobByHash', 'anvil_getBlobsByTransactionHash',
  'evm_snapshot', 'evm_revert', 'evm_increaseTime', 'evm_setNextBlockTimestamp', 'evm_setTime', 'evm_setBlockGasLimit',
  'evm_setBlockTimestampInterval', 'evm_removeBlockTimestampInterval', 'evm_mine', 'evm_mine_detailed', 'evm_setAutomine',
  'evm_setIntervalMining', 'hardhat_impersonateAccount', 'hardhat_setBalance', 'hardhat_setCode', 'hardhat_setNonce',
  'hardhat_setStorageAt', 'hardhat_mine', 'hardhat_reset', 'hardhat_dropTransaction', 'hardhat_metadata',
  'ots_getApiLevel', 'ots_getInternalOperations', 'ots_hasCode', 'ots_getTransactionError', 'ots_traceTransaction',
  'ots_getBlockDetails', 'ots_getBlockDetailsByHash', 'ots_getBlockTransactions', 'ots_searchTransactionsBefore',
  'ots_searchTransactionsAfter', 'ots_getTransactionBySenderAndNonce', 'ots_getContractCreator',
  'debug_traceTransaction', 'debug_traceCall', 'debug_codeByHash', 'trace_transaction', 'trace_block', 'trace_filter',
  'trace_replayBlockTransactions', 'trace_replayTransaction', 'txpool_status', 'txpool_inspect', 'txpool_content',
  'web3_clientVersion', 'web3_sha3', 'net_version', 'net_listening', 'net_peerCount',
];

/** geth's namespaces (admin, debug, miner, personal, txpool, les, clique and its eth extras). */
const GETH = [
  'admin_addPeer', 'admin_removePeer', 'admin_addTrustedPeer', 'admin_removeTrustedPeer', 'admin_datadir',
  'admin_exportChain', 'admin_importChain', 'admin_nodeInfo', 'admin_peers', 'admin_startHTTP', 'admin_stopHTTP',
  'admin_startWS', 'admin_stopWS', 'admin_startRPC', 'admin_stopRPC', 'debug_traceBlock', 'debug_traceBlockByNumber',
  'debug_traceBlockByHash', 'debug_traceBlockFromFile', 'debug_traceBadBlock', 'debug_standardTraceBlockToFile',
  'debug_setHead', 'debug_chaindbCompact', 'debug_chaindbProperty', 'debug_dbGet', 'debug_dbAncient', 'debug_dumpBlock',
  'debug_getModifiedAccountsByNumber', 'debug_getModifiedAccountsByHash', 'debug_storageRangeAt', 'debug_accountRange',
  'debug_intermediateRoots', 'debug_preimage', 'debug_printBlock', 'debug_setGCPercent', 'debug_setMutexProfileFraction',
  'debug_setBlockProfileRate', 'debug_startCPUProfile', 'debug_stopCPUProfile', 'debug_startGoTrace', 'debug_stopGoTrace',
  'debug_writeBlockProfile', 'debug_writeMemProfile', 'debug_memStats', 'debug_gcStats', 'debug_freeOSMemory',
  'debug_verbosity', 'debug_vmodule', 'debug_stacks', 'debug_getAccessibleState', 'debug_setTrieFlushInterval',
  'miner_setExtra', 'miner_setGasPrice', 'miner_setGasLimit', 'miner_start', 'miner_stop', 'miner_setEtherbase',
  'miner_setRecommitInterval', 'personal_newAccount', 'personal_unlockAccount', 'personal_lockAccount',
  'personal_importRawKey', 'personal_listAccounts', 'personal_listWallets', 'personal_sendTransaction',
  'personal_signTransaction', 'personal_ecRecover', 'personal_openWallet', 'personal_deriveAccount',
  'txpool_contentFrom', 'les_serverInfo', 'les_clientInfo', 'les_addBalance', 'clique_getSnapshot', 'clique_propose',
  'clique_discard', 'clique_getSigners', 'eth_getHeaderByNumber', 'eth_getHeaderByHash', 'eth_resend',
  'eth_pendingTransactions', 'rpc_modules', 'eth_getBlockByNumberWithTxs',
];

/** reth's namespaces beyond geth's (bundles, MEV, flashbots, its own). */
const RETH = [
  'eth_callBundle', 'eth_sendBundle', 'eth_cancelBundle', 'eth_callMany', 'eth_sendPrivateTransaction',
  'eth_sendPrivateRawTransaction', 'eth_cancelPrivateTransaction', 'eth_sendRawTransactionConditional',
  'mev_sendBundle', 'mev_simBundle', 'flashbots_validateBuilderSubmissionV1', 'flashbots_validateBuilderSubmissionV2',
  'flashbots_validateBuilderSubmissionV3', 'flashbots_validateBuilderSubmissionV4', 'reth_getBalanceChangesInBlock',
  'reth_subscribeChainNotifications', 'erigon_getHeaderByNumber', 'erigon_getBlockByTimestamp', 'erigon_forks',
  'parity_pendingTransactions', 'parity_listStorageKeys', 'debug_executionWitness', 'debug_executePayload',
  'admin_clearTxpool', 'eth_signTypedData_v1', 'txpool_contentFrom',
];

/**
 * What may reach the node for a page, written here by hand: the reads of chain state, the spec's one write (bytes the
 * page signed itself), and the wallet's own methods that read the node for the page (filters, subscriptions,
 * capabilities, transaction status). A new entry that forwards anything else fails this test.
 */
const NODE_READS = new Set([
  'eth_blockNumber', 'eth_gasPrice', 'eth_maxPriorityFeePerGas', 'eth_getBalance', 'eth_getCode', 'eth_getTransactionCount',
  'eth_getStorageAt', 'eth_call', 'eth_estimateGas', 'eth_feeHistory', 'eth_getTransactionByHash', 'eth_getTransactionReceipt',
  'eth_getBlockByNumber', 'eth_getBlockByHash', 'eth_syncing', 'eth_blobBaseFee', 'eth_protocolVersion', 'web3_clientVersion',
  'net_listening', 'net_peerCount', 'web3_sha3', 'eth_getBlockReceipts', 'eth_getBlockTransactionCountByNumber',
  'eth_getBlockTransactionCountByHash', 'eth_getUncleCountByBlockNumber', 'eth_getUncleCountByBlockHash',
  'eth_getTransactionByBlockNumberAndIndex', 'eth_getTransactionByBlockHashAndIndex', 'eth_getProof', 'eth_createAccessList',
  'eth_simulateV1', 'eth_getLogs', 'eth_config', 'eth_getHeaderByNumber', 'eth_getHeaderByHash',
  'eth_getRawTransactionByHash', 'eth_getUncleByBlockHashAndIndex', 'eth_getUncleByBlockNumberAndIndex',
]);
const SIGNED_BY_THE_PAGE = new Set(['eth_sendRawTransaction']);
const KEPT_BY_THE_WALLET = new Set([
  'eth_newFilter', 'eth_newBlockFilter', 'eth_newPendingTransactionFilter', 'eth_getFilterChanges', 'eth_getFilterLogs',
  'eth_subscribe', 'wallet_getCapabilities', 'chain_transactionStatus',
]);

/** `answer`: what the node answers every read. */
function setup(answer: () => Promise<unknown> = async () => '0x1') {
  const local = typedStorage(memoryBackend(), PERMISSIONS_DEFAULTS);
  const asked: string[] = [];
  const services = {
    permissions: createPermissions(local),
    vault: { isUnlocked: async () => false },
    networks: { selected: async () => LOCAL_DEVNET },
    node: async (method: string) => (asked.push(method), answer()),
    nodeFor: async () => async (method: string) => (asked.push(method), '0x1'),
    requestBudget: requestBudget({ capacity: 10_000, perSecond: 10_000 }, () => 0),
  } as unknown as Services;
  const send = (method: string, params: unknown = []) =>
    runRequest({ method, params }, { origin: 'https://unconnected.example', method, replyTo: { tabId: 1, frameId: 0, origin: 'https://unconnected.example', requestId: '1' }, services });
  return { send, asked };
}

const ALL_NAMES = [...new Set([...EXECUTION_API, ...ANVIL, ...GETH, ...RETH])];

describe('the node surface is an allowlist of reads', () => {
  it.each(ALL_NAMES.filter((name) => !Object.hasOwn(methods, name)))('%s is not the wallet’s: refused with 4200 naming it, the node not asked', async (name) => {
    const { send, asked } = setup();
    const message = Object.hasOwn(unsupportedReasons, name) ? unsupportedReasons[name] : `The method ${name} is not supported by this wallet`;
    expect(await send(name)).toEqual({ error: { code: 4200, message } });
    expect(asked).toEqual([]);
  });

  it('forwards to the node only the reads written above', () => {
    const forwarding = Object.entries(methods).filter(([, entry]) => entry.node).map(([name]) => name);
    const unexpected = forwarding.filter((name) => !NODE_READS.has(name) && !SIGNED_BY_THE_PAGE.has(name) && !KEPT_BY_THE_WALLET.has(name));
    expect(unexpected).toEqual([]);
    // Every read above is one a page can use.
    expect([...NODE_READS].filter((name) => !forwarding.includes(name))).toEqual([]);
  });

  it('the audit’s proof: an unconnected page, the wallet locked, cannot have anvil spend the account unsigned', async () => {
    const { send, asked } = setup();
    const tx = { from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', to: '0x000000000000000000000000000000000000dEaD', value: '0x3635c9adc5dea00000' };
    expect(await send('eth_sendUnsignedTransaction', [tx])).toMatchObject({ error: { code: 4200, message: expect.stringContaining('eth_sendUnsignedTransaction') } });
    expect(asked).toEqual([]);
  });

  it('forwards the reads beyond the spec’s set with their params checked', async () => {
    const { send, asked } = setup();
    const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
    expect(await send('eth_getHeaderByNumber', ['latest'])).toEqual({ result: '0x1' });
    expect(await send('eth_config', [])).toEqual({ result: '0x1' });
    expect(await send('eth_getRawTransactionByHash', ['0x12'])).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/^transaction hash must be a 32-byte/) } });
    expect(await send('eth_getProof', [account, ['0x0'], 'latest'])).toEqual({ result: '0x1' });
    expect(await send('eth_getProof', [account, '0x0', 'latest'])).toMatchObject({ error: { code: -32602, message: 'storageKeys must be an array of hex storage slots' } });
    expect(await send('eth_getTransactionByBlockNumberAndIndex', ['latest', 'zero'])).toMatchObject({ error: { code: -32602, message: expect.stringContaining('index') } });
    expect(await send('eth_simulateV1', [{ blockStateCalls: [] }, 'latest'])).toEqual({ result: '0x1' });
    expect(await send('eth_simulateV1', [{}])).toMatchObject({ error: { code: -32602, message: 'simulation.blockStateCalls must be an array' } });
    expect(asked).toEqual(['eth_getHeaderByNumber', 'eth_config', 'eth_getProof', 'eth_simulateV1']);
  });
});

describe("a node's answer to a page's read", () => {
  it("never carries a provider's code: a node's 4001 is no user's rejection to the page (-32000, its words kept)", async () => {
    for (const code of [4001, 4100, 4900, 5710]) {
      const { send } = setup(async () => { throw nodeSaid(code, 'User rejected the request', { why: 'node' }); });
      expect(await send('eth_blockNumber')).toEqual({ error: { code: -32000, message: 'User rejected the request', data: { why: 'node' } } });
    }
    const { send } = setup(async () => { throw nodeSaid(3, 'execution reverted', '0x08c379a0'); });
    expect(await send('eth_call', [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', data: '0x' }, 'latest'])).toEqual({ error: { code: 3, message: 'execution reverted', data: '0x08c379a0' } });
  });
});
