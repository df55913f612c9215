/**
 * The pre-confirmation streams (pendingLogs, newFlashblockTransactions) straight from a network's WebSocket endpoint,
 * where it has one (Base's flashblocks endpoints): one socket per network while such subscriptions live, one upstream
 * subscription for each of the wallet's. What it pushes is handed on as the poll would have found it; while the socket
 * is not open (connecting, refused, closed: it is opened again after a back-off) the poll loop serves those
 * subscriptions from the node's `pending` view, and nothing comes twice (./subscriptions.ts remembers what was sent).
 */
import type { Hex } from '../../shared/params';
import type { SubscriptionRecord } from './types';

/** Back-off before opening a closed socket again: doubling from 1 s, at most 30 s. */
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/** The part of the browser's WebSocket used here (a fake in unit tests). */
export interface Socket {
  readonly readyState: number;
  send(text: string): void;
  close(): void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
}

export interface PreconfStreamsDeps {
  /** The network's pre-confirmation WebSocket URL, if it has one. */
  urlFor(chainId: Hex): Promise<string | undefined>;
  connect(url: string): Socket;
  /** Something the stream pushed for subscription `key`. */
  pushed(key: string, result: unknown): void;
  setTimeout(run: () => void, ms: number): unknown;
}

export interface PreconfStreams {
  /** Whether `key` is served by its network's stream right now (its poll turns then read nothing). */
  serving(key: string): boolean;
  open(key: string, subscription: SubscriptionRecord): void;
  close(key: string): void;
}

const OPEN = 1;

interface Stream {
  url: string;
  socket?: Socket;
  /** The wallet's subscriptions it serves, by key, with their upstream id once the endpoint answered. */
  subscribed: Map<string, { subscription: SubscriptionRecord; upstream?: string }>;
  /** Upstream requests waiting for their answer: request id → key. */
  asked: Map<number, string>;
  retryMs: number;
}

export const isPendingKind = (s: Pick<SubscriptionRecord, 'kind'>) => s.kind === 'pendingLogs' || s.kind === 'newFlashblockTransactions';

const subscribeParams = (s: SubscriptionRecord): unknown[] =>
  s.kind === 'pendingLogs' ? [s.kind, s.criteria ?? {}] : s.full ? [s.kind, true] : [s.kind];

export function createPreconfStreams(deps: PreconfStreamsDeps): PreconfStreams {
  const streams = new Map<Hex, Stream>();
  /** Keys opened and not closed since: an answer of `urlFor` that comes after a close opens nothing. */
  const wanted = new Set<string>();
  let nextId = 1;

  const ask = (stream: Stream, key: string) => {
    const entry = stream.subscribed.get(key);
    if (!entry || stream.socket?.readyState !== OPEN) return;
    const id = nextId++;
    stream.asked.set(id, key);
    stream.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_subscribe', params: subscribeParams(entry.subscription) }));
  };

  const heard = (stream: Stream, data: unknown) => {
    let message: { id?: unknown; result?: unknown; method?: unknown; params?: { subscription?: unknown; result?: unknown } };
    try {
      message = JSON.parse(String(data));
    } catch {
      return;
    }
    if (typeof message.id === 'number' && stream.asked.has(message.id)) {
      const key = stream.asked.get(message.id)!;
      stream.asked.delete(message.id);
      const entry = stream.subscribed.get(key);
      if (entry && typeof message.result === 'string') entry.upstream = message.result;
      return;
    }
    if (message.method !== 'eth_subscription' || typeof message.params?.subscription !== 'string') return;
    for (const [key, entry] of stream.subscribed) {
      if (entry.upstream === message.params.subscription) deps.pushed(key, message.params.result);
    }
  };

  const connect = (chainId: Hex, stream: Stream) => {
    if (stream.subscribed.size === 0) return;
    const socket = deps.connect(stream.url);
    stream.socket = socket;
    socket.onopen = () => {
      stream.retryMs = FIRST_RETRY_MS;
      for (const key of stream.subscribed.keys()) ask(stream, key);
    };
    socket.onmessage = (event) => heard(stream, event.data);
    socket.onclose = () => {
      if (stream.socket !== socket) return;
      stream.socket = undefined;
      stream.asked.clear();
      for (const entry of stream.subscribed.values()) entry.upstream = undefined;
      if (stream.subscribed.size === 0) return void streams.delete(chainId);
      deps.setTimeout(() => (streams.get(chainId) === stream && !stream.socket ? connect(chainId, stream) : undefined), stream.retryMs);
      stream.retryMs = Math.min(stream.retryMs * 2, MAX_RETRY_MS);
    };
  };

  const streamOf = (key: string): Stream | undefined => [...streams.values()].find((s) => s.subscribed.has(key));

  return {
    serving(key) {
      const stream = streamOf(key);
      return stream?.socket?.readyState === OPEN && stream.subscribed.get(key)?.upstream !== undefined;
    },
    open(key, subscription) {
      if (!isPendingKind(subscription)) return;
      wanted.add(key);
      void deps.urlFor(subscription.chainId).then((url) => {
        if (!url || !wanted.has(key)) return;
        let stream = streams.get(subscription.chainId);
        if (!stream) {
          stream = { url, subscribed: new Map(), asked: new Map(), retryMs: FIRST_RETRY_MS };
          streams.set(subscription.chainId, stream);
        }
        stream.subscribed.set(key, { subscription });
        if (!stream.socket) connect(subscription.chainId, stream);
        else ask(stream, key);
      });
    },
    close(key) {
      wanted.delete(key);
      const stream = streamOf(key);
      if (!stream) return;
      const upstream = stream.subscribed.get(key)?.upstream;
      stream.subscribed.delete(key);
      if (upstream && stream.socket?.readyState === OPEN) stream.socket.send(JSON.stringify({ jsonrpc: '2.0', id: nextId++, method: 'eth_unsubscribe', params: [upstream] }));
      if (stream.subscribed.size > 0) return;
      for (const [chainId, s] of streams) if (s === stream) streams.delete(chainId);
      stream.socket?.close();
    },
  };
}
