/** Methods the wallet does not know: forwarded to the node as MetaMask does, unless they sign, are the wallet's, or change the node. */
import { describe, expect, it } from 'vitest';
import { LOCAL_DEVNET } from '../../shared/networks';
import { PERMISSIONS_DEFAULTS, createPermissions } from '../permissions/permissions';
import type { Services } from '../services';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { requestBudget } from './budget';
import { runRequest } from './pipeline';

function setup() {
  const local = typedStorage(memoryBackend(), PERMISSIONS_DEFAULTS);
  const asked: { method: string; params: unknown }[] = [];
  const services = {
    permissions: createPermissions(local),
    vault: { isUnlocked: async () => true },
    networks: { selected: async () => LOCAL_DEVNET },
    node: async (method: string, params: unknown) => (asked.push({ method, params }), 'answered'),
    requestBudget: requestBudget({ capacity: 100, perSecond: 100 }, () => 0),
  } as unknown as Services;
  const send = (method: string, params?: unknown) =>
    runRequest({ method, params }, { origin: 'https://dapp.example', method, replyTo: { tabId: 1, frameId: 0, origin: 'https://dapp.example', requestId: '1' }, services });
  return { send, asked };
}

describe('methods the wallet does not know', () => {
  it('go to the node with their params as given', async () => {
    const { send, asked } = setup();
    expect(await send('txpool_status')).toEqual({ result: 'answered' });
    expect(await send('eth_getHeaderByNumber', ['latest'])).toEqual({ result: 'answered' });
    expect(asked).toEqual([{ method: 'txpool_status', params: [] }, { method: 'eth_getHeaderByNumber', params: ['latest'] }]);
  });

  it.each(['personal_unlockAccount', 'wallet_somethingNew', 'eth_signBundle', 'anvil_setBalance', 'evm_increaseTime', 'admin_peers', 'miner_start', 'eth_submitWork', 'eth_coinbase', 'not a method'])(
    '%s is refused with 4200 and never reaches the node',
    async (name) => {
      const { send, asked } = setup();
      expect(await send(name, [])).toMatchObject({ error: { code: 4200 } });
      expect(asked).toEqual([]);
    },
  );

  it('need their params as an array', async () => {
    const { send, asked } = setup();
    expect(await send('txpool_content', { verbose: true })).toMatchObject({ error: { code: -32602, message: 'txpool_content params must be an array to be forwarded to the node' } });
    expect(asked).toEqual([]);
  });

  it('include the read methods MetaMask passes on, each with its params checked', async () => {
    const { send, asked } = setup();
    const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
    expect(await send('eth_getProof', [account, ['0x0'], 'latest'])).toEqual({ result: 'answered' });
    expect(await send('eth_getProof', [account, '0x0', 'latest'])).toMatchObject({ error: { code: -32602, message: 'storageKeys must be an array of hex storage slots' } });
    expect(await send('eth_getBlockReceipts', ['latest'])).toEqual({ result: 'answered' });
    expect(await send('eth_getTransactionByBlockNumberAndIndex', ['latest', 'zero'])).toMatchObject({ error: { code: -32602, message: expect.stringContaining('index') } });
    for (const name of ['web3_clientVersion', 'net_listening', 'eth_syncing', 'eth_blobBaseFee']) expect(await send(name, [])).toEqual({ result: 'answered' });
    expect(await send('eth_simulateV1', [{ blockStateCalls: [] }, 'latest'])).toEqual({ result: 'answered' });
    expect(await send('eth_simulateV1', [{}])).toMatchObject({ error: { code: -32602, message: 'simulation.blockStateCalls must be an array' } });
    expect(asked[0].params).toEqual([account, [`0x${'0'.repeat(64)}`], 'latest']);
    expect(asked.map((a) => a.method)).toEqual(['eth_getProof', 'eth_getBlockReceipts', 'web3_clientVersion', 'net_listening', 'eth_syncing', 'eth_blobBaseFee', 'eth_simulateV1']);
  });
});
