/**
 * The fault catalogue at the page's edge: malformed requests each get a JSON-RPC error (never a hang, and the
 * provider keeps working), frames are their own origin (an opaque one is refused), calls into the account itself and
 * oversized params are refused before any window opens, a second connect request while one waits gets -32002.
 */
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';

type Outcome = { code?: number; message: string };

test('malformed requests each get an error, and the provider keeps answering', async ({ wallet, dapp }) => {
  void wallet;
  const outcomes = await dapp.screen.evaluate(async () => {
    const ethereum = (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum;
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const attempt = (args: unknown) => ethereum.request(args).then(() => ({ message: 'no error' }), (e: Outcome) => ({ code: e.code, message: e.message }));
    return Promise.all([
      attempt({ params: [] }),
      attempt({ method: 'eth_call', params: 'nope' }),
      attempt({ method: 'eth_call', params: [cyclic] }),
      attempt({ method: 'eth_call', params: [{ value: 10n }] }),
      attempt({ method: 'eth_call', params: [{ to: () => 0 }] }),
    ]);
  }, undefined);
  expect(outcomes.map((o: Outcome) => o.code)).toEqual([-32600, -32602, -32602, -32602, -32602]);
  expect(outcomes[2].message).toMatch(/^params cannot be sent to the wallet: /);
  expect(await dapp.result('eth_chainId')).toBe('0x7a69');
});

test('a frame is its own origin: a cross-origin frame of a connected page is not connected; a sandboxed frame is refused', async ({ wallet, dapp, session, devnet }) => {
  void wallet;
  const [account] = await connect(dapp, session);
  const other = new URL(devnet.dappUrl.replace('127.0.0.1', 'localhost')).origin;
  expect(await dapp.frameRequest(other, false, 'eth_accounts')).toEqual({ id: expect.any(String), result: [] });
  expect(await dapp.frameRequest(other, false, 'wallet_getCapabilities', [account])).toMatchObject({ error: { code: 4100 } });
  expect(await dapp.frameRequest(dapp.origin, true, 'eth_chainId')).toMatchObject({ error: { code: 4100, message: expect.stringMatching(/opaque origin/) } });
  expect(await dapp.result('eth_accounts')).toEqual([account]);
});

test('calls into the account itself and oversized params are refused before any window opens', async ({ wallet, dapp, session }) => {
  void wallet;
  const [account] = await connect(dapp, session);
  const hidden = '0x34fcd5be0000000000000000000000000000000000000000000000000000000000000020';
  expect(await dapp.request('eth_sendTransaction', [{ from: account, to: account, data: hidden }])).toEqual({
    error: { code: -32602, message: expect.stringMatching(/^transaction\.to is the sending account itself with data/) },
  });
  const batch = { version: '2.0.0', from: account, chainId: '0x7a69', atomicRequired: false, calls: [{ to: account, value: '0x0', data: hidden }] };
  expect(await dapp.request('wallet_sendCalls', [batch])).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/^calls\[0\]\.to is the sending account/) } });
  const huge = { ...batch, calls: [{ to: '0x000000000000000000000000000000000000dEaD', data: `0x${'00'.repeat(600_000)}` }] };
  expect(await dapp.request('wallet_sendCalls', [huge])).toEqual({ error: { code: -32602, message: 'params of wallet_sendCalls exceed 1000000 bytes' } });
  expect(await session.countExtensionPages('approval.html')).toBe(0);
});

test('a second connect request while one waits gets -32002; closing the window answers the first with 4001', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  const first = dapp.request('eth_requestAccounts');
  const window = await ApprovalWindow.next(session);
  expect(await dapp.request('eth_requestAccounts')).toMatchObject({ error: { code: -32002 } });
  await window.close();
  expect(await first).toMatchObject({ error: { code: 4001 } });
});

test('a page whose old library put toJSON on Array.prototype (Prototype.js) still sends its params as arrays', async ({ wallet, dapp, devnet }) => {
  void wallet;
  const balance = await dapp.screen.evaluate(async (account) => {
    Object.defineProperty(Array.prototype, 'toJSON', { value(this: unknown[]) { return `[${this.join(', ')}]`; }, configurable: true, writable: true });
    const ethereum = (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum;
    return ethereum.request({ method: 'eth_getBalance', params: [account, 'latest'] }).catch((e: Outcome) => ({ code: e.code, message: e.message }));
  }, devnet.accounts[0].address);
  expect(balance).toMatch(/^0x[0-9a-f]+$/);
});

test("a framework's reactive params (Proxies, as Vue 3 makes them) are sent as the values they show", async ({ wallet, dapp, devnet }) => {
  void wallet;
  const [balance, call] = await dapp.screen.evaluate(async (account) => {
    const ethereum = (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum;
    // Vue's reactive() wraps objects and arrays in Proxies, which structured clone refuses ("could not be cloned").
    const reactive = <T extends object>(value: T): T => new Proxy(value, { get: (target, key, receiver) => Reflect.get(target, key, receiver) });
    const outcome = (asked: Promise<unknown>) => asked.catch((e: Outcome) => ({ code: e.code, message: e.message }));
    return Promise.all([
      outcome(ethereum.request({ method: 'eth_getBalance', params: reactive([account, 'latest']) })),
      outcome(ethereum.request({ method: 'eth_call', params: [reactive({ to: account, data: '0x' }), 'latest'] })),
    ]);
  }, devnet.accounts[0].address);
  expect(balance).toMatch(/^0x[0-9a-f]+$/);
  expect(call).toBe('0x');
});
