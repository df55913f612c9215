/** A service-worker restart loses nothing: an open approval still answers the page, permissions stay. */
import { stopServiceWorker } from '../fixtures/chromium';
import { connect } from '../pages/flows';
import { ApprovalWindow } from '../pages/wallet';
import { expect, test } from '../fixtures/test';

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

test('the worker stopped during an open approval: approving still settles the request', async ({ wallet, dapp, context }) => {
  void wallet;
  const connecting = dapp.request('eth_requestAccounts');
  const approval = await ApprovalWindow.next(context);
  await expect(approval.page.getByRole('button', { name: 'Connect' })).toBeVisible();

  await stopServiceWorker(context, approval.page);

  await approval.connect();
  expect(await connecting).toEqual({ result: [ACCOUNT_0] });
  expect(await dapp.result('eth_accounts')).toEqual([ACCOUNT_0]);
});

test('the worker stopped during an open approval: closing the window still answers 4001', async ({ wallet, dapp, context }) => {
  const connecting = dapp.request('eth_requestAccounts');
  const approval = await ApprovalWindow.next(context);
  await stopServiceWorker(context, wallet.page);
  await approval.close();
  expect(await connecting).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
});

test('after a worker restart the wallet stays unlocked and the site connected', async ({ wallet, dapp, context }) => {
  await connect(dapp, context);
  await stopServiceWorker(context, wallet.page);
  expect(await dapp.result('eth_accounts')).toEqual([ACCOUNT_0]);
  expect(await dapp.result('eth_chainId')).toBe('0x7a69');
});
