/** The execution-permission screens pictured for the README (`npm run screens`) and checked with axe: the grant, and Permissions. */
import { Wallet, parseEther } from 'ethers';
import type { ChromiumScreen } from '../driver/chromium/screen';
import { pictureInBothThemes } from '../fixtures/axe';
import { expectNoOverflow } from '../fixtures/overflow';
import { deleGatorWallet } from '../fixtures/deleGatorWallet';
import { expect, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';

test('the grant screen and Permissions, pictured and checked with axe', async ({ session, dapp, devnet }) => {
  const { popup } = await deleGatorWallet(session);
  await connect(dapp, session);
  const sessionAccount = Wallet.createRandom().address;
  const granting = dapp.request('wallet_requestExecutionPermissions', [{
    chainId: '0x7a69', to: sessionAccount, rules: [{ type: 'expiry', data: { timestamp: Math.floor(Date.now() / 1000) + 5 * 86_400 } }],
    permission: { type: 'erc20-token-periodic', isAdjustmentAllowed: true, data: { tokenAddress: devnet.addresses.testToken, periodAmount: `0x${parseEther('10').toString(16)}`, periodDuration: 86_400, justification: 'Pays for your API calls each day' } },
  }]);
  const approval = await ApprovalWindow.next(session);
  const screen = approval.screen as ChromiumScreen;
  const { page } = screen;
  await expect(await screen.whenEnabled(screen.button('Grant'))).toBeEnabled();
  await expectNoOverflow(screen, 'approval grant-permission');
  await page.setViewportSize({ width: 380, height: 640 });
  await pictureInBothThemes(page, 'approval-grant-permission');
  await approval.grant();
  await granting;

  await popup.screen.setSize(360, 600);
  await popup.waitForGrant(sessionAccount, 'Spent', '0 TST spent this period');
  await expectNoOverflow(popup.screen, 'permissions');
  await pictureInBothThemes((popup.screen as ChromiumScreen).page, 'permissions');
});
