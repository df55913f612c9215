/**
 * The refusals a screen meets carry their words, and in English (the tests' browser) they say the worker's message
 * exactly: each refusal is made here by the code that makes it, never copied.
 */
import { describe, expect, it } from 'vitest';
import { delegationCode } from '../../shared/contracts';
import { RpcError, type ErrorData } from '../../shared/errors';
import { LOCAL_DEVNET } from '../../shared/networks';
import { recipient } from '../../shared/params';
import { inEnglish } from '../../shared/words.fixture';
import { lazyTransactionCode } from '../batches/lazyTransactionCode';
import { fakeBatches } from '../batches/storeFake.fixture';
import { revokeAllCall } from '../executionPermissions/nonce';
import { revokeNotWaiting } from '../executionPermissions/revokeWaiting';
import { loadLater } from '../loadLater';
import { TX_ERRORS } from '../networks/nodeErrors';
import { checkNetwork } from '../networks/edit';
import { callNode } from '../networks/rpcClient';
import { testServices } from '../testing';
import { askAsWallet } from '../rpc/pipeline';
import type { Services } from '../services';
import { readToken } from '../tokens/read';
import { pageError, refusalWords } from './refusalWords';
import { nodeOnThisMachine, saysInWords } from './refusals.fixture';
import { selectedSender } from './send';

const MNEMONIC = 'test test test test test test test test test test test junk';
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const KEY_0 = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const PASSWORD = 'correct horse';
const node = nodeOnThisMachine();



/** The popup's requests to a wallet of MNEMONIC; each error answered must carry words saying its message. */
async function popup() {
  const { page, send } = testServices();
  const refused = async (method: string, params: unknown) => {
    const answer = (await page(method, params)) as { error?: { message: string; data?: ErrorData } };
    const words = answer.error?.data?.words;
    expect(words && inEnglish(words), `${method}: ${answer.error?.message}`).toBe(answer.error?.message);
    return answer.error!;
  };
  return { page, send, refused };
}

describe('the words of a page method\'s refusal', () => {
  it('come with the popup\'s refusals: the recovery phrase, the password, reset, names, accounts, tokens, networks, settings, Ledger', async () => {
    const { page, refused } = await popup();
    await refused('unlock', { password: PASSWORD });
    await refused('createWallet', { mnemonic: 'not a phrase', password: PASSWORD });
    await refused('createWallet', { mnemonic: MNEMONIC, password: 'short' });
    expect(await page('createWallet', { mnemonic: MNEMONIC, password: PASSWORD })).toEqual({ result: null });
    await refused('resetWallet', { confirmation: 'reset' });
    await refused('renameAccount', { address: ACCOUNT_0, name: ' ' });
    await refused('importPrivateKey', { privateKey: '0x00', password: PASSWORD });
    await refused('importPrivateKey', { privateKey: KEY_0, password: PASSWORD });
    await refused('removeAccount', { address: ACCOUNT_0, password: PASSWORD });
    await refused('removeAccount', { address: `0x${'1'.repeat(40)}`, password: PASSWORD });
    await refused('addLedgerAccounts', { accounts: [], password: PASSWORD });
    // A field the sentence names is said in the browser's language too.
    const notToken = await refused('addToken', { account: ACCOUNT_0, chainId: '0x7a69', address: '0x12' });
    expect(notToken.data?.words).toEqual({
      key: 'errors_invalidParams',
      values: { refusal: { key: 'errors_notTokenAddress', values: { field: { key: 'errors_fieldTokenContract' }, got: '"0x12"' } } },
    });
    await refused('addToken', { account: ACCOUNT_0, chainId: '0x7a69', address: ACCOUNT_0.replace('f39F', 'F39f') });
    await refused('saveNetwork', { chainId: '0x7a6c', name: '', rpcUrls: [node.url()], eip7702: false });
    await refused('saveNetwork', { chainId: '0x7a6c', name: 'Mine', rpcUrls: [], eip7702: false });
    await refused('saveNetwork', { chainId: '0x7a6c', name: 'Mine', rpcUrls: ['http://rpc.example.com'], eip7702: false });
    await refused('saveNetwork', { chainId: '0x7a6c', name: 'Mine', rpcUrls: [node.url(), node.url()], eip7702: false });
    await refused('saveNetwork', { chainId: '0x01', name: 'Mine', rpcUrls: [node.url()], eip7702: false });
    await refused('saveNetwork', { chainId: '0x1', name: 'Mine', rpcUrls: [node.url()], eip7702: false });
    await refused('removeNetwork', { chainId: '0x7a69' });
    await refused('restoreNetwork', { chainId: '0x7a6c' });
    await refused('setAutoLock', { minutes: 0 });
    await refused('setAutoLock', { minutes: 7 * 24 * 60 + 1 });
    await refused('addDescriptor', { name: 'big.json', json: { blob: 'x'.repeat(300_000) } });
  });

  it('keep what the error\'s data says besides, and never reach a dapp, whose error is as it was', async () => {
    const { page, send, refused } = await popup();
    await page('createWallet', { mnemonic: MNEMONIC, password: PASSWORD });
    await page('lock');
    for (let i = 0; i < 6; i++) await page('unlock', { password: 'wrong password' });
    const throttled = await refused('unlock', { password: 'wrong password' });
    expect(throttled.data).toMatchObject({ retryAt: expect.any(Number), words: { key: 'errors_tooManyPasswords' } });
    const dapp = await send('https://dapp.example', { method: 'eth_getBalance', params: ['0x12', 'latest'] });
    expect(dapp.error).toEqual({ code: -32602, message: 'address must be a 20-byte hex address (0x + 40 hex digits), got "0x12"' });
  });

  it('say the nodes\' refusals, what a node said kept as written inside the wallet\'s sentence', async () => {
    await saysInWords(checkNetwork({ chainId: '0x7a6c', name: 'Mine', rpcUrls: [`${node.url()}/chain`], eip7702: false, bundlerUrl: node.url() }, false));
    const unreachable = await saysInWords(checkNetwork({ chainId: '0x7a6c', name: 'Mine', rpcUrls: ['http://127.0.0.1:9'], eip7702: false }, true));
    expect(unreachable).toEqual({
      key: 'errors_noChainId',
      values: { field: { key: 'errors_fieldRpcUrl' }, why: { key: 'errors_nodeUnreachable', values: { network: 'Mine', why: { key: 'errors_noConnection' } } } },
    });
    await saysInWords(callNode({ urls: [`${node.url()}/limited`], name: 'Mine' }, 'eth_chainId'));
    // A wait past any a number writes in digits ("1e+21") is not said: the sentence stays one the table reads.
    expect(await saysInWords(callNode({ urls: [`${node.url()}/stalls`], name: 'Mine' }, 'eth_chainId'))).toEqual({ key: 'errors_nodesLimiting', values: { network: 'Mine' } });
    for (const [path, answer] of [
      ['broken', { key: 'errors_httpStatus', values: { status: '500' } }],
      ['page', { key: 'errors_httpNoJson', values: { status: '200' } }],
      ['silent', { key: 'errors_noResult' }],
    ] as const) {
      // What went wrong on the way (shared/jsonRpc.ts's transport failures) is said too, not quoted in English.
      const failed = await saysInWords(callNode({ urls: [`${node.url()}/${path}`], name: 'Mine' }, 'eth_chainId'));
      expect(failed).toEqual({ key: 'errors_nodeAnswered', values: { network: 'Mine', answer } });
    }
    const probe = await saysInWords(checkNetwork({ chainId: '0x7a6c', name: 'Mine', rpcUrls: [`${node.url()}/page`], eip7702: false }, true));
    expect(probe.values?.why).toEqual({ key: 'errors_nodeAnswered', values: { network: 'Mine', answer: { key: 'errors_httpNoJson', values: { status: '200' } } } });
    for (const message of Object.values(TX_ERRORS)) await saysInWords(() => { throw new RpcError(-32000, message); });
  });

  it('say why an address is not a token, and a recipient\'s wrong checksum', async () => {
    const noCode = async () => '0x';
    const noAnswers = async (method: string) => (method === 'eth_getCode' ? '0x6080' : '0x');
    await saysInWords(readToken(noCode as never, ACCOUNT_0, ACCOUNT_0, 'Token contract', 'Mine (0x7a6c)'));
    const notErc20 = await saysInWords(readToken(noAnswers as never, ACCOUNT_0, ACCOUNT_0, 'Token contract', 'Mine (0x7a6c)'));
    expect(notErc20.values?.refusal).toMatchObject({ key: 'errors_notErc20', values: { field: { key: 'errors_fieldTokenContract' }, why: { key: 'errors_noSymbol' } } });
    await saysInWords(() => recipient(ACCOUNT_0.replace('f39F', 'F39f'), 'to'));
  });

  it('say why no account can pay the firewall\'s revert: its cost a number the language writes, the symbol and the network as written', async () => {
    // Every account holds nothing; the one to revert delegates to a contract the wallet did not choose.
    const node = async (method: string, params: unknown[] = []) => (method === 'eth_getCode'
      ? (params[0] === ACCOUNT_0 ? delegationCode(`0x${'5f'.repeat(20)}`) : '0x')
      : method === 'eth_getBlockByNumber' ? { baseFeePerGas: '0x3b9aca00' } : '0x0');
    const services = {
      accounts: { list: async () => [{ address: ACCOUNT_0, index: 0, name: 'Account 1' }] },
      networks: { selected: async () => LOCAL_DEVNET },
      nodeFor: async () => node,
      transactionCode: lazyTransactionCode(loadLater),
    } as unknown as Services;
    const wallet = 'chrome-extension://wallet';
    const revert = askAsWallet('revertForeignDelegation', { account: ACCOUNT_0 }, { origin: wallet, method: 'revertForeignDelegation', services, account: ACCOUNT_0, replyTo: { tabId: -1, frameId: 0, origin: wallet, requestId: '' } });
    expect(await saysInWords(revert)).toEqual({ key: 'errors_noRevertPayer', values: { cost: { decimal: '0.0001104' }, symbol: 'ETH', network: LOCAL_DEVNET.name } });
  });

  it('say a revoke already waiting, as Permissions shows it, never with the extension\'s own address', async () => {
    const WALLET = 'chrome-extension://wallet';
    const call = { ...(await revokeAllCall('0x7a69')), from: ACCOUNT_0 as `0x${string}`, chainId: '0x7a69' as const };
    const services = {
      approvals: { pending: async () => [{ origin: WALLET, method: 'wallet_revokeGrants', details: { batchId: 'first' } }] },
      batches: fakeBatches([{ ...call, id: 'first', origin: WALLET, calls: [call] } as never]),
    } as unknown as Parameters<typeof revokeNotWaiting>[1]['services'];
    const refusal = await revokeNotWaiting(call, { origin: WALLET, method: 'wallet_revokeGrants', services }).then(() => expect.unreachable('refused'), (error: RpcError) => error);
    const words = refusalWords(refusal.message);
    expect(words && inEnglish(words)).toBe(refusal.message);
    expect(refusal.message).not.toContain(WALLET);
  });

  it('say a revoke already sent and not confirmed', async () => {
    const call = { ...(await revokeAllCall('0x7a69')), from: ACCOUNT_0 as `0x${string}`, chainId: '0x7a69' as const };
    const sent = { origin: 'chrome-extension://wallet', from: ACCOUNT_0, chainId: '0x7a69', state: 'sent', calls: [call], transactions: [{ hash: '0xab', sent: true, calls: [0] }] };
    const services = { approvals: { pending: async () => [] }, batches: fakeBatches([sent as never]) } as unknown as Parameters<typeof revokeNotWaiting>[1]['services'];
    const refusal = await revokeNotWaiting(call, { origin: 'https://dapp.example', method: 'wallet_revokeExecutionPermission', services }).then(() => expect.unreachable('refused'), (error: RpcError) => error);
    const words = refusalWords(refusal.message);
    expect(words && inEnglish(words)).toBe(refusal.message);
  });

  it('are none for a message not in the table: the screen shows it as it is', () => {
    expect(refusalWords('The descriptor names no definition "Foo"')).toBeUndefined();
    expect(pageError(new RpcError(-32602, 'The descriptor names no definition "Foo"')).toObject()).toEqual({ code: -32602, message: 'The descriptor names no definition "Foo"' });
  });

  it('leave what a descriptor file wrote to the file: a format key or a field label never picks how its refusal is split or said', () => {
    const key = 'display.formats["foo: context must be an object"] must be an object';
    expect(refusalWords(key)).toEqual({ key: 'errors_descriptorNotObject', values: { part: 'display.formats["foo: context must be an object"]' } });
    const label = 'display.formats["Ballot"] field "RPC URL": params.decimals must be a whole number from 0 to 36 (ERC-7730 writes an integer), not -1';
    expect(refusalWords(label)?.values?.place).toMatchObject({ key: 'errors_descriptorFieldPlace', values: { label: 'RPC URL' } });
  });

  it('come with a domain\'s plain Error too, which the pages get as it is rather than as an "Internal error"', async () => {
    const noAccount = await selectedSender({ accounts: { selected: async () => null, list: async () => [] } } as never).then(() => expect.unreachable('refused'), pageError);
    expect(noAccount.toObject()).toEqual({ code: -32603, message: 'The wallet has no account yet', data: { words: { key: 'errors_noAccountYet' } } });
  });
});
