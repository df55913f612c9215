/** Paymaster services started with other options: without a metrics token and on a private network, with rate limits (a batch's requests each counted), and a graceful stop. */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMASTER_SIGNER, VERIFYING_PAYMASTER_ADDRESS } from '../devnet/constants';
import { newApiKey } from './apps';
import { ErrorCode } from './rpc';
import { startPaymasterService, type PaymasterService } from './server';
import { bareAnvil, budgetedKey, params, reconciledKey, userOp } from './service.fixture';

const RPC_PORT = 8654;
const served = bareAnvil(RPC_PORT);

describe('a service without a metrics token, on a private network', () => {
  let plain: PaymasterService;
  beforeAll(async () => {
    plain = await startPaymasterService({
      port: 0, rpcUrl: served.anvil.rpcUrl, signerKey: PAYMASTER_SIGNER.privateKey, paymaster: VERIFYING_PAYMASTER_ADDRESS,
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
      port: 0, rpcUrl: served.anvil.rpcUrl, signerKey: PAYMASTER_SIGNER.privateKey, paymaster: VERIFYING_PAYMASTER_ADDRESS,
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
      port: 0, rpcUrl: served.anvil.rpcUrl, signerKey: PAYMASTER_SIGNER.privateKey, paymaster: VERIFYING_PAYMASTER_ADDRESS,
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
