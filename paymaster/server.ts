/**
 * The ERC-7677 paymaster service over HTTP (node:http): POST /rpc with a JSON-RPC 2.0 body; CORS for the wallet's
 * extension origin. `npm run paymaster` runs it alone (main.ts); the devnet starts it in-process.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { JsonRpcProvider, Wallet } from 'ethers';
import { withDefaults, type PaymasterServiceOptions } from './config';
import { paymasterMethods } from './methods';
import { DailyCounter, loadPolicy } from './policy';
import { handleBody, type Method } from './rpc';

export type { PaymasterServiceOptions } from './config';

export interface PaymasterService {
  /** The JSON-RPC endpoint, http://127.0.0.1:<port>/rpc. */
  url: string;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 1_000_000;
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '600',
  // Chrome's Private Network Access preflight, for pages (not extensions) calling this loopback service.
  'Access-Control-Allow-Private-Network': 'true',
};

export async function startPaymasterService(options: PaymasterServiceOptions): Promise<PaymasterService> {
  const config = withDefaults(options);
  const policy = loadPolicy(config.policy);
  const signer = new Wallet(config.signerKey);
  const provider = new JsonRpcProvider(config.rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  try {
    const chainId = BigInt(await provider.send('eth_chainId', []));
    const { paymaster, entryPoint, log } = config;
    const methods = paymasterMethods({ policy, counter: new DailyCounter(), signer, provider, chainId, paymaster, entryPoint, log });
    const server = createServer((request, response) => {
      handle(request, response, methods).catch((error: Error) => send(response, 500, { error: error.message }));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'EADDRINUSE' ? new Error(`Cannot start the paymaster service: port ${config.port} on ${config.host} is already in use`) : error));
      server.listen(config.port, config.host, resolve);
    });
    return {
      url: `http://${config.host}:${config.port}/rpc`,
      stop: () => new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        provider.destroy();
      }),
    };
  } catch (error) {
    provider.destroy();
    throw error;
  }
}

async function handle(request: IncomingMessage, response: ServerResponse, methods: Record<string, Method>): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://paymaster').pathname;
  if (path !== '/rpc') return send(response, 404, { error: `Not found: ${path}; the JSON-RPC endpoint is POST /rpc` });
  if (request.method === 'OPTIONS') return send(response, 204);
  if (request.method !== 'POST') return send(response, 405, { error: 'Use POST with a JSON-RPC 2.0 body' });
  const body = await readBody(request);
  if (body === undefined) return send(response, 413, { error: `The body exceeds ${MAX_BODY_BYTES} bytes` });
  send(response, 200, await handleBody(body, methods));
}

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body?: unknown): void {
  const headers = { ...CORS_HEADERS, 'Cache-Control': 'no-store', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) };
  response.writeHead(status, headers);
  response.end(body === undefined ? undefined : JSON.stringify(body));
}
