/** eth_requestAccounts: the approval window connects, rejects, or is closed. */
import { ACCOUNT_0, expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';

test('a dapp connects after the user approves, and eth_accounts follows', async ({ wallet, dapp, session }) => {
  expect(await wallet.address()).toBe(ACCOUNT_0);
  expect(await dapp.result('eth_accounts')).toEqual([]);

  const connecting = dapp.request('eth_requestAccounts');
  const approval = await ApprovalWindow.next(session);
  // http on this machine is a secure context, as the browser counts it: nothing marks it.
  await approval.screen.waitFor({ role: 'checkbox', name: 'Account 1' });
  expect([await approval.screen.count('Connection'), await approval.screen.count('Not secure site')]).toEqual([0, 0]);
  await approval.connect();
  expect(await connecting).toEqual({ result: [ACCOUNT_0.toLowerCase()] });
  expect(await dapp.result('eth_accounts')).toEqual([ACCOUNT_0.toLowerCase()]);
  // Already connected: no second prompt.
  expect(await dapp.result('eth_requestAccounts')).toEqual([ACCOUNT_0.toLowerCase()]);
});

test('rejecting the connect request answers 4001', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  const connecting = dapp.request('eth_requestAccounts');
  await (await ApprovalWindow.next(session)).reject();
  expect(await connecting).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
  expect(await dapp.result('eth_accounts')).toEqual([]);
});

test('closing the approval window answers 4001', async ({ wallet, dapp, session }) => {
  void wallet;
  const connecting = dapp.request('eth_requestAccounts');
  await (await ApprovalWindow.next(session)).close();
  expect(await connecting).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
});
