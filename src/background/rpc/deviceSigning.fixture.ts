/** A wallet whose Ledger account is connected to a site, for the tests of signing on the device (the device played by a key). */
import { Transaction, Wallet } from 'ethers';
import { vi } from 'vitest';
import { LEDGER_7702_ACCOUNT, SIMPLE_7702_ACCOUNT } from '../../shared/contracts';
import type { DevicePayload, DeviceRequest } from '../../shared/deviceSigning';
import type { Hex } from '../../shared/params';
import type { RpcRequest } from '../../shared/protocol';
import type { AccountsSlice } from '../accounts/storedAccounts';
import { runRequest } from './pipeline';
import { memoryKeyStore } from '../storage/seal';
import { memoryBackend, type TypedStorage } from '../storage/typedStorage';
import { testServices } from '../testing';

export const SITE = 'https://dapp.example';
/** The device's key for the account at PATH; the wallet only knows its address. */
export const DEVICE = new Wallet('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
export const OTHER = new Wallet('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');
export const LEDGER = DEVICE.address as Hex;
export const PATH = "44'/60'/0'/0/0";
export const PASSWORD = 'correct horse battery';
export const RECIPIENT = '0x70997970C51812dc3a64C3f2BF8f4d5A8B45D2c8' as Hex;

/** The site's wallet_sendCalls from the Ledger account: `calls` transfers of 1, 2, … wei to RECIPIENT. */
export const ledgerSendCalls = (atomicRequired: boolean, calls = 2, capabilities?: object): RpcRequest => ({
  method: 'wallet_sendCalls',
  params: [{ version: '2.0.0', chainId: '0x7a69', from: LEDGER, atomicRequired, calls: Array.from({ length: calls }, (_, i) => ({ to: RECIPIENT, value: `0x${(i + 1).toString(16)}` })), ...(capabilities ? { capabilities } : {}) }],
});
const MNEMONIC = 'test test test test test test test test test test test junk';

export type Reply = { result?: unknown; error?: { code: number; message: string } };

/** An unlocked wallet whose vault holds the Ledger account, connected to SITE; `kept` carries storage across a worker restart. */
export async function wallet(kept = { sessionArea: memoryBackend(), localArea: memoryBackend(), sealKeys: memoryKeyStore() }, fresh = true) {
  const { services, page } = testServices(kept.sessionArea, undefined, kept);
  if (fresh) {
    await services.vault.create({ mnemonic: MNEMONIC, ledgerAccounts: [{ address: LEDGER, path: PATH }] }, PASSWORD);
    const local = services.settings as unknown as TypedStorage<AccountsSlice>;
    await local.set('accounts', [{ address: LEDGER, index: 0, name: 'Ledger 1', ledgerPath: PATH }]);
    await local.set('selectedAccount', LEDGER);
    await services.permissions.grant(SITE, [LEDGER]);
  }
  let requestId = 0;
  const replyTo = (id: number) => ({ tabId: 1, frameId: 0, origin: SITE, requestId: String(id) });
  /** The site's request; `reply()` is its answer once the user (or the device) settled it. */
  const ask = async (request: RpcRequest) => {
    const id = requestId++;
    const first = await runRequest(request, { origin: SITE, method: request.method, replyTo: replyTo(id), services });
    const approval = (await services.approvals.pending()).at(-1)!;
    return { first, approvalId: approval?.id, reply: async () => (await services.approvals.earlier(replyTo(id))) as Reply | 'waiting' | undefined };
  };
  const deviceRequest = async (id: string, answer?: unknown) => (await page('deviceRequest', { id, ...(answer === undefined ? {} : { answer }) })) as { result?: DeviceRequest | null; error?: { message: string } };
  const deviceSigned = (id: string, signature: string) => page('deviceSigned', { id, signature }) as Promise<Reply>;
  return { services, page, ask, deviceRequest, deviceSigned, kept };
}

/** Stands in for Simple7702Account's runtime code at the two addresses it is deployed at. */
const DELEGATE_RUNTIME = '0x6080604052';
const DELEGATES = [LEDGER_7702_ACCOUNT, SIMPLE_7702_ACCOUNT].map((a) => a.toLowerCase());

/**
 * A devnet node (fetch stubbed): the account's pending nonce is `nonce.value`, its code `code` (and any other address's
 * but the delegates', whose code is `delegateCode`), the tips paid `reward` (slow, market, fast); `more` answers other
 * methods (a paymaster's, a bundler's: one stub answers every URL). The raw transactions it was sent are kept, and every
 * method asked, in order.
 */
export function devnetNode(
  nonce: { value: number },
  { code = '0x', delegateCode = DELEGATE_RUNTIME, reward = ['0x3b9aca00', '0x3b9aca00', '0x3b9aca00'], more = {} }: { code?: string; delegateCode?: string; reward?: string[]; more?: Record<string, (params: unknown[]) => unknown> } = {},
) {
  const sent: Hex[] = [];
  const asked: string[] = [];
  const answers: Record<string, (params: unknown[]) => unknown> = {
    eth_chainId: () => '0x7a69',
    eth_blockNumber: () => '0x10',
    eth_estimateGas: () => '0x5208',
    eth_getTransactionCount: () => `0x${nonce.value.toString(16)}`,
    eth_maxPriorityFeePerGas: () => '0x3b9aca00',
    eth_gasPrice: () => '0x77359400',
    eth_feeHistory: () => ({ oldestBlock: '0xb', baseFeePerGas: Array(6).fill('0x3b9aca00'), gasUsedRatio: Array(5).fill(0.5), reward: Array(5).fill(reward) }),
    eth_getBlockByNumber: () => ({ number: '0x10', hash: `0x${'10'.padStart(64, '0')}`, baseFeePerGas: '0x3b9aca00', timestamp: '0x1', transactions: [] }),
    eth_getBalance: () => '0xde0b6b3a7640000',
    eth_getCode: ([address]) => (DELEGATES.includes(String(address).toLowerCase()) ? delegateCode : code),
    eth_call: () => '0x',
    eth_sendRawTransaction: ([raw]) => (sent.push(raw as Hex), Transaction.from(raw as string).hash),
    ...more,
  };
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const body = JSON.parse(init.body as string) as { id: number; method: string; params: unknown[] } | { id: number; method: string; params: unknown[] }[];
    const one = (r: { id: number; method: string; params: unknown[] }) => {
      asked.push(r.method);
      const answer = answers[r.method];
      return answer ? { jsonrpc: '2.0', id: r.id, result: answer(r.params) } : { jsonrpc: '2.0', id: r.id, error: { code: -32601, message: `${r.method} not stubbed` } };
    };
    return new Response(JSON.stringify(Array.isArray(body) ? body.map(one) : one(body)), { headers: { 'Content-Type': 'application/json' } });
  });
  return { sent, asked };
}

/** The device's answer to an upgrade: the authorization `signer` signs (for `delegate`), inside the transaction `key` signs. */
export async function upgradeSignedBy(key: Wallet, payload: DevicePayload | undefined, signer = key, delegate?: Hex): Promise<string> {
  if (payload?.kind !== 'upgrade') throw new Error(`not an upgrade: ${payload?.kind}`);
  const { address, chainId, nonce } = payload.authorization;
  const authorization = await signer.authorize({ address: delegate ?? address, chainId: BigInt(chainId), nonce: BigInt(nonce) });
  const tx = Transaction.from(payload.unsigned);
  tx.authorizationList = [authorization];
  return key.signTransaction(tx);
}
