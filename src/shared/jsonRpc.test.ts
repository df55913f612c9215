import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RpcError } from './errors';
import { JsonRpcTransportError, jsonRpc } from './jsonRpc';

/** A server whose answer each test picks by the JSON-RPC method it calls. */
const answers: Record<string, (res: ServerResponse) => void> = {
  ok: (res) => res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x1' })),
  rpcError: (res) => res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'execution reverted', data: '0xdead' } })),
  serverErrorWithRpcError: (res) => {
    res.statusCode = 500;
    res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'internal' } }));
  },
  serverErrorHtml: (res) => {
    res.statusCode = 503;
    res.setHeader('retry-after', '7');
    res.end('<html>down</html>');
  },
  notJson: (res) => res.end('hello'),
  jsonNull: (res) => res.end('null'),
  noResult: (res) => res.end(JSON.stringify({ jsonrpc: '2.0', id: 1 })),
  rateLimited: (res) => {
    res.statusCode = 429;
    res.setHeader('retry-after', '2');
    res.end('slow down');
  },
  large: (res) => res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: 'x'.repeat(5_000) })),
  never: () => undefined,
  brokenOff: (res) => {
    res.setHeader('content-length', '1000');
    res.write('{"jsonrpc":"2.0","id":1,"result":"');
    setTimeout(() => res.socket?.destroy(), 20);
  },
};

let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += String(chunk)));
    req.on('end', () => answers[(JSON.parse(body) as { method: string }).method](res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const failure = (method: string, options = {}) => jsonRpc(url, method, [], options).then(() => undefined, (error: unknown) => error);

describe('jsonRpc', () => {
  it('gives the result, and a JSON-RPC error as an RpcError with its code, message and data', async () => {
    expect(await jsonRpc(url, 'ok')).toBe('0x1');
    const error = await failure('rpcError');
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ code: -32000, message: 'execution reverted', data: '0xdead' });
  });

  it('passes on a server error only as the JSON-RPC error it carries', async () => {
    expect(await failure('serverErrorWithRpcError')).toMatchObject({ code: -32603, message: 'internal' });
    const error = await failure('serverErrorHtml');
    expect(error).toBeInstanceOf(JsonRpcTransportError);
    expect(error).toMatchObject({ reason: 'server-error', message: 'HTTP 503', retryAfterMs: 7000 });
  });

  it('says when a reply is not JSON, not an object, or has no result', async () => {
    expect(await failure('notJson')).toMatchObject({ reason: 'not-json', message: 'HTTP 200 without JSON' });
    expect(await failure('jsonNull')).toMatchObject({ reason: 'not-json' });
    expect(await failure('noResult')).toMatchObject({ reason: 'no-result' });
    // Within a byte limit too, where the body is read as text first.
    expect(await failure('notJson', { maxResponseBytes: 100 })).toMatchObject({ reason: 'not-json' });
  });

  it('says rate-limited with the Retry-After the server asked for', async () => {
    expect(await failure('rateLimited')).toMatchObject({ reason: 'rate-limited', retryAfterMs: 2000 });
  });

  it('refuses a reply larger than the limit, and reads one within it', async () => {
    expect(await failure('large', { maxResponseBytes: 1_000 })).toMatchObject({ reason: 'too-large', message: 'the reply exceeds 1000 bytes' });
    expect(await jsonRpc(url, 'large', [], { maxResponseBytes: 10_000 })).toHaveLength(5_000);
  });

  it('gives up on a server that never answers after the timeout', async () => {
    expect(await failure('never', { timeoutMs: 200 })).toMatchObject({ reason: 'timeout', message: 'no answer within 0.2 s' });
  });

  it('says the reply broke off when the connection closes mid-body', async () => {
    expect(await failure('brokenOff')).toMatchObject({ reason: 'unreachable' });
    expect(await failure('brokenOff', { maxResponseBytes: 10_000 })).toMatchObject({ reason: 'unreachable' });
  });

  it('says unreachable when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    expect(await jsonRpc(`http://127.0.0.1:${port}`, 'ok').catch((e: unknown) => e)).toMatchObject({ reason: 'unreachable' });
  });
});
