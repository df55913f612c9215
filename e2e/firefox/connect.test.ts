import { ApprovalWindow } from './pages/wallet';
import { ACCOUNT_0, expect, test } from './fixtures';

test('a dapp connects after the user approves, and eth_accounts follows', async ({ wallet, dapp, firefox }) => {
  expect(await wallet.address()).toBe(ACCOUNT_0);
  expect(await dapp.result('eth_accounts')).toEqual([]);

  const connecting = dapp.request('eth_requestAccounts');
  await (await ApprovalWindow.next(firefox)).connect();
  expect(await connecting).toEqual({ result: [ACCOUNT_0] });
  expect(await dapp.result('eth_accounts')).toEqual([ACCOUNT_0]);
  // Already connected: no second prompt.
  expect(await dapp.result('eth_requestAccounts')).toEqual([ACCOUNT_0]);
});

test('rejecting the connect request answers 4001', async ({ wallet, dapp, firefox }) => {
  void wallet;
  const connecting = dapp.request('eth_requestAccounts');
  await (await ApprovalWindow.next(firefox)).reject();
  expect(await connecting).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
  expect(await dapp.result('eth_accounts')).toEqual([]);
});

test('closing the approval window answers 4001', async ({ wallet, dapp, firefox }) => {
  void wallet;
  const connecting = dapp.request('eth_requestAccounts');
  await (await ApprovalWindow.next(firefox)).close();
  expect(await connecting).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
});
