/** Param schemas of the node methods (spec section 4): each parses raw params into what is forwarded. */
import { invalidParams } from '../errors';
import { address, block as blockOrTag, boolean, data, hash32, object, positional, isHexWord, quantity as hexQuantity, type Hex } from '../params';


/** Storage positions may be written as a padded 32-byte word (EIP-1967 slots) or a plain number. */
function slot(value: unknown, field: string): Hex {
  if (!isHexWord(value)) throw invalidParams(`${field} must be a hex storage slot of at most 32 bytes, got ${JSON.stringify(value)}`);
  return value as Hex;
}

/** A non-negative safe integer, which some clients send for a quantity: MetaMask lets the node decide, so it goes on as hex. */
const asHex = (value: unknown): Hex | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? `0x${value.toString(16)}` : undefined;
const quantity = (value: unknown, field: string): Hex => asHex(value) ?? hexQuantity(value, field);
const block = (value: unknown, field: string): string => asHex(value) ?? blockOrTag(value, field);

/** The call object of eth_call / eth_estimateGas: checked field by field, passed on as given but for numbers written as hex. */
function callObject(value: unknown, field: string): Record<string, unknown> {
  const tx = { ...object(value, field) };
  for (const key of ['from', 'to'] as const) if (tx[key] != null) address(tx[key], `${field}.${key}`);
  for (const key of ['data', 'input'] as const) if (tx[key] != null) data(tx[key], `${field}.${key}`);
  for (const key of ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'nonce'] as const) {
    if (tx[key] != null) tx[key] = quantity(tx[key], `${field}.${key}`);
  }
  return tx;
}

const none = (method: string) => (params: unknown) => positional(params, method, 0);
const addressAndBlock = (method: string) => (params: unknown) => {
  const [a, b] = positional(params, method, 2);
  return [address(a, 'address'), block(b, 'block')];
};
const byHash = (method: string) => (params: unknown) => [hash32(positional(params, method, 1)[0], 'transaction hash')];
const byBlockAndIndex = (method: string) => (params: unknown) => {
  const [b, index] = positional(params, method, 2);
  return [block(b, 'block'), quantity(index, 'index')];
};
const byBlockHashAndIndex = (method: string) => (params: unknown) => {
  const [hash, index] = positional(params, method, 2);
  return [hash32(hash, 'block hash'), quantity(index, 'index')];
};

/**
 * Every method a page may have the node answer, other than eth_getLogs (its own module) and the filter and
 * subscription methods the wallet keeps itself. An allowlist: each reads chain state, except eth_sendRawTransaction,
 * which carries the page's own signature. Anything else, whatever the node would do with it (anvil's
 * eth_sendUnsignedTransaction spends any account's funds unsigned), is refused before it leaves the wallet.
 */
export const nodeParamSchemas: Record<string, (params: unknown) => unknown[]> = {
  eth_blockNumber: none('eth_blockNumber'),
  eth_gasPrice: none('eth_gasPrice'),
  eth_maxPriorityFeePerGas: none('eth_maxPriorityFeePerGas'),
  eth_getBalance: addressAndBlock('eth_getBalance'),
  eth_getCode: addressAndBlock('eth_getCode'),
  eth_getTransactionCount: addressAndBlock('eth_getTransactionCount'),
  eth_getStorageAt(params) {
    const [a, position, b] = positional(params, 'eth_getStorageAt', 3);
    return [address(a, 'address'), slot(position, 'position'), block(b, 'block')];
  },
  eth_call(params) {
    const [tx, b, overrides] = positional(params, 'eth_call', 1, 3);
    const parsed: unknown[] = [callObject(tx, 'transaction'), b === undefined ? 'latest' : block(b, 'block')];
    return overrides === undefined ? parsed : [...parsed, object(overrides, 'state overrides')];
  },
  eth_estimateGas(params) {
    const [tx, b] = positional(params, 'eth_estimateGas', 1, 2);
    return b === undefined ? [callObject(tx, 'transaction')] : [callObject(tx, 'transaction'), block(b, 'block')];
  },
  eth_feeHistory(params) {
    const [count, newest, percentiles] = positional(params, 'eth_feeHistory', 2, 3);
    const blockCount = typeof count === 'number' && Number.isInteger(count) && count > 0 ? count : quantity(count, 'blockCount');
    if (percentiles !== undefined && (!Array.isArray(percentiles) || percentiles.some((p) => typeof p !== 'number' || p < 0 || p > 100))) {
      throw invalidParams('rewardPercentiles must be an array of numbers between 0 and 100');
    }
    const parsed = [blockCount, block(newest, 'newestBlock')];
    return percentiles === undefined ? parsed : [...parsed, percentiles];
  },
  eth_getTransactionByHash: byHash('eth_getTransactionByHash'),
  eth_getTransactionReceipt: byHash('eth_getTransactionReceipt'),
  eth_getBlockByNumber(params) {
    const [b, full] = positional(params, 'eth_getBlockByNumber', 2);
    return [block(b, 'block'), boolean(full, 'full transactions flag')];
  },
  eth_getBlockByHash(params) {
    const [hash, full] = positional(params, 'eth_getBlockByHash', 2);
    return [hash32(hash, 'block hash'), boolean(full, 'full transactions flag')];
  },
  eth_sendRawTransaction(params) {
    const [raw] = positional(params, 'eth_sendRawTransaction', 1);
    return [data(raw, 'signed transaction')];
  },
  // The rest of the execution-apis read set, and the common extensions MetaMask passes to the node.
  eth_syncing: none('eth_syncing'),
  eth_blobBaseFee: none('eth_blobBaseFee'),
  eth_protocolVersion: none('eth_protocolVersion'),
  web3_clientVersion: none('web3_clientVersion'),
  net_listening: none('net_listening'),
  net_peerCount: none('net_peerCount'),
  web3_sha3: (params) => [data(positional(params, 'web3_sha3', 1)[0], 'data')],
  eth_getBlockReceipts: (params) => [block(positional(params, 'eth_getBlockReceipts', 1)[0], 'block')],
  eth_getBlockTransactionCountByNumber: (params) => [block(positional(params, 'eth_getBlockTransactionCountByNumber', 1)[0], 'block')],
  eth_getBlockTransactionCountByHash: (params) => [hash32(positional(params, 'eth_getBlockTransactionCountByHash', 1)[0], 'block hash')],
  eth_getUncleCountByBlockNumber: (params) => [block(positional(params, 'eth_getUncleCountByBlockNumber', 1)[0], 'block')],
  eth_getUncleCountByBlockHash: (params) => [hash32(positional(params, 'eth_getUncleCountByBlockHash', 1)[0], 'block hash')],
  eth_getTransactionByBlockNumberAndIndex: byBlockAndIndex('eth_getTransactionByBlockNumberAndIndex'),
  eth_getTransactionByBlockHashAndIndex: byBlockHashAndIndex('eth_getTransactionByBlockHashAndIndex'),
  eth_getProof(params) {
    const [a, keys, b] = positional(params, 'eth_getProof', 3);
    if (!Array.isArray(keys)) throw invalidParams('storageKeys must be an array of hex storage slots');
    // Nodes take the keys as 32-byte words only; a slot written as a plain number is padded, as for eth_getStorageAt.
    const word = (k: Hex): Hex => `0x${k.slice(2).padStart(64, '0')}`;
    return [address(a, 'address'), keys.map((k, i) => word(slot(k, `storageKeys[${i}]`))), block(b, 'block')];
  },
  eth_createAccessList(params) {
    const [tx, b] = positional(params, 'eth_createAccessList', 1, 2);
    return b === undefined ? [callObject(tx, 'transaction')] : [callObject(tx, 'transaction'), block(b, 'block')];
  },
  eth_getUncleByBlockNumberAndIndex: byBlockAndIndex('eth_getUncleByBlockNumberAndIndex'),
  eth_getUncleByBlockHashAndIndex: byBlockHashAndIndex('eth_getUncleByBlockHashAndIndex'),
  // Reads geth and reth answer beyond the spec's set, and EIP-7910's fork configuration.
  eth_getHeaderByNumber: (params) => [block(positional(params, 'eth_getHeaderByNumber', 1)[0], 'block')],
  eth_getHeaderByHash: (params) => [hash32(positional(params, 'eth_getHeaderByHash', 1)[0], 'block hash')],
  eth_getRawTransactionByHash: byHash('eth_getRawTransactionByHash'),
  eth_config: none('eth_config'),
  eth_simulateV1(params) {
    const [payload, b] = positional(params, 'eth_simulateV1', 1, 2);
    const simulation = object(payload, 'simulation');
    if (!Array.isArray(simulation.blockStateCalls)) throw invalidParams('simulation.blockStateCalls must be an array');
    return b === undefined ? [simulation] : [simulation, block(b, 'block')];
  },
};
