import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPreconfStreams, type Socket } from './preconfStreams';
import type { SubscriptionRecord } from './types';

const URL = 'wss://preconf.example';
const FRAME = { tabId: 1, frameId: 0, origin: 'https://dapp.example' };
const pendingLogs = (id: string): SubscriptionRecord => ({ id: `0x${id}`, frame: FRAME, chainId: '0x2105', kind: 'pendingLogs', criteria: {} });

/** A WebSocket endpoint the test drives: what the wallet sent it, and what it says back. */
class FakeSocket implements Socket {
  readyState = 0;
  sent: { id: number; method: string; params: unknown[] }[] = [];
  onopen: Socket['onopen'] = null;
  onclose: Socket['onclose'] = null;
  onmessage: Socket['onmessage'] = null;
  send = (text: string) => void this.sent.push(JSON.parse(text));
  close = () => this.drop();
  open() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
  say(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  /** Answers each eth_subscribe asked so far with upstream id "up<n>". */
  answerSubscribes() {
    for (const request of this.sent.filter((r) => r.method === 'eth_subscribe')) this.say({ jsonrpc: '2.0', id: request.id, result: `up${request.id}` });
  }
}

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

/** `url` null: the network has no endpoint. */
function setup(url: string | null = URL) {
  const sockets: FakeSocket[] = [];
  const pushed: [string, unknown][] = [];
  const streams = createPreconfStreams({
    urlFor: async () => url ?? undefined,
    connect: (to) => {
      expect(to).toBe(URL);
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    pushed: (key, result) => void pushed.push([key, result]),
    setTimeout: (run, ms) => setTimeout(run, ms),
  });
  return { streams, sockets, pushed };
}

describe('pre-confirmation streams', () => {
  it('subscribe upstream once the socket opens, hand on what it pushes to the subscription it is for, and serve it meanwhile', async () => {
    const { streams, sockets, pushed } = setup();
    streams.open('a', pendingLogs('a'));
    streams.open('b', { ...pendingLogs('b'), kind: 'newFlashblockTransactions', full: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
    expect(streams.serving('a')).toBe(false);
    sockets[0].open();
    expect(sockets[0].sent.map((r) => [r.method, r.params])).toEqual([['eth_subscribe', ['pendingLogs', {}]], ['eth_subscribe', ['newFlashblockTransactions', true]]]);
    sockets[0].answerSubscribes();
    expect(streams.serving('a')).toBe(true);
    sockets[0].say({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: 'up1', result: { transactionHash: '0x1', logIndex: '0x0' } } });
    sockets[0].say({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: 'up9', result: 'not ours' } });
    sockets[0].say('not json at all');
    expect(pushed).toEqual([['a', { transactionHash: '0x1', logIndex: '0x0' }]]);
  });

  it('open the socket again after a back-off when it closes, leaving the poll to serve meanwhile; close it with the last subscription', async () => {
    const { streams, sockets } = setup();
    streams.open('a', pendingLogs('a'));
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].open();
    sockets[0].answerSubscribes();
    sockets[0].drop();
    expect(streams.serving('a')).toBe(false);
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    sockets[1].answerSubscribes();
    expect(streams.serving('a')).toBe(true);
    streams.close('a');
    // Subscribed again on the new socket, as its request 2.
    expect(sockets[1].sent.at(-1)).toMatchObject({ method: 'eth_unsubscribe', params: ['up2'] });
    expect(sockets[1].readyState).toBe(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('open nothing for a network without an endpoint, for other kinds, or for a subscription closed before its URL was known', async () => {
    const none = setup(null);
    none.streams.open('a', pendingLogs('a'));
    const other = setup();
    other.streams.open('h', { ...pendingLogs('h'), kind: 'newHeads' });
    other.streams.open('a', pendingLogs('a'));
    other.streams.close('a');
    await vi.advanceTimersByTimeAsync(0);
    expect([none.sockets.length, other.sockets.length]).toEqual([0, 0]);
  });
});
