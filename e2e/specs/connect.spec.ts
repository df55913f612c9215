import { ApprovalWindow } from '../pages/wallet';
import { expect, test } from '../fixtures/test';

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

test('a dapp connects after the user approves, and eth_accounts follows', async ({ wallet, dapp, context }) => {
  expect(await wallet.address()).toBe(ACCOUNT_0);
  expect(await dapp.result('eth_accounts')).toEqual([]);

  const connecting = dapp.request('eth_requestAccounts');
  await (await ApprovalWindow.next(context)).connect();
  expect(await connecting).toEqual({ result: [ACCOUNT_0] });
  expect(await dapp.result('eth_accounts')).toEqual([ACCOUNT_0]);
  // Already connected: no second prompt.
  expect(await dapp.result('eth_requestAccounts')).toEqual([ACCOUNT_0]);
});

test('rejecting the connect request answers 4001', async ({ wallet, dapp, context }) => {
  void wallet;
  const connecting = dapp.request('eth_requestAccounts');
  await (await ApprovalWindow.next(context)).reject();
  expect(await connecting).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
  expect(await dapp.result('eth_accounts')).toEqual([]);
});

test('closing the approval window answers 4001', async ({ wallet, dapp, context }) => {
  void wallet;
  const connecting = dapp.request('eth_requestAccounts');
  await (await ApprovalWindow.next(context)).close();
  expect(await connecting).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
});
