/** The account's EIP-7702 delegation in the popup, and Revert to a plain account, reviewed in the approval window. */
import { Wallet, ZeroAddress, parseEther, toQuantity } from 'ethers';
import { SIMPLE_7702_ACCOUNT } from '../../src/shared/contracts';
import { chain } from '../fixtures/chain';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect, finalStatus, sentId } from '../pages/flows';

test('revert to a plain account: a type-4 transaction authorizing address zero empties the code, and atomic is "ready" again', ONE_BROWSER, async ({ freshWallet, dapp, session }) => {
  const { popup } = freshWallet;
  const [from] = await connect(dapp, session);
  // An atomic batch upgrades the account first.
  const sending = dapp.request('wallet_sendCalls', [
    { version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true, calls: [{ to: Wallet.createRandom().address, value: toQuantity(parseEther('0.001')) }] },
  ]);
  const approval = await ApprovalWindow.next(session);
  await approval.acceptUpgrade();
  await approval.approve();
  expect((await finalStatus(dapp, sentId(await sending))).status).toBe(200);
  expect((await chain().getCode(from)).toLowerCase()).toBe(`0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`);
  expect(await dapp.result('wallet_getCapabilities', [from, ['0x7a69']])).toMatchObject({ '0x7a69': { atomic: { status: 'supported' } } });

  await popup.screen.click('Settings');
  await popup.screen.click('Account type (EIP-7702)');
  await popup.screen.waitForText('Account type', 'Delegated to Simple7702Account (ERC-4337 v0.8)');
  // Reviewed in the approval window, with what is signed; rejecting it leaves the delegation as it is.
  await popup.screen.click('Revert to a plain account');
  let review = await ApprovalWindow.next(session);
  await review.screen.waitForText('Transaction', 'Type 4 (EIP-7702) to your own account, value 0, no data');
  await review.screen.waitForText('Authorization', `delegate to ${ZeroAddress} (chain 31337)`);
  await review.screen.waitForText('Max network fee', /^\S+ ETH$/);
  await review.reject();
  await popup.screen.waitForText('Account type', 'Delegated to Simple7702Account (ERC-4337 v0.8)');
  expect((await chain().getCode(from)).toLowerCase()).toBe(`0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`);

  await popup.screen.click('Revert to a plain account');
  review = await ApprovalWindow.next(session);
  await review.screen.waitForText('Fee', /^Fee up to \S+ ETH \(Market\)$/);
  await review.approve();
  await popup.screen.waitForText('Account type', 'Plain account');

  expect(await chain().getCode(from)).toBe('0x');
  expect(await dapp.result('wallet_getCapabilities', [from, ['0x7a69']])).toMatchObject({ '0x7a69': { atomic: { status: 'ready' } } });
  await popup.screen.click('Back');
  await popup.screen.click('Back');
  await popup.waitForActivityStatuses([/^(Pre-confirmed|Confirmed)$/, /^(Pre-confirmed|Confirmed)$/]);
});
