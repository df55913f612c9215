/**
 * The paymaster service over HTTP: the JSON-RPC envelope and its batches, ERC-7677 result shapes, malformed params,
 * each policy rule (the account behind the call targets too), API keys and their apps' budgets, /health and /metrics
 * and their token, CORS, rate limits (per batch request too), the reconciler's expiry and a graceful stop, on
 * the embedded store. Needs only a bare anvil (chain time and chain id), on ports of its own so it runs beside the e2e
 * devnet.
 */
import { request as httpRequest } from 'node:http';
import { AbiCoder, Interface, Wallet, concat, solidityPacked, getBytes, verifyMessage, dataSlice, toBeHex } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type Anvil } from '../devnet/anvil';
import { ENTRY_POINT_ADDRESS, PAYMASTER_SIGNER, SIMPLE_7702_ACCOUNT_ADDRESS, VERIFYING_PAYMASTER_ADDRESS } from '../devnet/constants';
import { DELEGATOR_V08 } from '../src/shared/contracts';
import { jsonRpc } from '../src/shared/jsonRpc';
import { UNAUTHORIZED, newApiKey } from './apps';
import { maxCost } from './budget';
import { PAYMASTER_POST_OP_GAS_LIMIT, PAYMASTER_VERIFICATION_GAS_LIMIT } from './methods';
import { ErrorCode } from './rpc';
import { startPaymasterService, type PaymasterService } from './server';
import { opDigests, parseUserOperation, paymasterHash } from './userOp';

const RPC_PORT = 8646;
const PAYMASTER_PORT = 3101;
const CHAIN_ID = '0x7a69';

const sender = Wallet.createRandom().address;
const limited = Wallet.createRandom().address;
const stranger = Wallet.createRandom().address;
const target = Wallet.createRandom().address;
const elsewhere = Wallet.createRandom().address;
const roomy = Wallet.createRandom().address;
/** An EOA already delegated on chain (anvil_setCode), whose userOps carry neither factory nor eip7702Auth. */
const upgraded = Wallet.createRandom().address;
/** Stands for a contract of the requester's own with an execute/executeBatch of its own, which may call anything. */
const fakeDelegate = Wallet.createRandom().address;

const account = new Interface([
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
]);
const batch = (...targets: string[]) => account.encodeFunctionData('executeBatch', [targets.map((to) => [to, 0n, '0x'])]);
/** The DeleGator's ERC-7821 execute in batch mode (callType 0x01) and single mode (0x00), each reverting on failure. */
const deleGator = new Interface(['function execute(bytes32 mode, bytes executionCalldata)']);
const deleGatorBatch = (...targets: string[]) => deleGator.encodeFunctionData('execute', [
  `0x01${'00'.repeat(31)}`, AbiCoder.defaultAbiCoder().encode(['(address,uint256,bytes)[]'], [targets.map((to) => [to, 0n, '0x'])]),
]);
const deleGatorSingle = (to: string) => deleGator.encodeFunctionData('execute', [`0x${'00'.repeat(32)}`, solidityPacked(['address', 'uint256', 'bytes'], [to, 0n, '0x'])]);

function userOp(overrides: Record<string, unknown> = {}) {
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

const FIELDS = { paymaster: VERIFYING_PAYMASTER_ADDRESS, paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS_LIMIT, paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS_LIMIT };
/** What userOp() may cost at most: the unit of the budgeted app's limits. */
const COST = maxCost(parseUserOperation(userOp(), 'required'), FIELDS);
const budgetedKey = newApiKey();
const reconciledKey = newApiKey();
const deleGatorKey = newApiKey();
const MAX_BODY = 100_000;
const METRICS_TOKEN = 'metrics-token-of-the-tests';
const withToken = { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } };

let anvil: Anvil;
let service: PaymasterService;
const logLines: { msg: string; [field: string]: unknown }[] = [];

beforeAll(async () => {
  anvil = await startAnvil({ port: RPC_PORT });
  service = await startPaymasterService({
    port: PAYMASTER_PORT,
    rpcUrl: anvil.rpcUrl,
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
  await service?.stop();
  await anvil?.stop();
});

type Reply = { result?: any; error?: { code: number; message: string; data?: any } };
let id = 0;
async function post(body: unknown, init: RequestInit = {}, url = service.url): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body), ...init });
}
async function call(method: string, params: unknown): Promise<Reply> {
  return (await post({ jsonrpc: '2.0', id: ++id, method, params })).json();
}
/** A call with an API key, in the query or as a bearer token. */
async function callAs(key: string, method: string, params: unknown, how: 'query' | 'bearer' = 'bearer'): Promise<Reply & { status: number }> {
  const body = { jsonrpc: '2.0', id: ++id, method, params };
  const reply = how === 'query'
    ? await post(body, {}, `${service.url}?apikey=${encodeURIComponent(key)}`)
    : await post(body, { headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` } });
  return { status: reply.status, ...(await reply.json()) };
}
const params = (op: unknown) => [op, ENTRY_POINT_ADDRESS, CHAIN_ID, {}];
/** One sample of /metrics, 0 when the series is absent. */
async function metric(series: string): Promise<number> {
  const text = await (await fetch(service.url.replace('/rpc', '/metrics'), withToken)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
const stub = (op: unknown, entryPoint = ENTRY_POINT_ADDRESS, chainId: unknown = CHAIN_ID) => call('pm_getPaymasterStubData', [op, entryPoint, chainId, {}]);
const data = (op: unknown, entryPoint = ENTRY_POINT_ADDRESS, chainId: unknown = CHAIN_ID) => call('pm_getPaymasterData', [op, entryPoint, chainId, null]);

describe('HTTP and JSON-RPC envelope', () => {
  it('answers the CORS preflight of an extension origin', async () => {
    const reply = await fetch(service.url, {
      method: 'OPTIONS',
      headers: { Origin: 'chrome-extension://abcdef', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Private-Network': 'true' },
    });
    expect(reply.status).toBe(204);
    // Off unless configured: it would let any web page the user visits call a service on the user's own network.
    expect(reply.headers.get('access-control-allow-private-network')).toBeNull();
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    expect(reply.headers.get('access-control-allow-methods')).toContain('POST');
    expect(reply.headers.get('access-control-allow-headers')).toContain('Content-Type');
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'nope', params: [] })).headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves only POST /rpc', async () => {
    expect((await fetch(service.url.replace('/rpc', '/other'), { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await fetch(service.url)).status).toBe(405);
  });

  it('answers -32700, -32600, -32601 and -32602 for broken envelopes', async () => {
    expect(await (await post('{"jsonrpc":')).json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error/) } });
    expect((await (await post({ jsonrpc: '1.0', id: 7, method: 'pm_getPaymasterData', params: [] })).json()).error).toMatchObject({ code: -32600, message: expect.stringContaining('jsonrpc must be "2.0"') });
    expect((await (await post({ jsonrpc: '2.0', method: 'pm_getPaymasterData', params: [] })).json()).error.code).toBe(-32600);
    expect((await (await post([])).json()).error.code).toBe(-32600);
    const unknown = await call('pm_sponsorUserOperation', []);
    expect(unknown.error).toMatchObject({ code: -32601, message: expect.stringContaining('pm_getPaymasterStubData, pm_getPaymasterData') });
    expect((await call('pm_getPaymasterData', { userOp: userOp() })).error).toMatchObject({ code: -32602, message: expect.stringContaining('params must be an array') });
  });

  it('answers a batch of up to 20 requests; a larger one gets 413 and -32600, none of its requests run', async () => {
    const request = (i: number) => ({ jsonrpc: '2.0', id: i, method: 'pm_getPaymasterStubData', params: params(userOp()) });
    const twenty = await post(Array.from({ length: 20 }, (_, i) => request(i)));
    expect(twenty.status).toBe(200);
    expect((await twenty.json()).map((reply: Reply) => reply.result.isFinal)).toEqual(Array(20).fill(false));
    const ran = await metric('paymaster_requests_total{method="pm_getPaymasterStubData",outcome="ok"}');
    const tooMany = await post(Array.from({ length: 21 }, (_, i) => request(i)));
    expect(tooMany.status).toBe(413);
    expect(await tooMany.json()).toEqual({
      jsonrpc: '2.0', id: null, error: { code: ErrorCode.invalidRequest, message: 'Invalid request: a batch may hold at most 20 requests; this one has 21' },
    });
    expect(await metric('paymaster_requests_total{method="pm_getPaymasterStubData",outcome="ok"}')).toBe(ran);
  });

  it('echoes ids and answers batches in order', async () => {
    const replies = await (await post([
      { jsonrpc: '2.0', id: 'a', method: 'pm_getPaymasterStubData', params: [userOp(), ENTRY_POINT_ADDRESS, CHAIN_ID, {}] },
      { jsonrpc: '2.0', id: 2, method: 'nope', params: [] },
    ])).json();
    expect(replies.map((reply: { id: unknown }) => reply.id)).toEqual(['a', 2]);
    expect(replies[0].result.isFinal).toBe(false);
    expect(replies[1].error.code).toBe(-32601);
  });
});

describe('bodies, health', () => {
  it('refuses a body over --max-body with 413 and a JSON-RPC error, whether its size is announced or not', async () => {
    const huge = await post(`{"jsonrpc":"2.0","id":1,"method":"pm_getPaymasterData","params":["${'a'.repeat(20_000_000)}"]}`);
    expect(huge.status).toBe(413);
    const tooLarge = { jsonrpc: '2.0', id: null, error: { code: ErrorCode.invalidRequest, message: `Invalid request: the body exceeds ${MAX_BODY} bytes (the service's --max-body)` } };
    expect(await huge.json()).toEqual(tooLarge);
    const chunks = new ReadableStream({
      pull: (controller) => (controller.enqueue(new TextEncoder().encode('x'.repeat(64_000))), undefined),
    });
    const streamed = await fetch(service.url, { method: 'POST', body: chunks, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual(tooLarge);
    expect((await call('pm_getPaymasterStubData', params(userOp()))).result).toBeDefined();
  });

  it('GET /health: the store and the node answer; what they are only with the metrics token', async () => {
    const health = service.url.replace('/rpc', '/health');
    for (const init of [{}, { headers: { Authorization: 'Bearer not-the-token' } }]) {
      const reply = await fetch(health, init);
      expect(reply.status).toBe(200);
      expect(await reply.json()).toEqual({ status: 'ok' });
    }
    const detailed = await fetch(health, withToken);
    expect(await detailed.json()).toEqual({ status: 'ok', store: { ok: true, where: 'embedded, in memory' }, node: { ok: true, block: expect.any(Number) } });
  });
});

describe('pm_getPaymasterStubData', () => {
  it('returns the ERC-7677 stub: paymaster fields with a dummy signature, the sponsor, isFinal false', async () => {
    // As in estimation: gas fields zero or absent.
    const { result } = await stub(userOp({ callGasLimit: '0x0', verificationGasLimit: undefined, preVerificationGas: '0x0' }));
    expect(result).toEqual({
      paymaster: VERIFYING_PAYMASTER_ADDRESS,
      paymasterData: expect.stringMatching(/^0x[0-9a-f]{154}$/),
      paymasterVerificationGasLimit: toBeHex(PAYMASTER_VERIFICATION_GAS_LIMIT).replace(/^0x0+/, '0x'),
      paymasterPostOpGasLimit: '0x0',
      sponsor: { name: 'Test Sponsor' },
      isFinal: false,
    });
  });
});

describe('pm_getPaymasterData', () => {
  it('signs the VerifyingPaymaster hash with the devnet signer inside a validity window of chain time', async () => {
    const op = userOp({ nonce: '0x63' });
    const { result } = await data(op);
    expect(Object.keys(result)).toEqual(['paymaster', 'paymasterData', 'paymasterVerificationGasLimit', 'paymasterPostOpGasLimit']);
    const validUntil = Number(dataSlice(result.paymasterData, 0, 6));
    const validAfter = Number(dataSlice(result.paymasterData, 6, 12));
    const signature = dataSlice(result.paymasterData, 12);
    expect(validUntil - validAfter).toBe(600 + 60);
    const parsed = parseUserOperation(op, 'required');
    const hash = paymasterHash(parsed, opDigests(parsed, SIMPLE_7702_ACCOUNT_ADDRESS), FIELDS, 31337n, validUntil, validAfter);
    expect(verifyMessage(getBytes(hash), signature)).toBe(PAYMASTER_SIGNER.address);
    expect(logLines.at(-1)).toMatchObject({ msg: `pm_getPaymasterData sender=${sender} nonce=0x63 -> signed`, app: 'default', outcome: 'ok', level: 30 });
  });

  it('names the missing or malformed field with -32602', async () => {
    const full = (op: unknown) => [op, ENTRY_POINT_ADDRESS, CHAIN_ID, {}];
    const cases: [unknown[], RegExp][] = [
      [full(userOp({ sender: undefined })), /userOp.sender must be a 20-byte hex address/],
      [full(userOp({ nonce: 12 })), /userOp.nonce must be a hex number/],
      [full(userOp({ callGasLimit: undefined })), /userOp.callGasLimit must be a hex number/],
      [full(userOp({ maxFeePerGas: `0x1${'0'.repeat(32)}` })), /userOp.maxFeePerGas does not fit in 128 bits/],
      [full(userOp({ callData: '0x123' })), /userOp.callData must be hex bytes/],
      [full(userOp({ initCode: '0x', paymasterAndData: '0x' })), /EntryPoint v0.6 form/],
      [full(userOp({ factory: '0x1234' })), /userOp.factory must be a 20-byte hex address or "0x7702"/],
      [full(userOp({ factoryData: '0xabcd' })), /factory "0x7702" with factoryData is ambiguous/],
      [full(userOp({ eip7702Auth: { address: SIMPLE_7702_ACCOUNT_ADDRESS } })), /userOp.eip7702Auth.chainId must be a hex number/],
      [full('not an op'), /params\[0\] \(userOp\) must be a UserOperation object/],
      [[userOp(), 'entrypoint', CHAIN_ID], /params\[1\] \(entryPoint\) must be a 20-byte hex address/],
      [[userOp(), ENTRY_POINT_ADDRESS, 31337], /params\[2\] \(chainId\) must be a hex string/],
      [[userOp(), ENTRY_POINT_ADDRESS, CHAIN_ID, 'ctx'], /params\[3\] \(context\) must be an object or null/],
      [[userOp()], /expected params \[userOp, entryPoint, chainId, context\?\], got 1 params/],
    ];
    for (const [params, message] of cases) {
      const { error } = await call('pm_getPaymasterData', params);
      expect(error, message.source).toMatchObject({ code: ErrorCode.invalidParams, message: expect.stringMatching(message) });
    }
  });

  it('needs a delegated sender when factory is 0x7702 without eip7702Auth', async () => {
    const { error } = await data(userOp({ eip7702Auth: undefined }));
    expect(error).toMatchObject({ code: -32602, message: expect.stringContaining('is not delegated') });
  });
});

describe('sponsorship policy', () => {
  const refused = (reason: string, code: number = ErrorCode.notSponsored) => ({ code, message: expect.stringMatching(/^Not sponsored: /), data: { reason } });

  it('refuses other chains, EntryPoints, senders and call targets, saying what is allowed', async () => {
    for (const method of [stub, data]) {
      expect((await method(userOp(), ENTRY_POINT_ADDRESS, '0x1')).error).toEqual({ ...refused('chainId'), message: 'Not sponsored: chain 0x1 is not sponsored (sponsored: 0x7a69)' });
      expect((await method(userOp(), '0x0000000071727De22E5E9d8BAf0edAc6f37da032')).error).toEqual({
        ...refused('entryPoint'),
        message: `Not sponsored: EntryPoint 0x0000000071727De22E5E9d8BAf0edAc6f37da032 is not supported; this paymaster works with the v0.8 EntryPoint ${ENTRY_POINT_ADDRESS}`,
      });
      expect((await method(userOp({ sender: stranger }))).error).toEqual({ ...refused('sender'), message: `Not sponsored: sender ${stranger} is not on the sponsored senders list` });
      expect((await method(userOp({ callData: batch(target, elsewhere) }))).error).toEqual({ ...refused('target'), message: `Not sponsored: call target ${elsewhere} is not on the sponsored targets list` });
      expect((await method(userOp({ callData: account.encodeFunctionData('execute', [elsewhere, 0n, '0x']) }))).error).toMatchObject(refused('target'));
      expect((await method(userOp({ callData: '0xdeadbeef' }))).error).toEqual({
        ...refused('target'),
        message: 'Not sponsored: callData is not a Simple7702Account execute/executeBatch call, so its targets cannot be checked',
      });
    }
    expect((await data(userOp({ callData: account.encodeFunctionData('execute', [target, 0n, '0x']) }))).result).toBeDefined();
    expect(logLines.at(-2)?.msg).toMatch(/^pm_getPaymasterData sender=0x[0-9a-fA-F]{40} nonce=0x0 -> refused \(-32003 Not sponsored: callData is not/);
  });

  it('limits each sender to dailyLimitPerSender signed operations a day, re-signing one it already got', async () => {
    const op = (nonce: string) => userOp({ sender: limited, nonce });
    expect((await data(op('0x0'))).result).toBeDefined();
    expect((await data(op('0x1'))).result).toBeDefined();
    const over = (await data(op('0x2'))).error;
    expect(over).toEqual({ ...refused('dailyLimit', ErrorCode.limitExceeded), message: `Not sponsored: sender ${limited} has used its 2 sponsored operations for today (UTC)` });
    expect((await stub(op('0x2'))).error).toMatchObject(refused('dailyLimit', ErrorCode.limitExceeded));
    expect((await data(op('0x1'))).result).toBeDefined();
    expect((await stub(op('0x1'))).result).toBeDefined();
  });
});

describe('the account behind the call targets', () => {
  const refused = { code: ErrorCode.notSponsored, message: expect.stringMatching(/^Not sponsored: /), data: { reason: 'delegate' } };
  const setCode = (code: string) => jsonRpc(anvil.rpcUrl, 'anvil_setCode', [upgraded, code]);
  const ofUpgraded = (nonce: string) => userOp({ sender: upgraded, nonce, factory: undefined, eip7702Auth: undefined });

  it('refuses an authorization to another delegate: its execute/executeBatch could call anything', async () => {
    // The callData names only the allowed target; the fake delegate's executeBatch decides what is really called.
    const auth = { ...userOp().eip7702Auth, address: fakeDelegate };
    for (const method of [stub, data]) {
      expect((await method(userOp({ eip7702Auth: auth }))).error).toEqual({
        ...refused,
        message: `Not sponsored: the userOp's eip7702Auth delegates ${sender} to ${fakeDelegate}, not to a sponsored account implementation (${SIMPLE_7702_ACCOUNT_ADDRESS}), so its call targets cannot be checked`,
      });
    }
  });

  it('reads the delegate of an account delegated already from its code on chain', async () => {
    await setCode(concat(['0xef0100', fakeDelegate]));
    for (const method of [stub, data]) {
      expect((await method(ofUpgraded('0x0'))).error).toEqual({
        ...refused,
        message: `Not sponsored: sender ${upgraded} is delegated to ${fakeDelegate}, not to a sponsored account implementation (${SIMPLE_7702_ACCOUNT_ADDRESS}), so its call targets cannot be checked`,
      });
    }
    await setCode(concat(['0xef0100', SIMPLE_7702_ACCOUNT_ADDRESS]));
    expect((await data(ofUpgraded('0x0'))).result).toBeDefined();
  });

  it('refuses a sender that is no delegated account: an EOA without an authorization, or a contract', async () => {
    await setCode('0x');
    expect((await data(ofUpgraded('0x1'))).error).toEqual({
      ...refused,
      message: `Not sponsored: sender ${upgraded} has no code and the userOp carries no eip7702Auth: it is not an account delegated to a sponsored account implementation (${SIMPLE_7702_ACCOUNT_ADDRESS}), so its call targets cannot be checked`,
    });
    await setCode('0x6080604052');
    expect((await stub(ofUpgraded('0x1'))).error).toEqual({
      ...refused,
      message: `Not sponsored: sender ${upgraded} is a contract, not an account delegated to a sponsored account implementation (${SIMPLE_7702_ACCOUNT_ADDRESS}), so its call targets cannot be checked`,
    });
  });
});

describe('the call targets of an account on the DeleGator', () => {
  const auth = (address: string) => ({ ...userOp().eip7702Auth, address });
  const ofDeleGator = (callData: string) => params(userOp({ callData, eip7702Auth: auth(DELEGATOR_V08) }));
  const refused = (message: string) => ({ code: ErrorCode.notSponsored, message: `Not sponsored: ${message}`, data: { reason: 'target' } });
  const undecodable = refused('callData is not a DeleGator ERC-7821 execute in single or batch mode (reverting on failure), so its targets cannot be checked');

  it('sponsors its ERC-7821 execute, single or batch, when every call goes to an allowed target', async () => {
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData']) {
      expect((await callAs(deleGatorKey.key, method, ofDeleGator(deleGatorSingle(target)))).result).toBeDefined();
      expect((await callAs(deleGatorKey.key, method, ofDeleGator(deleGatorBatch(target, target)))).result).toBeDefined();
    }
  });

  it('refuses one whose calls go elsewhere, naming the target outside the list', async () => {
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData']) {
      expect((await callAs(deleGatorKey.key, method, ofDeleGator(deleGatorSingle(elsewhere)))).error).toEqual(refused(`call target ${elsewhere} is not on the sponsored targets list`));
      expect((await callAs(deleGatorKey.key, method, ofDeleGator(deleGatorBatch(target, elsewhere)))).error).toEqual(refused(`call target ${elsewhere} is not on the sponsored targets list`));
    }
  });

  it('refuses an unknown mode, malformed data, or another delegate\'s encoding as undecodable', async () => {
    const tryMode = deleGator.encodeFunctionData('execute', [`0x0101${'00'.repeat(30)}`, AbiCoder.defaultAbiCoder().encode(['(address,uint256,bytes)[]'], [[[target, 0n, '0x']]])]);
    for (const callData of [tryMode, deleGatorBatch(target).slice(0, 140), deleGator.encodeFunctionData('execute', [`0x01${'00'.repeat(31)}`, '0xdead']), batch(target), '0xdeadbeef']) {
      expect((await callAs(deleGatorKey.key, 'pm_getPaymasterData', ofDeleGator(callData))).error).toEqual(undecodable);
    }
    // And the DeleGator's encoding means nothing to a Simple7702Account sender.
    expect((await callAs(deleGatorKey.key, 'pm_getPaymasterData', params(userOp({ callData: deleGatorBatch(target) })))).error).toEqual(
      refused('callData is not a Simple7702Account execute/executeBatch call, so its targets cannot be checked'),
    );
  });
});

describe('API keys', () => {
  it('gives a keyed request its app\'s policy, by ?apikey= or Authorization: Bearer', async () => {
    const stub = await callAs(budgetedKey.key, 'pm_getPaymasterStubData', params(userOp({ sender: stranger })), 'query');
    expect(stub.result.sponsor).toEqual({ name: 'Budgeted' });
    const bearer = await callAs(budgetedKey.key, 'pm_getPaymasterStubData', params(userOp({ sender: stranger, callData: '0xdeadbeef' })));
    expect(bearer.result.sponsor).toEqual({ name: 'Budgeted' });
  });

  it('answers an unknown key with 401 and a JSON-RPC error', async () => {
    for (const how of ['query', 'bearer'] as const) {
      const reply = await callAs('pmk_not-a-key', 'pm_getPaymasterData', params(userOp()), how);
      expect(reply).toEqual({ status: 401, jsonrpc: '2.0', id: null, error: { code: UNAUTHORIZED, message: 'Unauthorized: unknown API key' } });
    }
  });

  it('holds each sender and the app to their daily wei: the userOp\'s gas limits at maxFeePerGas', async () => {
    const [first, second] = [Wallet.createRandom().address, Wallet.createRandom().address];
    const data = (from: string, nonce: string) => callAs(budgetedKey.key, 'pm_getPaymasterData', params(userOp({ sender: from, nonce })));
    expect((await data(first, '0x0')).result).toBeDefined();
    expect((await data(first, '0x1')).result).toBeDefined();
    expect((await data(first, '0x2')).error).toEqual({
      code: ErrorCode.limitExceeded,
      message: `Not sponsored: sender ${first} has 0 of its ${2n * COST} wei for today (UTC) left; this userOp may cost up to ${COST} wei`,
      data: { reason: 'senderBudget' },
    });
    // A cheaper op that fits the sender's budget still needs room in the app's.
    expect((await data(second, '0x0')).result).toBeDefined();
    expect((await data(second, '0x1')).error).toEqual({
      code: ErrorCode.limitExceeded,
      message: `Not sponsored: app "budgeted-app" has 0 of its ${3n * COST} wei for today (UTC) left; this userOp may cost up to ${COST} wei`,
      data: { reason: 'appBudget' },
    });
    expect((await callAs(budgetedKey.key, 'pm_getPaymasterStubData', params(userOp({ sender: second, nonce: '0x1' })))).error?.data).toEqual({ reason: 'appBudget' });
    expect(logLines.at(-1)).toMatchObject({ app: 'budgeted-app', outcome: 'limited', code: ErrorCode.limitExceeded });
  });
});

describe('GET /metrics', () => {
  it('counts requests by method and outcome, their latency, and today\'s budget use per app', async () => {
    expect(await metric('paymaster_requests_total{method="pm_getPaymasterData",outcome="ok"}')).toBeGreaterThanOrEqual(6);
    expect(await metric('paymaster_requests_total{method="pm_getPaymasterData",outcome="limited"}')).toBeGreaterThanOrEqual(3);
    expect(await metric('paymaster_requests_total{method="pm_getPaymasterStubData",outcome="refused"}')).toBeGreaterThanOrEqual(5);
    expect(await metric('paymaster_requests_total{method="other",outcome="invalid"}')).toBeGreaterThanOrEqual(3);
    expect(await metric('paymaster_requests_total{method="http",outcome="unauthorized"}')).toBe(2);
    // Two bodies over --max-body, one batch over 20 requests.
    expect(await metric('paymaster_requests_total{method="http",outcome="too_large"}')).toBe(3);
    expect(await metric('paymaster_request_duration_seconds_count{method="pm_getPaymasterData"}')).toBeGreaterThanOrEqual(9);
    expect(await metric('paymaster_budget_used_wei{app="budgeted-app"}')).toBe(Number(3n * COST));
    expect(await metric('paymaster_sponsored_operations{app="budgeted-app"}')).toBe(3);
    expect(await metric('paymaster_budget_limit_wei{app="budgeted-app"}')).toBe(Number(3n * COST));
    const reply = await fetch(service.url.replace('/rpc', '/metrics'), withToken);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('answers only with the metrics token: without it, or with another, 401 and nothing else', async () => {
    for (const init of [{}, { headers: { Authorization: 'Bearer not-the-token' } }, { headers: { Authorization: `Bearer ${budgetedKey.key}` } }]) {
      const reply = await fetch(service.url.replace('/rpc', '/metrics'), init);
      expect(reply.status).toBe(401);
      expect(await reply.json()).toEqual({ error: 'Unauthorized: GET /metrics needs Authorization: Bearer <the service\'s --metrics-token>' });
    }
  });
});

describe('bad input', () => {
  it('answers each with its JSON-RPC error and reserves nothing', async () => {
    const usage = () => Promise.all([metric('paymaster_sponsored_operations{app="default"}'), metric('paymaster_budget_used_wei{app="default"}')]);
    const before = await usage();
    const fresh = { sender: roomy, nonce: '0x77' };
    const codes = [
      (await call('pm_getPaymasterData', params(userOp({ ...fresh, maxFeePerGas: 'lots' })))).error?.code,
      (await call('pm_getPaymasterData', [userOp(fresh), '0x0000000071727De22E5E9d8BAf0edAc6f37da032', CHAIN_ID, {}])).error?.code,
      (await call('pm_getPaymasterData', [userOp(fresh), ENTRY_POINT_ADDRESS, '0x2105', {}])).error?.code,
      (await call('pm_sponsorUserOperation', params(userOp(fresh)))).error?.code,
      (await (await post('pm_getPaymasterData please')).json()).error.code,
      (await (await post({ jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterData', params: [userOp(fresh), 'x'.repeat(MAX_BODY)] })).json()).error.code,
    ];
    expect(codes).toEqual([ErrorCode.invalidParams, ErrorCode.notSponsored, ErrorCode.notSponsored, ErrorCode.methodNotFound, ErrorCode.parseError, ErrorCode.invalidRequest]);
    expect(await usage()).toEqual(before);
    expect((await data(userOp(fresh))).result).toBeDefined();
    expect(await metric('paymaster_sponsored_operations{app="default"}')).toBe(before[0] + 1);
  });
});

describe('the reconciler', () => {
  it('returns a reservation whose userOp was not seen on chain within its window to the budget', async () => {
    const op = userOp({ sender: Wallet.createRandom().address });
    expect((await callAs(reconciledKey.key, 'pm_getPaymasterData', params(op))).result).toBeDefined();
    expect(await service.reconcile()).toMatchObject({ spent: 0, expired: 0 });
    expect(await metric('paymaster_budget_used_wei{app="reconciled-app"}')).toBe(Number(COST));
    // Past the signature's window (600 s of chain time): no block from now on can include the userOp.
    await jsonRpc(anvil.rpcUrl, 'evm_increaseTime', [601]);
    await jsonRpc(anvil.rpcUrl, 'evm_mine', []);
    // Every reservation of this file so far has expired by now.
    expect((await service.reconcile()).expired).toBeGreaterThan(1);
    expect(await metric('paymaster_budget_used_wei{app="reconciled-app"}')).toBe(0);
    expect(await metric('paymaster_budget_used_wei{app="budgeted-app"}')).toBe(0);
    expect(await metric('paymaster_sponsored_operations{app="reconciled-app"}')).toBe(0);
    expect(await service.reconcile()).toMatchObject({ expired: 0 });
  });
});

describe('a service without a metrics token, on a private network', () => {
  let plain: PaymasterService;
  beforeAll(async () => {
    plain = await startPaymasterService({
      port: 0, rpcUrl: anvil.rpcUrl, signerKey: PAYMASTER_SIGNER.privateKey, paymaster: VERIFYING_PAYMASTER_ADDRESS,
      policy: { sponsor: { name: 'Plain' }, chainIds: [31337] }, allowPrivateNetwork: true, reconcileIntervalMs: 0,
    });
  }, 60_000);
  afterAll(async () => plain?.stop());

  it('answers Chrome\'s private network preflight when told to', async () => {
    const reply = await fetch(plain.url, { method: 'OPTIONS', headers: { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Private-Network': 'true' } });
    expect(reply.headers.get('access-control-allow-private-network')).toBe('true');
  });

  it('serves no /metrics and a /health without details', async () => {
    for (const init of [{}, { headers: { Authorization: 'Bearer ' } }, { headers: { Authorization: 'Bearer undefined' } }]) {
      const metrics = await fetch(plain.url.replace('/rpc', '/metrics'), init);
      expect(metrics.status).toBe(404);
      expect(await metrics.json()).toEqual({ error: 'Not found: GET /metrics is off; start the service with --metrics-token to serve it' });
      expect(await (await fetch(plain.url.replace('/rpc', '/health'), init)).json()).toEqual({ status: 'ok' });
    }
  });
});

describe('rate limits on batches', () => {
  const keys = [newApiKey(), newApiKey(), newApiKey()];
  let batching: PaymasterService;
  beforeAll(async () => {
    batching = await startPaymasterService({
      port: 0, rpcUrl: anvil.rpcUrl, signerKey: PAYMASTER_SIGNER.privateKey, paymaster: VERIFYING_PAYMASTER_ADDRESS,
      apps: { apps: Object.fromEntries(keys.map((key, i) => [`app-${i}`, { keySha256: [key.keySha256], policy: { sponsor: { name: 'Batching' }, chainIds: [31337] } }])) },
      rateLimitPerIp: 4, rateLimitPerKey: 3, trustProxy: true, reconcileIntervalMs: 0,
    });
  }, 60_000);
  afterAll(async () => batching?.stop());

  /** A batch of `size` stubs from `client` with the key of app-`app`: each its own bucket unless said otherwise. */
  const batchFrom = async (client: string, app: number, size: number) => {
    const reply = await fetch(batching.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client, Authorization: `Bearer ${keys[app].key}` },
      body: JSON.stringify(Array.from({ length: size }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'pm_getPaymasterStubData', params: params(userOp()) }))),
    });
    return { status: reply.status, body: await reply.json() };
  };

  it('takes one token per request of a batch, from the client address\'s bucket and the key\'s', async () => {
    expect(await batchFrom('198.51.100.31', 0, 5)).toEqual({
      status: 429,
      body: { jsonrpc: '2.0', id: null, error: { code: ErrorCode.limitExceeded, message: 'Rate limit exceeded: more than 4 requests per second from 198.51.100.31 (a batch counts each of its 5 requests)', data: { reason: 'rateLimit' } } },
    });
    expect((await batchFrom('198.51.100.32', 1, 4)).body.error.message).toBe('Rate limit exceeded: more than 3 requests per second with the API key of app-1 (a batch counts each of its 4 requests)');
    const fits = await batchFrom('198.51.100.33', 2, 3);
    expect(fits.status).toBe(200);
    expect(fits.body).toHaveLength(3);
  });
});

describe('rate limits and stopping', () => {
  let limited: PaymasterService;
  beforeAll(async () => {
    limited = await startPaymasterService({
      port: 0, rpcUrl: anvil.rpcUrl, signerKey: PAYMASTER_SIGNER.privateKey, paymaster: VERIFYING_PAYMASTER_ADDRESS,
      policy: { sponsor: { name: 'Limited' }, chainIds: [31337] },
      apps: {
        apps: {
          keyed: { keySha256: [budgetedKey.keySha256], policy: { sponsor: { name: 'Keyed' }, chainIds: [31337] } },
          'from-one-address': { keySha256: [reconciledKey.keySha256], policy: { sponsor: { name: 'Other' }, chainIds: [31337] } },
        },
      },
      rateLimitPerIp: 1, rateLimitPerKey: 1, trustProxy: true, reconcileIntervalMs: 0,
    });
  }, 60_000);
  afterAll(async () => limited?.stop());

  const stubFrom = (client: string, headers: Record<string, string> = {}) =>
    fetch(limited.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.9, ${client}`, ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterStubData', params: params(userOp()) }),
    });

  it('limits requests per client address (the proxy\'s last X-Forwarded-For entry) and per API key, with 429', async () => {
    // Each case with an app of its own: every request also takes from its key's bucket (no key: the default app's).
    const other = { Authorization: `Bearer ${reconciledKey.key}` };
    const fromOne = await Promise.all([stubFrom('198.51.100.1', other), stubFrom('198.51.100.1', other)]);
    expect(fromOne.map((r) => r.status).sort()).toEqual([200, 429]);
    const refused = fromOne.find((r) => r.status === 429)!;
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0', id: null,
      error: { code: ErrorCode.limitExceeded, message: 'Rate limit exceeded: more than 1 requests per second from 198.51.100.1', data: { reason: 'rateLimit' } },
    });
    const bearer = { Authorization: `Bearer ${budgetedKey.key}` };
    const withKey = await Promise.all([stubFrom('198.51.100.2', bearer), stubFrom('198.51.100.3', bearer)]);
    expect(withKey.map((r) => r.status).sort()).toEqual([200, 429]);
    expect((await withKey.find((r) => r.status === 429)!.json()).error.message).toBe('Rate limit exceeded: more than 1 requests per second with the API key of keyed');
  });

  it('finishes the requests in flight when stopped, then takes no more', async () => {
    const url = new URL(limited.url);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'pm_getPaymasterStubData', params: params(userOp()) });
    const request = httpRequest({ host: url.hostname, port: url.port, path: '/rpc', method: 'POST', headers: {
      'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-Forwarded-For': '198.51.100.4', Expect: '100-continue',
    } });
    const replied = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.once('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk));
        response.once('end', () => resolve({ status: response.statusCode!, text }));
      });
      request.once('error', reject);
    });
    // The server has the request once it asks for the body.
    await new Promise<void>((resolve) => request.once('continue', resolve).flushHeaders());
    const stopping = limited.stop();
    request.end(body);
    const reply = await replied;
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text).result).toMatchObject({ sponsor: { name: 'Limited' }, isFinal: false });
    await stopping;
    await expect(fetch(limited.url, { method: 'POST', body: '{}' })).rejects.toThrow();
  });
});
