import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RpcError } from '../../shared/errors';
import { JsonRpcTransportError } from '../../shared/jsonRpc';
import { createFailover } from './failover';
import { callNode } from './rpcClient';

/**
 * Endpoints that behave as public ones do, by path: /ok answers, /limited is 429 with Retry-After: 7, /broken is a
 * 502 page, /behind says "header not found", /noPending refuses the pending tag, /revert answers a real error. Each
 * path counts what it got; a path may carry a suffix (/ok-3) so that each test has its own endpoints.
 */
let server: Server;
let base: string;
const asked: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk)).on('end', () => {
      const { id, params } = JSON.parse(body) as { id: number; params: unknown[] };
      const kind = req.url!.slice(1).split('-')[0];
      asked.push(req.url!);
      const json = (reply: object, status = 200, headers: Record<string, string> = {}) =>
        (res as ServerResponse).writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify({ jsonrpc: '2.0', id, ...reply }));
      if (kind === 'limited') return json({ error: { code: 429, message: 'Too many requests' } }, 429, { 'retry-after': '7' });
      if (kind === 'broken') return res.writeHead(502).end('<html>Bad gateway</html>');
      if (kind === 'behind') return json({ error: { code: -32000, message: 'header not found' } });
      if (kind === 'revert') return json({ error: { code: 3, message: 'execution reverted' } });
      if (kind === 'noPending' && params.includes('pending')) return json({ error: { code: -32602, message: 'pending block is not available' } });
      json({ result: `${kind} ${JSON.stringify(params)}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const endpoint = (...paths: string[]) => ({ urls: paths.map((p) => `${base}/${p}`), name: 'Test chain' });
const askedSince = (start: number) => asked.slice(start);

describe('a network\'s endpoints', () => {
  it('past one that is down, one that limits the wallet (429) and a 502: the first that answers serves', async () => {
    const closed = 'http://127.0.0.1:9/';
    expect(await callNode({ urls: [closed, ...endpoint('limited-1', 'broken-1', 'ok-1').urls], name: 'Test chain' }, 'eth_blockNumber')).toBe('ok []');
  });

  it('leaves one that limited the wallet alone for its Retry-After, then asks it first again (the endpoint in use meanwhile: the next)', async () => {
    let now = 1_000_000;
    const failover = createFailover(() => now);
    const urls = ['limited', 'ok'];
    const attempt = async (url: string) => {
      if (url === 'limited' && now < 1_007_000) throw new RpcError(-32005, 'limit exceeded');
      return url;
    };
    expect(failover.inUse(urls)).toBe('limited');
    // -32005 has no Retry-After: the first back-off is a second, doubling each time.
    expect(await failover.call(urls, attempt)).toBe('ok');
    expect(failover.availableAt('limited')).toBe(1_001_000);
    expect(failover.inUse(urls)).toBe('ok');
    now = 1_001_000;
    expect(await failover.call(urls, attempt)).toBe('ok');
    expect(failover.availableAt('limited')).toBe(1_003_000);
    now = 1_007_000;
    expect(await failover.call(urls, attempt)).toBe('limited');
    expect(failover.availableAt('limited')).toBe(0);
    expect(failover.inUse(urls)).toBe('limited');
  });

  it('honours Retry-After: the limited endpoint is not asked again before it', async () => {
    const start = asked.length;
    const limited = endpoint('limited-2', 'ok-2');
    await callNode(limited, 'eth_chainId');
    await callNode(limited, 'eth_chainId');
    expect(askedSince(start)).toEqual(['/limited-2', '/ok-2', '/ok-2']);
  });

  it('passes over a backend that lags ("header not found") for this request only', async () => {
    const start = asked.length;
    const lagging = endpoint('behind-3', 'ok-3');
    expect(await callNode(lagging, 'eth_getBlockByNumber', ['0x10', false])).toBe('ok ["0x10",false]');
    await callNode(lagging, 'eth_getBlockByNumber', ['0x10', false]);
    expect(askedSince(start)).toEqual(['/behind-3', '/ok-3', '/behind-3', '/ok-3']);
  });

  it('stops at a real answer: a revert is the dapp\'s, not the endpoint\'s fault', async () => {
    const start = asked.length;
    await expect(callNode(endpoint('revert-4', 'ok-4'), 'eth_call', [{}, 'latest'])).rejects.toMatchObject({ code: 3, message: 'execution reverted' });
    expect(askedSince(start)).toEqual(['/revert-4']);
  });

  it('asks a node that refuses the pending tag for the latest state instead', async () => {
    expect(await callNode(endpoint('noPending-5'), 'eth_getCode', ['0x01', 'pending'])).toBe('noPending ["0x01","latest"]');
  });

  it('says what is wrong when none answers: -32005 when every one limits the wallet, 4901 when none is reachable', async () => {
    await expect(callNode(endpoint('limited-6'), 'eth_chainId')).rejects.toMatchObject({ code: -32005, message: 'The nodes of Test chain are limiting requests; try again in 7 s' });
    await expect(callNode({ urls: ['http://127.0.0.1:9/'], name: 'Test chain' }, 'eth_chainId')).rejects.toMatchObject({ code: 4901, message: 'The node of Test chain is unreachable (no connection)' });
    await expect(callNode(endpoint('broken-6'), 'eth_chainId')).rejects.toMatchObject({ code: -32603, message: 'The node of Test chain answered HTTP 502' });
  });

  it('answers method-not-found only when no endpoint has the method', async () => {
    const failover = createFailover();
    const lacks = async (url: string) => {
      if (url !== 'full') throw new RpcError(-32601, 'the method eth_simulateV1 does not exist/is not available');
      return 'simulated';
    };
    expect(await failover.call(['lean', 'full'], lacks)).toBe('simulated');
    expect(failover.availableAt('lean')).toBe(0);
    await expect(failover.call(['lean'], lacks)).rejects.toMatchObject({ code: -32601 });
  });

  it('answers the method-not-found of one that was reached, not the silence of one that is down', async () => {
    const failover = createFailover();
    const attempt = async (url: string) => {
      if (url === 'down') throw new JsonRpcTransportError('unreachable', 'unreachable (connection refused)');
      throw new RpcError(-32601, 'the method eth_simulateV1 does not exist/is not available');
    };
    await expect(failover.call(['down', 'lean'], attempt)).rejects.toMatchObject({ code: -32601 });
    // Now backing off, the one that is down comes last, and is not asked when another was reached.
    await expect(failover.call(['down', 'lean'], attempt)).rejects.toMatchObject({ code: -32601 });
  });

  it('says so when the network has no endpoint to ask', async () => {
    await expect(createFailover().call([], async () => 'never asked')).rejects.toThrow('no endpoint to ask');
  });

  it('asks in the user\'s order, until one backs off, then that one last', async () => {
    let time = 0;
    const failover = createFailover(() => time);
    const order: string[] = [];
    const attempt = async (url: string) => {
      order.push(url);
      if (url === 'a' && time === 0) throw new JsonRpcTransportError('unreachable', 'unreachable (connection refused)');
      return url;
    };
    expect(await failover.call(['a', 'b'], attempt)).toBe('b');
    expect(await failover.call(['a', 'b'], attempt)).toBe('b');
    time = 1000;
    expect(await failover.call(['a', 'b'], attempt)).toBe('a');
    expect(order).toEqual(['a', 'b', 'b', 'a']);
  });
});
