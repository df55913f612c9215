/**
 * The emulator over HTTP, in Speculos's shape: `POST /apdu {"data":"<hex>"}` answers `{"data":"<hex answer and status
 * word>"}`; `GET /state` and `POST /state` (a part of `LedgerEmulatorState`, or `{"reset":true}`) read and set what
 * the device does, and `GET /state` also lists what it signed. Only on 127.0.0.1, only to the extension's pages or to
 * a caller with no Origin (Node tests): a web page (the demo dapp's included) gets 403 before anything is read or done.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_LEDGER_EMULATOR_PORT } from '../constants';
import { HOST, assertPortFree } from '../ports';
import { LedgerEmulatorApp } from './app';
import { stateChange } from './state';

export interface LedgerEmulator {
  /** http://127.0.0.1:<port>, the origin of /apdu and /state. */
  url: string;
  app: LedgerEmulatorApp;
  stop(): Promise<void>;
}

/** A command is at most 5 + 255 bytes; a state a few fields. */
const MAX_BODY_BYTES = 4096;

const EXTENSION_ORIGIN = /^(chrome-extension|moz-extension):\/\/[a-z0-9-]+$/;

async function body(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) {
    text += chunk;
    if (text.length > MAX_BODY_BYTES) throw new Error(`a body is at most ${MAX_BODY_BYTES} bytes`);
  }
  return JSON.parse(text) as unknown;
}

function reply(response: ServerResponse, status: number, value: unknown, origin: string | undefined): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    ...(origin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {}),
  });
  response.end(JSON.stringify(value));
}

/** Starts the emulator on `port` (0: any free one, as the unit tests use). */
export async function startLedgerEmulator({ port = DEFAULT_LEDGER_EMULATOR_PORT }: { port?: number } = {}): Promise<LedgerEmulator> {
  await assertPortFree(port, 'the Ledger emulator');
  const app = new LedgerEmulatorApp();
  let bound = port;
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const origin = request.headers.origin;
    // The Host check keeps a rebound DNS name (a page's own host resolving to 127.0.0.1) out as well.
    if ((origin !== undefined && !EXTENSION_ORIGIN.test(origin)) || request.headers.host !== `${HOST}:${bound}`) {
      return reply(response, 403, { error: 'only the wallet extension may reach the Ledger emulator' }, undefined);
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'access-control-allow-origin': origin ?? '*', 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'content-type', vary: 'Origin' });
      return void response.end();
    }
    const route = `${request.method} ${request.url}`;
    if (route === 'GET /state') return reply(response, 200, { ...app.state, signed: app.signed }, origin);
    if (route === 'POST /state') {
      const change = stateChange(await body(request), app.state);
      if (!change.ok) return reply(response, 400, { error: change.error }, origin);
      app.state = change.state;
      return reply(response, 200, app.state, origin);
    }
    if (route === 'POST /apdu') {
      const { data } = (await body(request)) as { data?: unknown };
      if (typeof data !== 'string' || !/^([0-9a-f]{2}){5,260}$/i.test(data)) return reply(response, 400, { error: 'expected {"data":"<hex of one APDU>"}' }, origin);
      return reply(response, 200, { data: Buffer.from(app.exchange(Buffer.from(data, 'hex'))).toString('hex') }, origin);
    }
    return reply(response, 404, { error: `no ${route}: POST /apdu, GET or POST /state` }, origin);
  };
  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => reply(response, 400, { error: error.message }, undefined));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, resolve);
  });
  bound = (server.address() as AddressInfo).port;
  return {
    url: `http://${HOST}:${bound}`,
    app,
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
