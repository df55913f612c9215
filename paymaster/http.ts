/**
 * The service's HTTP surface (node:http): POST /rpc (JSON-RPC 2.0, CORS for the wallet's extension origin), GET /health,
 * GET /metrics. Before a body is read: the client address's rate, the API key (?apikey= or Authorization: Bearer), the
 * key's rate, the body's size; then a batch's size and its other requests' rate. Each refusal is a JSON-RPC error with
 * its HTTP status (429, 401, 413). Beyond maxInFlight requests at once, more are shed (503 with Retry-After) rather
 * than queued for a store or node that is slow already. /metrics and /health's details are for the metrics token only.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { App, Apps } from './apps';
import { logAnswer } from './decisions';
import type { Health } from './health';
import type { Logger } from './log';
import type { Caller } from './methods';
import type { Metrics } from './metrics';
import type { RateLimiter } from './rateLimit';
import { ErrorCode, MAX_BATCH, RpcError, batchTooLarge, failure, handleBody, parseBody, type Method } from './rpc';

export interface HttpDeps {
  apps: Apps;
  methods: Record<string, Method<Caller>>;
  metrics: Metrics;
  logger: Logger;
  health: () => Promise<Health>;
  maxBodyBytes: number;
  perIp: RateLimiter;
  perKey: RateLimiter;
  /** The most POST /rpc requests answered at once; more get 503. */
  maxInFlight: number;
  /** Behind a reverse proxy: the client's address is the last one X-Forwarded-For names. */
  trustProxy: boolean;
  /** Answer Chrome's Private Network Access preflight. */
  allowPrivateNetwork: boolean;
  /** The bearer token of GET /metrics and of /health's details; without it /metrics is off. */
  metricsToken?: string;
  /** True once the service is stopping: replies close their connection. */
  stopping: () => boolean;
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization',
  'Access-Control-Max-Age': '600',
};
// Chrome's Private Network Access preflight: lets public web pages call this service on the user's network.
const PRIVATE_NETWORK_HEADERS = { 'Access-Control-Allow-Private-Network': 'true' };

export function httpHandler(deps: HttpDeps): (request: IncomingMessage, response: ServerResponse) => void {
  let inFlight = 0;
  const shedOrAnswer = async (request: IncomingMessage, response: ServerResponse, url: URL) => {
    if (inFlight >= deps.maxInFlight) return reject(response, 503, 'overloaded', overloaded(deps.maxInFlight), deps);
    inFlight++;
    try {
      await rpc(request, response, url, deps);
    } finally {
      inFlight--;
    }
  };
  return (request, response) => {
    route(request, response, deps, shedOrAnswer).catch((error: Error) => {
      deps.logger.error({ err: error }, `HTTP ${request.method} ${request.url}: ${error.message}`);
      if (!response.headersSent) send(response, 500, failure(null, error), deps);
    });
  };
}

type Rpc = (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<void>;

async function route(request: IncomingMessage, response: ServerResponse, deps: HttpDeps, handleRpc: Rpc): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://paymaster');
  if (request.method === 'GET' && url.pathname === '/health') return health(request, response, deps);
  if (request.method === 'GET' && url.pathname === '/metrics') return metrics(request, response, deps);
  if (url.pathname !== '/rpc') return send(response, 404, { error: `Not found: ${url.pathname}; the JSON-RPC endpoint is POST /rpc (also GET /health, GET /metrics)` }, deps);
  if (request.method === 'OPTIONS') return send(response, 204, undefined, deps);
  if (request.method !== 'POST') return send(response, 405, { error: 'Use POST with a JSON-RPC 2.0 body' }, deps);
  return handleRpc(request, response, url);
}

/** POST /rpc: the refusals that need no JSON first, then the body's. */
async function rpc(request: IncomingMessage, response: ServerResponse, url: URL, deps: HttpDeps): Promise<void> {
  const client = clientAddress(request, deps.trustProxy);
  const limitIp = (count: number, batch = '') =>
    deps.perIp.take(client, count) ? undefined : rateLimited(`more than ${deps.perIp.perSecond} requests per second from ${client}${batch}`);
  const limitKey = (app: App, count: number, batch = '') =>
    deps.perKey.take(app.name, count) ? undefined : rateLimited(`more than ${deps.perKey.perSecond} requests per second with the API key of ${app.name}${batch}`);
  // One token each before the body is read, which sheds a flood cheaply; a batch's other requests once it is parsed.
  const ipLimited = limitIp(1);
  if (ipLimited) return reject(response, 429, 'rate_limited', ipLimited, deps);
  const app = deps.apps.resolve(apiKey(request, url));
  if (app instanceof RpcError) return reject(response, 401, 'unauthorized', app, deps);
  const keyLimited = limitKey(app, 1);
  if (keyLimited) return reject(response, 429, 'rate_limited', keyLimited, deps);
  const text = await readBody(request, deps.maxBodyBytes);
  if (text === undefined) {
    return reject(response, 413, 'too_large', new RpcError(ErrorCode.invalidRequest, `Invalid request: the body exceeds ${deps.maxBodyBytes} bytes (the service's --max-body)`), deps);
  }
  const body = parseBody(text);
  const size = 'requests' in body ? body.requests.length : 1;
  if (size > MAX_BATCH) return reject(response, 413, 'too_large', batchTooLarge(size), deps);
  if (size > 1) {
    const batch = ` (a batch counts each of its ${size} requests)`;
    const limited = limitIp(size - 1, batch) ?? limitKey(app, size - 1, batch);
    if (limited) return reject(response, 429, 'rate_limited', limited, deps);
  }
  const reply = await handleBody(body, deps.methods, { app }, (answered) => {
    deps.metrics.answered(answered.method, answered.error, answered.seconds);
    logAnswer(deps.logger, app.name, answered);
  });
  send(response, 200, reply, deps);
}

/** Ok or not, to anyone; what the store and the node said (the database's host, their errors) only with the metrics token. */
async function health(request: IncomingMessage, response: ServerResponse, deps: HttpDeps): Promise<void> {
  const health = await deps.health();
  send(response, health.status === 'ok' ? 200 : 503, hasMetricsToken(request, deps) ? health : { status: health.status }, deps);
}

/** App names and their daily spend: only for the metrics token's holder. */
async function metrics(request: IncomingMessage, response: ServerResponse, deps: HttpDeps): Promise<void> {
  if (!deps.metricsToken) return send(response, 404, { error: 'Not found: GET /metrics is off; start the service with --metrics-token to serve it' }, deps);
  if (!hasMetricsToken(request, deps)) return send(response, 401, { error: "Unauthorized: GET /metrics needs Authorization: Bearer <the service's --metrics-token>" }, deps);
  send(response, 200, await deps.metrics.render(), deps, deps.metrics.contentType);
}

function hasMetricsToken(request: IncomingMessage, { metricsToken }: HttpDeps): boolean {
  const given = bearerToken(request);
  if (!metricsToken || given === undefined) return false;
  // Compared as hashes: timingSafeEqual needs equal lengths, and the time taken says nothing of the token.
  const sha256 = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(sha256(given), sha256(metricsToken));
}

function reject(response: ServerResponse, status: number, outcome: 'rate_limited' | 'unauthorized' | 'too_large' | 'overloaded', error: RpcError, deps: HttpDeps): void {
  deps.metrics.rejected(outcome);
  deps.logger.info({ outcome, code: error.code }, `HTTP ${status}: ${error.message}`);
  if (status === 429 || status === 503) response.setHeader('Retry-After', '1');
  // The rest of an oversized body is not read: close the connection rather than leave the client sending it.
  if (status === 413) response.setHeader('Connection', 'close');
  send(response, status, failure(null, error), deps);
}

const overloaded = (max: number) =>
  new RpcError(ErrorCode.resourceUnavailable, `Service overloaded: this instance is answering ${max} requests already, the most it takes at once; try again in a second`, { reason: 'overloaded' });

const rateLimited = (detail: string) => new RpcError(ErrorCode.limitExceeded, `Rate limit exceeded: ${detail}`, { reason: 'rateLimit' });

const bearerToken = (request: IncomingMessage): string | undefined => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

function apiKey(request: IncomingMessage, url: URL): string | undefined {
  return bearerToken(request) ?? url.searchParams.get('apikey') ?? undefined;
}

function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? String(request.headers['x-forwarded-for'] ?? '').split(',').at(-1)?.trim() : undefined;
  return forwarded || request.socket.remoteAddress || 'unknown';
}

/** The body, or undefined once it exceeds `maxBytes` (announced or sent), without reading the rest. */
async function readBody(request: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) return undefined;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      request.off('data', onData);
      request.pause();
      resolve(undefined);
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.once('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown, deps: HttpDeps, contentType = 'application/json'): void {
  const headers: Record<string, string> = { ...CORS_HEADERS, ...(deps.allowPrivateNetwork ? PRIVATE_NETWORK_HEADERS : {}), 'Cache-Control': 'no-store' };
  if (body !== undefined) headers['Content-Type'] = contentType;
  // While stopping, a kept-alive connection would hold the shutdown until the client closes it.
  if (deps.stopping()) headers.Connection = 'close';
  response.writeHead(status, headers);
  response.end(body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body));
}
