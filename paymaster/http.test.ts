/**
 * Load shedding in the HTTP layer: beyond maxInFlight requests at once (a store or node slow to answer), more are
 * turned away at once with 503 and Retry-After instead of queueing; once the slow ones finish, requests are taken again.
 * The method stands in for the slow work: it waits until the test releases it.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadApps } from './apps';
import { httpHandler } from './http';
import { createLogger } from './log';
import { createMetrics } from './metrics';
import { RateLimiter } from './rateLimit';
import { ErrorCode } from './rpc';

const MAX_IN_FLIGHT = 2;
let server: Server;
let url: string;
/** Releases the requests whose method is running. */
const running: (() => void)[] = [];
const releaseAll = () => running.splice(0).forEach((release) => release());

beforeAll(async () => {
  const apps = loadApps(undefined, { sponsor: { name: 'Shedding' }, chainIds: [31337] });
  server = createServer(httpHandler({
    apps,
    methods: {
      pm_getPaymasterData: () => new Promise((resolve) => running.push(() => resolve('signed'))),
    },
    metrics: createMetrics(apps.list, undefined, async () => []),
    logger: createLogger(undefined),
    health: async () => ({ status: 'ok', store: { ok: true, where: 'nowhere' }, node: { ok: true } }),
    maxBodyBytes: 10_000,
    perIp: new RateLimiter(0),
    perKey: new RateLimiter(0),
    maxInFlight: MAX_IN_FLIGHT,
    trustProxy: false,
    allowPrivateNetwork: false,
    stopping: () => false,
  }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/rpc`;
});
afterAll(async () => {
  releaseAll();
  await new Promise((resolve) => server.close(resolve));
});

async function post(): Promise<{ status: number; retryAfter: string | null; body: unknown }> {
  const reply = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterData', params: [] }),
  });
  return { status: reply.status, retryAfter: reply.headers.get('Retry-After'), body: await reply.json() };
}

describe('load shedding', () => {
  it(`answers at most ${MAX_IN_FLIGHT} requests at once; the next gets 503 with Retry-After at once, and requests are taken again after`, async () => {
    const slow = Array.from({ length: MAX_IN_FLIGHT }, post);
    await vi.waitFor(() => expect(running).toHaveLength(MAX_IN_FLIGHT));
    expect(await post()).toEqual({
      status: 503,
      retryAfter: '1',
      body: { jsonrpc: '2.0', id: null, error: { code: ErrorCode.resourceUnavailable, message: expect.stringMatching(/^Service overloaded: .* try again in a second$/), data: { reason: 'overloaded' } } },
    });
    releaseAll();
    for (const reply of await Promise.all(slow)) expect(reply).toMatchObject({ status: 200, body: { result: 'signed' } });
    const again = post();
    await vi.waitFor(() => expect(running).toHaveLength(1));
    releaseAll();
    expect(await again).toMatchObject({ status: 200, body: { result: 'signed' } });
  });
});
