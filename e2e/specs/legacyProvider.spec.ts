/** The provider surface older libraries and dapps call besides request(): enable, send, sendAsync, state and events. */
import { expect, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';

type Payload = { id: number; jsonrpc: '2.0'; method: string; params?: unknown[] };
type Legacy = {
  enable(): Promise<string[]>;
  send(a: unknown, b?: unknown): Promise<unknown> | undefined;
  sendAsync(payload: unknown, callback: (error: unknown, response: unknown) => void): void;
  selectedAddress: string | null;
  chainId: string | null;
  networkVersion: string | null;
  on(event: string, listener: (data: unknown) => void): Legacy;
  once(event: string, listener: (data: unknown) => void): Legacy;
  off(event: string, listener: (data: unknown) => void): Legacy;
  removeAllListeners(event?: string): Legacy;
  listenerCount(event: string): number;
};

test('enable, send in both forms, sendAsync single and batch, state kept current, networkChanged, once/off, a throwing listener', async ({ wallet, dapp, session }) => {
  void wallet;
  const state = () => dapp.screen.evaluate(() => {
    const { selectedAddress, chainId, networkVersion } = (window as unknown as { ethereum: Legacy }).ethereum;
    return { selectedAddress, chainId, networkVersion };
  }, undefined);
  await expect.poll(state).toEqual({ selectedAddress: null, chainId: '0x7a69', networkVersion: '31337' });

  const enabling = dapp.screen.evaluate(() => (window as unknown as { ethereum: Legacy }).ethereum.enable(), undefined);
  await (await ApprovalWindow.next(session)).connect();
  const [account] = await enabling;
  await expect.poll(state).toEqual({ selectedAddress: account, chainId: '0x7a69', networkVersion: '31337' });

  const answers = await dapp.screen.evaluate(async () => {
    const ethereum = (window as unknown as { ethereum: Legacy }).ethereum;
    const callback = (payload: unknown) => new Promise((resolve) => ethereum.send(payload, (error: unknown, response: unknown) => resolve({ error: error !== null, response })));
    const viaSendAsync = (payload: unknown) => new Promise((resolve) => ethereum.sendAsync(payload, (error, response) => resolve({ error: error !== null, response })));
    const payload = (id: number, method: string): Payload => ({ id, jsonrpc: '2.0', method, params: [] });
    return {
      send: await ethereum.send('eth_chainId', []),
      sendCallback: await callback(payload(1, 'net_version')),
      single: await viaSendAsync(payload(2, 'eth_accounts')),
      failed: await viaSendAsync(payload(3, 'wallet_foo')),
      batch: await viaSendAsync([payload(4, 'eth_chainId'), payload(5, 'wallet_foo')]),
    };
  }, undefined);
  expect(answers).toEqual({
    send: '0x7a69',
    sendCallback: { error: false, response: { id: 1, jsonrpc: '2.0', result: '31337' } },
    single: { error: false, response: { id: 2, jsonrpc: '2.0', result: [account] } },
    failed: { error: true, response: { id: 3, jsonrpc: '2.0', error: { code: 4200, message: 'The method wallet_foo is not supported by this wallet' } } },
    batch: {
      error: false,
      response: [
        { id: 4, jsonrpc: '2.0', result: '0x7a69' },
        { id: 5, jsonrpc: '2.0', error: { code: 4200, message: 'The method wallet_foo is not supported by this wallet' } },
      ],
    },
  });

  await dapp.screen.evaluate(() => {
    const w = window as unknown as { ethereum: Legacy; heard: unknown[] };
    w.heard = [];
    const dropped = () => w.heard.push('removed listener');
    w.ethereum
      .on('chainChanged', () => {
        throw new Error('a dapp bug');
      })
      .on('chainChanged', (chainId) => w.heard.push(['chainChanged', chainId, w.ethereum.chainId]))
      .once('chainChanged', () => w.heard.push('once'))
      .on('chainChanged', dropped)
      .off('chainChanged', dropped)
      .on('networkChanged', (version) => w.heard.push(['networkChanged', version, w.ethereum.networkVersion]));
  }, undefined);
  expect(await dapp.screen.evaluate(() => (window as unknown as { ethereum: Legacy }).ethereum.listenerCount('chainChanged'), undefined)).toBe(3);
  await dapp.result('wallet_switchEthereumChain', [{ chainId: '0x14a34' }]);
  const heard = () => dapp.screen.evaluate(() => (window as unknown as { heard: unknown[] }).heard, undefined);
  await expect.poll(heard).toEqual([['chainChanged', '0x14a34', '0x14a34'], 'once', ['networkChanged', '84532', '84532']]);
  expect(await dapp.screen.evaluate(() => (window as unknown as { ethereum: Legacy }).ethereum.listenerCount('chainChanged'), undefined)).toBe(2);

  await dapp.result('wallet_revokePermissions', [{ eth_accounts: {} }]);
  await expect.poll(state).toEqual({ selectedAddress: null, chainId: '0x14a34', networkVersion: '84532' });
});
