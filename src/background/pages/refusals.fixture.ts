/** What the refusal tests share: a node on this machine, and the check that a refusal says its message in words. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { INCORRECT_PASSWORD } from '../../shared/errors';
import { inEnglish } from '../../shared/words.fixture';
import { refusalWords } from './refusalWords';

export const WALLET_SENTENCE = 'Too many wrong passwords: try again in 300 s';
/** A server's text that ends like a refusal of the wallet's whose sentence starts with a free part (a field). */
/** A server's message that is word for word a reason the wallet writes (refusalWords.ts REASONS). */
export const REASON_SAID = 'no connection';
/** A server's message with characters that reorder or hide text, far longer than a line. */
export const HIDING = `Approve \u202Eevil\u200b${' and more'.repeat(500)}`;
export const REFUSAL_TAIL = 'foo must be a 20-byte hex address (0x + 40 hex digits), got bar';
/** A server's text that ends like a refusal of the wallet's whose sentence starts as the probe's does ("RPC URL …"). */
export const URL_TWICE_TAIL = 'foo is listed twice; each endpoint once';

/**
 * A server on this machine answering each request as its path says: /chain (eth_chainId 0x7a6c), /limited (429),
 * /stalls (429, asking for 10^21 s),
 * /broken (500), /page (200, a web page), /silent (a reply without result or error), /says (an error whose message is a sentence of the wallet's), /waits (-32005 with a password wait's retryAt),
 * /refuses (4100 "Incorrect password", the code and words the screens translate as the wallet's password refusal),
 * /mimics (an error whose message ends like a refusal of the wallet's, REFUSAL_TAIL), /twice (URL_TWICE_TAIL), /hides (HIDING),
 * /pretends (REASON_SAID).
 */
export function nodeOnThisMachine(): { url(): string } {
  let server: Server;
  let url = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        if (req.url === '/limited') return void res.writeHead(429, { 'retry-after': '3' }).end();
        if (req.url === '/stalls') return void res.writeHead(429, { 'retry-after': `1${'0'.repeat(21)}` }).end();
        if (req.url === '/broken') return void res.writeHead(500).end();
        if (req.url === '/page') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Welcome</html>');
        const { id } = JSON.parse(body) as { id: number };
        res.setHeader('content-type', 'application/json');
        if (req.url === '/waits') return void res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32005, message: 'busy', data: { retryAt: 1e13 } } }));
        if (req.url === '/refuses') return void res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: 4100, message: INCORRECT_PASSWORD } }));
        if (req.url === '/pretends') return void res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message: REASON_SAID } }));
        if (req.url === '/hides') return void res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message: HIDING } }));
        if (req.url === '/mimics') return void res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message: REFUSAL_TAIL } }));
        if (req.url === '/twice') return void res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message: URL_TWICE_TAIL } }));
        if (req.url === '/silent') return void res.end(JSON.stringify({ jsonrpc: '2.0', id }));
        if (req.url === '/says') return void res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message: WALLET_SENTENCE } }));
        res.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x7a6c' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: () => url };
}

/** The refusal `made` throws says its message in words: the words it gets, for a closer look. */
export async function saysInWords(made: Promise<unknown> | (() => unknown)) {
  const message = await Promise.resolve().then(typeof made === 'function' ? made : () => made).then(
    () => expect.unreachable('refused'),
    (error: Error) => error.message,
  );
  const words = refusalWords(message);
  expect(words && inEnglish(words), message).toBe(message);
  return words!;
}
