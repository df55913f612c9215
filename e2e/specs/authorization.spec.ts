/** Per-origin authorization: 4100 for wallet methods until connected, revoke and lock in the popup, EIP-6963. */
import { connect } from '../pages/flows';
import { expect, test } from '../fixtures/test';

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

test('a wallet method answers 4100 to an origin that is not connected, then works once it is', async ({ wallet, dapp, context }) => {
  void wallet;
  expect(await dapp.request('wallet_getCapabilities', [ACCOUNT_0])).toEqual({
    error: { code: 4100, message: `${new URL(dapp.page.url()).origin} is not connected: call eth_requestAccounts first` },
  });
  expect(await connect(dapp, context)).toEqual([ACCOUNT_0]);
  const capabilities = await dapp.result<Record<string, unknown>>('wallet_getCapabilities', [ACCOUNT_0, ['0x7a69']]);
  expect(capabilities).toEqual({ '0x7a69': { atomic: { status: 'ready' }, paymasterService: { supported: true } } });
  // An account of the wallet that this origin was not given.
  expect(await dapp.request('wallet_getCapabilities', [ACCOUNT_1])).toEqual({
    error: { code: 4100, message: expect.stringContaining(`Account ${ACCOUNT_1} is not authorized`) },
  });
});

test('revoking a site in the popup disconnects it: accountsChanged [] and eth_accounts []', async ({ wallet, dapp, context }) => {
  expect(await connect(dapp, context)).toEqual([ACCOUNT_0]);
  await dapp.record('accountsChanged');
  await wallet.revoke(new URL(dapp.page.url()).origin);
  await expect.poll(() => dapp.events('accountsChanged')).toEqual([[]]);
  expect(await dapp.result('eth_accounts')).toEqual([]);
});

test('locking hides the accounts from every site until unlock', async ({ wallet, dapp, context }) => {
  expect(await connect(dapp, context)).toEqual([ACCOUNT_0]);
  await dapp.record('accountsChanged');
  await wallet.lock();
  await expect.poll(() => dapp.events('accountsChanged')).toEqual([[]]);
  expect(await dapp.result('eth_accounts')).toEqual([]);
  await wallet.unlock();
  await expect.poll(() => dapp.events('accountsChanged')).toEqual([[], [ACCOUNT_0]]);
  expect(await dapp.result('eth_accounts')).toEqual([ACCOUNT_0]);
});

test('the page discovers the wallet through EIP-6963 and window.ethereum', async ({ dapp }) => {
  await expect(dapp.page.locator('#wallets')).toContainText('Batch Wallet');
  const announced = await dapp.page.evaluate(
    () =>
      new Promise<{ info: Record<string, string>; sameAsWindow: boolean }>((resolve) => {
        window.addEventListener('eip6963:announceProvider', (event) => {
          const { info, provider } = (event as CustomEvent).detail;
          resolve({ info, sameAsWindow: provider === (window as unknown as { ethereum: unknown }).ethereum });
        });
        window.dispatchEvent(new Event('eip6963:requestProvider'));
      }),
  );
  expect(announced.info).toMatchObject({ name: 'Batch Wallet', rdns: 'dev.batchwallet' });
  expect(announced.info.uuid).toMatch(/^[0-9a-f-]{36}$/);
  expect(announced.info.icon).toMatch(/^data:image\/svg\+xml,/);
  expect(announced.sameAsWindow).toBe(true);
});
