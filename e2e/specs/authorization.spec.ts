/** Per-origin authorization: 4100 for wallet methods until connected, revoke and lock in the popup, EIP-6963. */
import { ACCOUNT_0, ACCOUNT_1, expect, ONE_BROWSER, test } from '../fixtures/test';
import { connect } from '../pages/flows';

test('a wallet method answers 4100 to an origin that is not connected, then works once it is', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  expect(await dapp.request('wallet_getCapabilities', [ACCOUNT_0])).toEqual({
    error: { code: 4100, message: `${dapp.origin} is not connected: call eth_requestAccounts first` },
  });
  expect(await connect(dapp, session)).toEqual([ACCOUNT_0.toLowerCase()]);
  const capabilities = await dapp.result<Record<string, unknown>>('wallet_getCapabilities', [ACCOUNT_0, ['0x7a69']]);
  expect(capabilities).toEqual({ '0x7a69': { atomic: { status: 'ready' }, paymasterService: { supported: true }, alternateGasFees: { supported: true }, dataSuffix: { supported: true }, assetDiscovery: { supported: true } } });
  // An account of the wallet that this origin was not given.
  expect(await dapp.request('wallet_getCapabilities', [ACCOUNT_1])).toEqual({
    error: { code: 4100, message: expect.stringContaining(`Account ${ACCOUNT_1} is not authorized`) },
  });
});

test('revoking a site in the popup disconnects it: accountsChanged [] and eth_accounts []', async ({ wallet, dapp, session }) => {
  expect(await connect(dapp, session)).toEqual([ACCOUNT_0.toLowerCase()]);
  await dapp.record('accountsChanged');
  await wallet.revoke(dapp.origin);
  await expect.poll(() => dapp.events('accountsChanged')).toEqual([[]]);
  expect(await dapp.result('eth_accounts')).toEqual([]);
});

test('locking hides the accounts from every site until unlock', async ({ wallet, dapp, session }) => {
  expect(await connect(dapp, session)).toEqual([ACCOUNT_0.toLowerCase()]);
  await dapp.record('accountsChanged');
  await wallet.lock();
  await expect.poll(() => dapp.events('accountsChanged')).toEqual([[]]);
  expect(await dapp.result('eth_accounts')).toEqual([]);
  await wallet.unlock();
  await expect.poll(() => dapp.events('accountsChanged')).toEqual([[], [ACCOUNT_0.toLowerCase()]]);
  expect(await dapp.result('eth_accounts')).toEqual([ACCOUNT_0.toLowerCase()]);
});

test('the page discovers the wallet through EIP-6963 and window.ethereum', async ({ dapp }) => {
  expect(await dapp.announcedWallets()).toEqual(['Batch Wallet']);
  const announced = await dapp.announcement();
  expect(announced.info).toMatchObject({ name: 'Batch Wallet', rdns: 'dev.batchwallet' });
  expect(announced.info.uuid).toMatch(/^[0-9a-f-]{36}$/);
  expect(announced.info.icon).toMatch(/^data:image\/svg\+xml,/);
  expect(announced.sameAsWindow).toBe(true);
});
