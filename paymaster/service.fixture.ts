/**
 * The paymaster service's tests' senders, targets, userOps and API keys, and the service they call: on a bare anvil
 * on a port of the test file's own (chain time and chain id), beside the e2e devnet, with the policy and apps below,
 * on the embedded store.
 */
import { AbiCoder, Interface, Wallet, solidityPacked } from 'ethers';
import { afterAll, beforeAll } from 'vitest';
import { startAnvil, type Anvil } from '../devnet/anvil';
import { ENTRY_POINT_ADDRESS, PAYMASTER_SIGNER, SIMPLE_7702_ACCOUNT_ADDRESS, VERIFYING_PAYMASTER_ADDRESS } from '../devnet/constants';
import { DELEGATOR_V08 } from '../src/shared/contracts';
import { newApiKey } from './apps';
import { maxCost } from './budget';
import { PAYMASTER_POST_OP_GAS_LIMIT, PAYMASTER_VERIFICATION_GAS_LIMIT } from './methods';
import { startPaymasterService, type PaymasterService } from './server';
import { parseUserOperation } from './userOp';

export const CHAIN_ID = '0x7a69';

export const sender = Wallet.createRandom().address;
export const limited = Wallet.createRandom().address;
export const stranger = Wallet.createRandom().address;
export const target = Wallet.createRandom().address;
export const elsewhere = Wallet.createRandom().address;
export const roomy = Wallet.createRandom().address;
/** An EOA already delegated on chain (anvil_setCode), whose userOps carry neither factory nor eip7702Auth. */
export const upgraded = Wallet.createRandom().address;
/** Stands for a contract of the requester's own with an execute/executeBatch of its own, which may call anything. */
export const fakeDelegate = Wallet.createRandom().address;

export const account = new Interface([
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
]);
export const batch = (...targets: string[]) => account.encodeFunctionData('executeBatch', [targets.map((to) => [to, 0n, '0x'])]);
/** The DeleGator's ERC-7821 execute in batch mode (callType 0x01) and single mode (0x00), each reverting on failure. */
export const deleGator = new Interface(['function execute(bytes32 mode, bytes executionCalldata)']);
export const deleGatorBatch = (...targets: string[]) => deleGator.encodeFunctionData('execute', [
  `0x01${'00'.repeat(31)}`, AbiCoder.defaultAbiCoder().encode(['(address,uint256,bytes)[]'], [targets.map((to) => [to, 0n, '0x'])]),
]);
export const deleGatorSingle = (to: string) => deleGator.encodeFunctionData('execute', [`0x${'00'.repeat(32)}`, solidityPacked(['address', 'uint256', 'bytes'], [to, 0n, '0x'])]);

export function userOp(overrides: Record<string, unknown> = {}) {
  return {
    sender,
    nonce: '0x0',
    factory: '0x7702',
    factoryData: '0x',
    callData: batch(target),
    callGasLimit: '0x5c5f',
    verificationGasLimit: '0xe7a8',
    preVerificationGas: '0x13613',
    maxFeePerGas: '0x7b4fcd78',
    maxPriorityFeePerGas: '0x77359400',
    signature: '0x',
    eip7702Auth: { address: SIMPLE_7702_ACCOUNT_ADDRESS, chainId: CHAIN_ID, nonce: '0x0', r: `0x${'11'.repeat(32)}`, s: `0x${'22'.repeat(32)}`, yParity: '0x1' },
    ...overrides,
  };
}

export const FIELDS = { paymaster: VERIFYING_PAYMASTER_ADDRESS, paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS_LIMIT, paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS_LIMIT };
/** What userOp() may cost at most: the unit of the budgeted app's limits. */
export const COST = maxCost(parseUserOperation(userOp(), 'required'), FIELDS);
export const budgetedKey = newApiKey();
export const reconciledKey = newApiKey();
export const deleGatorKey = newApiKey();
export const MAX_BODY = 100_000;
export const METRICS_TOKEN = 'metrics-token-of-the-tests';
export const withToken = { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } };
export const params = (op: unknown) => [op, ENTRY_POINT_ADDRESS, CHAIN_ID, {}];

/** A bare anvil on `rpcPort` for the file's tests, started before them and stopped after. */
export function bareAnvil(rpcPort: number): { anvil: Anvil } {
  const node = {} as { anvil: Anvil };
  beforeAll(async () => {
    node.anvil = await startAnvil({ port: rpcPort });
  }, 60_000);
  afterAll(async () => node.anvil?.stop());
  return node;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON replies loosely, as *.test.ts may (eslint.config.js)
export type Reply = { result?: any; error?: { code: number; message: string; data?: any } };

/**
 * The service for the file's tests, on a bare anvil on `rpcPort`, started before them and stopped after; the lines it
 * logged, and the ways a test calls it.
 */
export function servePaymaster(rpcPort: number, paymasterPort = 0) {
  const served = {} as { anvil: Anvil; service: PaymasterService };
  const logLines: { msg: string; [field: string]: unknown }[] = [];
  beforeAll(async () => {
    served.anvil = await startAnvil({ port: rpcPort });
    served.service = await startPaymasterService({
      port: paymasterPort,
      rpcUrl: served.anvil.rpcUrl,
      signerKey: PAYMASTER_SIGNER.privateKey,
      paymaster: VERIFYING_PAYMASTER_ADDRESS,
      policy: { sponsor: { name: 'Test Sponsor' }, chainIds: [31337], senders: [sender, limited, roomy, upgraded], targets: [target], dailyLimitPerSender: 2 },
      apps: {
        apps: {
          'budgeted-app': {
            keySha256: [budgetedKey.keySha256],
            policy: { sponsor: { name: 'Budgeted' }, chainIds: [31337], dailyWeiPerSender: String(2n * COST), dailyWeiPerApp: String(3n * COST) },
          },
          'reconciled-app': { keySha256: [reconciledKey.keySha256], policy: { sponsor: { name: 'Reconciled' }, chainIds: [31337] } },
          'delegator-app': {
            keySha256: [deleGatorKey.keySha256],
            policy: { sponsor: { name: 'Both delegates' }, chainIds: [31337], targets: [target], delegates: [SIMPLE_7702_ACCOUNT_ADDRESS, DELEGATOR_V08] },
          },
        },
      },
      maxBodyBytes: MAX_BODY,
      metricsToken: METRICS_TOKEN,
      reconcileIntervalMs: 0,
      log: (line) => logLines.push(JSON.parse(line)),
    });
  }, 60_000);
  afterAll(async () => {
    await served.service?.stop();
    await served.anvil?.stop();
  });

  let id = 0;
  async function post(body: unknown, init: RequestInit = {}, url = served.service.url): Promise<Response> {
    return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body), ...init });
  }
  async function call(method: string, params: unknown): Promise<Reply> {
    return (await post({ jsonrpc: '2.0', id: ++id, method, params })).json();
  }
  /** A call with an API key, in the query or as a bearer token. */
  async function callAs(key: string, method: string, params: unknown, how: 'query' | 'bearer' = 'bearer'): Promise<Reply & { status: number }> {
    const body = { jsonrpc: '2.0', id: ++id, method, params };
    const reply = how === 'query'
      ? await post(body, {}, `${served.service.url}?apikey=${encodeURIComponent(key)}`)
      : await post(body, { headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` } });
    return { status: reply.status, ...(await reply.json()) };
  }
  /** One sample of /metrics, 0 when the series is absent. */
  async function metric(series: string): Promise<number> {
    const text = await (await fetch(served.service.url.replace('/rpc', '/metrics'), withToken)).text();
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  }
  const stub = (op: unknown, entryPoint = ENTRY_POINT_ADDRESS, chainId: unknown = CHAIN_ID) => call('pm_getPaymasterStubData', [op, entryPoint, chainId, {}]);
  const data = (op: unknown, entryPoint = ENTRY_POINT_ADDRESS, chainId: unknown = CHAIN_ID) => call('pm_getPaymasterData', [op, entryPoint, chainId, null]);
  return { served, logLines, post, call, callAs, metric, stub, data };
}
