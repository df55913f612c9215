/**
 * Serves the demo dapp, the devnet's facts (/devnet.json), freshly signed raw transactions (/signed-tx) and the devnet
 * build's newer phishing list (/phishing-list.json).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseEther, type Wallet } from 'ethers';
import { DEFAULT_DAPP_PORT, DEVNET_FETCHED_LISTED_HOST } from './constants';
import type { DevnetAddresses } from './deploy';
import { CONTENT_TYPES, send, sendFile } from './staticFiles';

export interface DevnetInfo {
  chainId: number;
  rpcUrl: string;
  /** ERC-4337 bundler (Alto) JSON-RPC endpoint. */
  bundlerUrl: string;
  /** ERC-7677 paymaster service JSON-RPC endpoint. */
  paymasterUrl: string;
  addresses: DevnetAddresses;
  accounts: string[];
}

export interface DappServer {
  url: string;
  stop(): Promise<void>;
}

interface ServerOptions {
  port?: number;
  info: DevnetInfo;
  /** Signs the /signed-tx transactions (devnet account #9); must be connected to the devnet. */
  txSigner: Wallet;
  /** Receives their 0.001 ETH (devnet account #8). */
  txRecipient: string;
}

const HOST = '127.0.0.1';
const DAPP_DIR = fileURLToPath(new URL('dapp/', import.meta.url));

export async function startDappServer({ port = DEFAULT_DAPP_PORT, info, txSigner, txRecipient }: ServerOptions): Promise<DappServer> {
  const routes: Record<string, () => Promise<unknown>> = {
    '/devnet.json': async () => info,
    '/signed-tx': async () => ({ rawTransaction: await signTransfer(txSigner, txRecipient) }),
    // The devnet build's phishing-list URL: a newer copy of the list, in eth-phishing-detect's format.
    '/phishing-list.json': async () => ({ version: 2, tolerance: 2, fuzzylist: [], whitelist: [], blacklist: [DEVNET_FETCHED_LISTED_HOST] }),
  };
  const server = createServer((request, response) => {
    handle(routes, request, response).catch((error: Error) => send(response, 500, 'text/plain; charset=utf-8', error.message));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Cannot serve the dapp: port ${port} on ${HOST} is already in use`) : error));
    server.listen(port, HOST, resolve);
  });
  return {
    url: `http://${HOST}:${port}/`,
    stop: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Browsers keep idle connections open, which would hold close() back indefinitely.
      server.closeAllConnections();
    }),
  };
}

async function handle(routes: Record<string, () => Promise<unknown>>, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, 'text/plain; charset=utf-8', 'Only GET and HEAD');
  const path = new URL(request.url ?? '/', `http://${HOST}`).pathname;
  const route = routes[path];
  // Readable from any origin, as raw.githubusercontent.com serves the real phishing list to the wallet's worker.
  if (route) return send(response, 200, CONTENT_TYPES['.json'], JSON.stringify(await route(), null, 2), { 'Access-Control-Allow-Origin': '*' });
  return sendFile(response, DAPP_DIR, path);
}

/** A signed 0.001 ETH transfer at the signer's next pending nonce; the dapp submits it with eth_sendRawTransaction. */
async function signTransfer(signer: Wallet, to: string): Promise<string> {
  const nonce = await signer.getNonce('pending');
  const tx = await signer.populateTransaction({ to, value: parseEther('0.001'), nonce });
  return signer.signTransaction(tx);
}
