/**
 * The refusals of the firewall's revert, which the popup's banner says (rpc/firewall.ts), and of an atomic batch the
 * account or the chain cannot run, which the popup's Send says for a fee in USDC as a site's sendCalls screen does
 * (batches/prepare.ts), carry their words, which say in English exactly what the code that refuses wrote: each is made
 * here by that code, never copied. A dapp still gets the English message alone.
 */
import { describe, expect, it } from 'vitest';
import { toErrorObject, type RpcError } from '../../shared/errors';
import { LOCAL_DEVNET, type Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { prepareBatch } from '../batches/prepare';
import type { ChainNode } from '../networks/rpcClient';
import { askAsWallet } from '../rpc/pipeline';
import type { Services } from '../services';
import { pageError } from './refusalWords';
import { saysInWords } from './refusals.fixture';

const WALLET = 'chrome-extension://wallet';
const A: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** A node where the account's code is `code`. */
const node = (code: string) => (async (method: string) => (method === 'eth_getCode' ? code : method === 'eth_getBlockByNumber' ? { baseFeePerGas: '0x1' } : '0x1')) as unknown as ChainNode;

describe('the words of the firewall\'s revert refused', () => {
  it('say an account with no delegation to another contract has nothing to revert, the network\'s name as written', async () => {
    const services = {
      accounts: { list: async () => [{ address: A, index: 0, name: 'Account 1' }] },
      networks: { selected: async () => LOCAL_DEVNET },
      nodeFor: async () => node('0x'),
      approvals: { earlier: async () => undefined },
    } as unknown as Services;
    const revert = askAsWallet('revertForeignDelegation', { account: A }, { origin: WALLET, method: 'revertForeignDelegation', services, account: A, replyTo: { tabId: -1, frameId: 0, origin: WALLET, requestId: '' } });
    expect(await saysInWords(revert)).toEqual({ key: 'errors_noForeignDelegation', values: { address: A, network: LOCAL_DEVNET.name } });
  });
});

describe('the words of an atomic batch refused', () => {
  const draft = { id: 'b', origin: WALLET, from: A, calls: [{ to: A, value: '0x1' as Hex, data: '0x' as Hex }] };
  const atomic = (code: string, network: Network) => prepareBatch(node(code), network, draft, { atomicRequired: true, capabilities: {} }, true);

  it('say a chain without EIP-7702, its id and name as written', async () => {
    const network = { ...LOCAL_DEVNET, name: 'Old chain (v1)', eip7702: false };
    expect(await saysInWords(atomic('0x', network))).toEqual({ key: 'errors_chainWithout7702', values: { chainId: LOCAL_DEVNET.chainId, network: 'Old chain (v1)' } });
  });

  it('say an account whose code is neither of the wallet\'s delegates', async () => {
    expect(await saysInWords(atomic('0x6080', { ...LOCAL_DEVNET, eip7702: true }))).toEqual({ key: 'errors_atomicityImpossible', values: { address: A } });
  });
});

describe('a dapp', () => {
  it('gets the English message alone, the screens its words too', async () => {
    const refusal = (await prepareBatch(node('0x6080'), { ...LOCAL_DEVNET, eip7702: true }, { id: 'b', origin: WALLET, from: A, calls: [] }, { atomicRequired: true, capabilities: {} }, true)
      .catch((error: RpcError) => error)) as RpcError;
    expect(toErrorObject(refusal)).toEqual({ code: 5760, message: refusal.message });
    expect(pageError(refusal).data).toMatchObject({ words: { key: 'errors_atomicityImpossible' } });
  });
});
