/**
 * The paymaster service over HTTP: the JSON-RPC envelope and its batches, bodies over --max-body, /health, each policy
 * rule, API keys and their apps' budgets, /metrics and its token, and the reconciler's expiry. One service for them
 * all: /metrics is asserted on the counts of the requests the tests before it made, and the reconciler on their
 * reservations.
 */
import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ENTRY_POINT_ADDRESS } from '../devnet/constants';
import { jsonRpc } from '../src/shared/jsonRpc';
import { UNAUTHORIZED } from './apps';
import { ErrorCode } from './rpc';
import { CHAIN_ID, COST, MAX_BODY, type Reply, account, batch, budgetedKey, elsewhere, limited, params, reconciledKey, servePaymaster, stranger, target, userOp, withToken } from './service.fixture';

const RPC_PORT = 8646;
const PAYMASTER_PORT = 3101;
const { served, logLines, post, call, callAs, metric, stub, data } = servePaymaster(RPC_PORT, PAYMASTER_PORT);

describe('HTTP and JSON-RPC envelope', () => {
  it('answers the CORS preflight of an extension origin', async () => {
    const reply = await fetch(served.service.url, {
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
    expect((await fetch(served.service.url.replace('/rpc', '/other'), { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await fetch(served.service.url)).status).toBe(405);
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
    const streamed = await fetch(served.service.url, { method: 'POST', body: chunks, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual(tooLarge);
    expect((await call('pm_getPaymasterStubData', params(userOp()))).result).toBeDefined();
  });

  it('GET /health: the store and the node answer; what they are only with the metrics token', async () => {
    const health = served.service.url.replace('/rpc', '/health');
    for (const init of [{}, { headers: { Authorization: 'Bearer not-the-token' } }]) {
      const reply = await fetch(health, init);
      expect(reply.status).toBe(200);
      expect(await reply.json()).toEqual({ status: 'ok' });
    }
    const detailed = await fetch(health, withToken);
    expect(await detailed.json()).toEqual({ status: 'ok', store: { ok: true, where: 'embedded, in memory' }, node: { ok: true, block: expect.any(Number) } });
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
    const reply = await fetch(served.service.url.replace('/rpc', '/metrics'), withToken);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('answers only with the metrics token: without it, or with another, 401 and nothing else', async () => {
    for (const init of [{}, { headers: { Authorization: 'Bearer not-the-token' } }, { headers: { Authorization: `Bearer ${budgetedKey.key}` } }]) {
      const reply = await fetch(served.service.url.replace('/rpc', '/metrics'), init);
      expect(reply.status).toBe(401);
      expect(await reply.json()).toEqual({ error: 'Unauthorized: GET /metrics needs Authorization: Bearer <the service\'s --metrics-token>' });
    }
  });
});
describe('the reconciler', () => {
  it('returns a reservation whose userOp was not seen on chain within its window to the budget', async () => {
    const op = userOp({ sender: Wallet.createRandom().address });
    expect((await callAs(reconciledKey.key, 'pm_getPaymasterData', params(op))).result).toBeDefined();
    expect(await served.service.reconcile()).toMatchObject({ spent: 0, expired: 0 });
    expect(await metric('paymaster_budget_used_wei{app="reconciled-app"}')).toBe(Number(COST));
    // Past the signature's window (600 s of chain time): no block from now on can include the userOp.
    await jsonRpc(served.anvil.rpcUrl, 'evm_increaseTime', [601]);
    await jsonRpc(served.anvil.rpcUrl, 'evm_mine', []);
    // Every reservation of this file so far has expired by now.
    expect((await served.service.reconcile()).expired).toBeGreaterThan(1);
    expect(await metric('paymaster_budget_used_wei{app="reconciled-app"}')).toBe(0);
    expect(await metric('paymaster_budget_used_wei{app="budgeted-app"}')).toBe(0);
    expect(await metric('paymaster_sponsored_operations{app="reconciled-app"}')).toBe(0);
    expect(await served.service.reconcile()).toMatchObject({ expired: 0 });
  });
});
