import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkNetwork, saveNetwork } from './edit';

/** A node on this machine that answers eth_chainId with 0x7a6c. */
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const { id } = JSON.parse(body) as { id: number };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x7a6c' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const input = (overrides = {}) => ({ chainId: '0x7a6c' as const, name: 'Mine', rpcUrl: url, eip7702: true, ...overrides });

describe('checking a network before it is saved', () => {
  it('accepts a node that serves the chain id', async () => {
    await expect(checkNetwork(input({ bundlerUrl: url }))).resolves.toBeUndefined();
  });

  it('refuses a node of another chain, naming both', async () => {
    await expect(checkNetwork(input({ chainId: '0x1' }))).rejects.toThrow('RPC URL serves chain 31340 (0x7a6c), not 1 (0x1)');
  });

  it('refuses plain http off this machine and a URL that does not parse, before asking anything', async () => {
    await expect(checkNetwork(input({ rpcUrl: 'http://rpc.example.com' }))).rejects.toThrow(/RPC URL must be https/);
    await expect(checkNetwork(input({ bundlerUrl: 'not a url' }))).rejects.toThrow(/Bundler URL must be https/);
  });

  it('never edits a built-in network', async () => {
    const networks = { find: async () => undefined, add: async () => undefined };
    await expect(saveNetwork(networks, input({ chainId: '0x2105' }))).rejects.toThrow(/built-in/);
  });
});
