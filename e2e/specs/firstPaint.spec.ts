/**
 * The approval window paints the request's summary before it has loaded React or asked the wallet anything: the
 * worker puts it in the window's address (shared/summaryInUrl.ts). That paint is of the request whose screen follows,
 * and there is none while the wallet is locked.
 */
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';

test('a request\'s window first paints that request\'s summary from its address, then shows that request\'s screen', async ({ freshWallet, dapp, session }) => {
  void freshWallet;
  const [account] = await connect(dapp, session);
  const signing = dapp.request('personal_sign', ['0x68656c6c6f', account]);
  const approval = await ApprovalWindow.next(session);
  const { painted, shown } = await approval.firstPaint();
  expect(painted).toEqual({ id: shown, from: 'address', title: 'Sign message' });
  await approval.screen.waitFor({ role: 'heading', name: 'Sign message' });
  await approval.reject();
  expect(await signing).toMatchObject({ error: { code: 4001 } });
});

test('a locked wallet\'s window paints no summary: it asks for the password, then shows the request', ONE_BROWSER, async ({ freshWallet, dapp, session }) => {
  const [account] = await connect(dapp, session);
  await freshWallet.popup.lock();
  const signing = dapp.request('personal_sign', ['0x68656c6c6f', account]);
  const approval = await ApprovalWindow.next(session);
  await approval.unlock();
  await approval.screen.waitFor({ role: 'heading', name: 'Sign message' });
  expect((await approval.firstPaint()).painted).toBeUndefined();
  await approval.reject();
  expect(await signing).toMatchObject({ error: { code: 4001 } });
});
