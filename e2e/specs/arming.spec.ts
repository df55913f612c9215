/**
 * The approval window's buttons wake up only once a screen has been on view for a moment (ui/approval/useArming.ts):
 * a click meant for one screen never answers the next one.
 */
import { Wallet } from 'ethers';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { Dapp } from '../pages/dapp';
import { connect } from '../pages/flows';
import { WalletPopup } from '../pages/wallet';

test('a double click on "Upgrade account" does not approve the batch behind it: it stays pending, then is approved as usual', async ({ freshWallet, dapp, session }) => {
  void freshWallet;
  const [from] = await connect(dapp, session);
  let answered = false;
  const sending = dapp
    .request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true, calls: [{ to: '0x000000000000000000000000000000000000dEaD', value: '0x1' }] }])
    .finally(() => (answered = true));
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitFor({ role: 'heading', name: 'Upgrade your account?' });
  // The second click lands where "Upgrade account" was: on the review's Approve, in the same place.
  await approval.doubleClick('Upgrade account');
  await approval.screen.waitFor({ role: 'heading', name: 'Review batch' });
  await expect.poll(() => approval.screen.isEnabled('Approve')).toBe(true);
  expect(answered).toBe(false);
  await approval.approve();
  expect(await sending).toMatchObject({ result: { status: 'pending' } });
});

test('the production build keeps the buttons asleep for a whole second after the screen is shown (the devnet build, 600 ms)', ONE_BROWSER, async ({ productionSession, devnet }) => {
  await (await WalletPopup.open(productionSession)).importWallet(Wallet.createRandom().mnemonic!.phrase);
  const dapp = await Dapp.open(productionSession, devnet.dappUrl);
  const connecting = dapp.request('eth_requestAccounts');
  const approval = await ApprovalWindow.next(productionSession);
  // From the mark the window sets once the screen was painted (the timer starts just before that paint) until the
  // buttons wake: a late look only adds to it.
  const asleepMs = await approval.screen.waitForFunction(() => {
    const shown = performance.getEntriesByName('approval-shown')[0];
    const buttons = document.querySelector('fieldset');
    return shown && buttons && !buttons.disabled ? performance.now() - shown.startTime : undefined;
  }, undefined);
  expect(asleepMs).toBeGreaterThan(900);
  await approval.connect();
  expect(await connecting).toMatchObject({ result: [expect.any(String)] });
});
