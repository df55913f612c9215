/**
 * Activity's Speed up and Cancel on a chain whose blocks the test mines by hand (fixtures/faultyChain.ts), so a
 * transaction stays pending until the test says so. Each is reviewed in the approval window first: rejecting it
 * sends nothing, approving it sends the replacement. A site that picks a pending transaction's nonce is held to the
 * same: refused, unless it is the wallet's own transaction, which the screen then names.
 */
import { parseEther, toQuantity } from 'ethers';
import { onFaultyChain, startFaultyChain, type FaultyChain } from '../fixtures/faultyChain';
import type { ChromiumScreen } from '../driver/chromium/screen';
import { pictureInBothThemes } from '../fixtures/axe';
import { expectNoOverflow } from '../fixtures/overflow';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { readableAmount } from '../../src/ui/format/amounts';
import { ApprovalWindow } from '../pages/approval';
import { SendScreen } from '../pages/send';
import { WalletPopup } from '../pages/wallet';
import type { BrowserSession } from '../driver/types';

const RECIPIENT = '0x000000000000000000000000000000000000bEEF';

let chain: FaultyChain;
test.beforeAll(async () => {
  chain = await startFaultyChain();
  // From here on blocks come only from anvil_mine.
  await chain.send('evm_setIntervalMining', [0]);
});
test.afterAll(async () => chain.stop());

type PoolTx = { hash: string; nonce: string; maxFeePerGas: string; maxPriorityFeePerGas: string; to: string; value: string };

/** The account's transactions waiting in anvil's pool. */
async function pool(from: string): Promise<PoolTx[]> {
  const content = await chain.send<{ pending: Record<string, Record<string, PoolTx>> }>('txpool_content');
  const entry = Object.entries(content.pending).find(([address]) => address.toLowerCase() === from.toLowerCase());
  return entry ? Object.values(entry[1]) : [];
}

/** Sends 0.01 ETH from the popup and leaves it pending; returns the popup and the pooled transaction. */
async function heldSend(session: BrowserSession, from: string): Promise<{ popup: WalletPopup; held: PoolTx }> {
  const popup = await WalletPopup.open(session);
  const send = await SendScreen.open(popup.screen);
  await send.recipient(RECIPIENT);
  await send.amount('0.01');
  await send.waitForFee();
  await send.review();
  await (await ApprovalWindow.next(session)).approve();
  await popup.waitForActivityStatuses(['Pending']);
  await expect.poll(async () => (await pool(from)).length).toBe(1);
  return { popup, held: (await pool(from))[0] };
}

const bumpedTenPercent = (next: string, previous: string) => BigInt(next) * 10n >= BigInt(previous) * 11n;

/** Opens the review of Speed up or Cancel and checks it names the held transaction and raises its fees. */
async function review(session: BrowserSession, popup: WalletPopup, button: 'Speed up' | 'Cancel', held: PoolTx): Promise<ApprovalWindow> {
  await popup.replacePending(button);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'heading', name: button === 'Cancel' ? 'Cancel transaction' : 'Speed up transaction' }, button === 'Cancel' ? 'Cancel transaction' : 'Speed up transaction');
  await approval.screen.waitForText('Nonce', BigInt(held.nonce).toString());
  await approval.screen.waitForText('Replaces', held.hash);
  await approval.screen.waitForText('Max fee per gas', /→ .+ gwei \(\+\d+%\)$/);
  await approval.screen.waitForText('Priority fee per gas', /→ .+ gwei \(\+\d+%\)$/);
  return approval;
}

/**
 * The review as the README shows it (`npm run screens`), from the Chromium run, at the approval window's size: checked
 * for overflow at the popup's sizes, and with axe in both themes.
 */
async function picture(session: BrowserSession, approval: ApprovalWindow, name: string): Promise<void> {
  if (session.name !== 'chromium') return;
  await approval.screen.waitForText('Fee', /^Fee up to/);
  await expect.poll(() => approval.screen.isEnabled('Approve')).toBe(true);
  await expectNoOverflow(approval.screen, `approval ${name}`);
  await approval.screen.setSize(380, 640);
  await pictureInBothThemes((approval.screen as ChromiumScreen).page, `approval-${name}`);
}

/** Activity with the pending transaction sped up: each transaction's progress, and Speed up and Cancel on the pending one. */
async function pictureActivity(session: BrowserSession, popup: WalletPopup): Promise<void> {
  if (session.name !== 'chromium') return;
  await expectNoOverflow(popup.screen, 'activity-pending');
  await pictureInBothThemes((popup.screen as ChromiumScreen).page, 'activity-pending');
}

/** Rejecting the review sends nothing: the held transaction is still the only one, and still pending. */
async function rejectKeepsOriginal(approval: ApprovalWindow, popup: WalletPopup, from: string, held: PoolTx): Promise<void> {
  await approval.reject();
  await popup.waitForActivityStatuses(['Pending']);
  expect((await pool(from)).map((t) => t.hash)).toEqual([held.hash]);
}

test('Speed up: same nonce, both fees ≥ +10%; the replacement lands, the original reads "replaced", the row shows the fee paid', async ({ session, dapp }) => {
  const account = await onFaultyChain(session, dapp, chain);
  const before = await chain.provider.getBalance(RECIPIENT);
  const { popup, held } = await heldSend(session, account.address);

  await rejectKeepsOriginal(await review(session, popup, 'Speed up', held), popup, account.address, held);
  const approval = await review(session, popup, 'Speed up', held);
  await approval.screen.waitForText({ name: 'Original call 1', role: 'listitem' }, /^Send 0\.01 ETH to 0x0000…beef$/i);
  await picture(session, approval, 'speed-up');
  await approval.approve();
  await popup.waitForTransactionStatuses(['Replaced', 'Pending']);
  await pictureActivity(session, popup);
  const [replacement] = await pool(account.address);
  expect(replacement.hash).not.toBe(held.hash);
  expect(replacement.nonce).toBe(held.nonce);
  expect(bumpedTenPercent(replacement.maxFeePerGas, held.maxFeePerGas)).toBe(true);
  expect(bumpedTenPercent(replacement.maxPriorityFeePerGas, held.maxPriorityFeePerGas)).toBe(true);

  await chain.send('anvil_mine', ['0x1']);
  await popup.waitForTransactionStatuses(['Replaced', /^(Pre-confirmed|Confirmed)$/]);
  await popup.waitForOnlyActivityStatus('Confirmed');
  const mined = (await chain.provider.getTransactionReceipt(replacement.hash))!;
  expect(mined.status).toBe(1);
  expect(await chain.provider.getTransactionReceipt(held.hash)).toBeNull();
  // The fee the account paid: the replacement's gasUsed × effectiveGasPrice; the original, never mined, paid none.
  await popup.screen.waitForText({ name: 'Network fee', in: 'Activity' }, `Fee ${readableAmount(mined.fee)} ETH`);
  expect(await chain.provider.getBalance(RECIPIENT)).toBe(before + parseEther('0.01'));
});

test('Cancel: a 0-value transfer to the account itself at the same nonce; the payment never happens', ONE_BROWSER, async ({ session, dapp }) => {
  const account = await onFaultyChain(session, dapp, chain);
  const before = await chain.provider.getBalance(RECIPIENT);
  const { popup, held } = await heldSend(session, account.address);

  await rejectKeepsOriginal(await review(session, popup, 'Cancel', held), popup, account.address, held);
  const approval = await review(session, popup, 'Cancel', held);
  await approval.screen.waitForText({ name: 'Cancel transfer', role: 'listitem' }, new RegExp(`^Send 0 ETH to ${account.address.slice(0, 6)}…${account.address.slice(-4)}$`, 'i'));
  await picture(session, approval, 'cancel');
  await approval.approve();
  await popup.waitForTransactionStatuses(['Replaced', 'Pending']);
  const [cancel] = await pool(account.address);
  expect(cancel.nonce).toBe(held.nonce);
  expect(cancel.to.toLowerCase()).toBe(account.address.toLowerCase());
  expect(BigInt(cancel.value)).toBe(0n);
  expect(bumpedTenPercent(cancel.maxFeePerGas, held.maxFeePerGas)).toBe(true);
  expect(bumpedTenPercent(cancel.maxPriorityFeePerGas, held.maxPriorityFeePerGas)).toBe(true);

  await chain.send('anvil_mine', ['0x1']);
  await popup.waitForTransactionStatuses(['Replaced', /^(Pre-confirmed|Confirmed)$/]);
  await popup.waitForOnlyActivityStatus('Cancelled');
  expect((await chain.provider.getTransactionReceipt(cancel.hash))?.status).toBe(1);
  expect(await chain.provider.getBalance(RECIPIENT)).toBe(before);
});

test('a site’s nonce: the wallet’s own pending transaction is named as replaced; a gap, another sender’s pending nonce or a mined one is refused with -32602', ONE_BROWSER, async ({ session, dapp }) => {
  const account = await onFaultyChain(session, dapp, chain);
  const { popup, held } = await heldSend(session, account.address);
  const nonce = Number(held.nonce);
  const send = (n: number) => dapp.request('eth_sendTransaction', [{ from: account.address, to: RECIPIENT, value: toQuantity(parseEther('0.02')), nonce: toQuantity(n) }]);
  const refused = (message: string) => ({ error: expect.objectContaining({ code: -32602, message }) });

  const replacing = send(nonce);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Replaces a pending transaction', new RegExp(`^Replaces your pending transaction #${nonce} \\(sent for .+\\): the site chose its nonce, so if this one lands first, that one never runs\\.$`));
  await approval.screen.waitForText('Replaces', held.hash);
  await approval.screen.waitForText({ name: 'Replaced call 1', role: 'listitem' }, /^Send 0\.01 ETH to 0x0000…beef$/i);
  await approval.reject();
  expect(await replacing).toMatchObject({ error: { code: 4001 } });
  expect((await pool(account.address)).map((t) => t.hash)).toEqual([held.hash]);

  expect(await send(nonce + 2)).toEqual(refused(`transaction.nonce ${nonce + 2} is above the account’s next nonce ${nonce + 1}: the transaction would wait in the node until nonce ${nonce + 1} is used; leave nonce out, or send ${nonce + 1}`));

  // The same key used elsewhere: a pending transaction the wallet did not send.
  await account.sendTransaction({ to: RECIPIENT, value: 1n, nonce: nonce + 1 });
  await expect.poll(async () => (await pool(account.address)).length).toBe(2);
  expect(await send(nonce + 1)).toEqual(refused(`transaction.nonce ${nonce + 1} is the nonce of a transaction the account sent that is not mined yet: a site may not replace or cancel it. The account’s next nonce is ${nonce + 2}; leave nonce out, or send ${nonce + 2}`));

  // Checked again at approval: the held transaction landed while the screen was open, so there is nothing to replace.
  const late = send(nonce);
  const stale = await ApprovalWindow.next(session);
  await stale.screen.waitForText('Replaces', held.hash);
  await chain.send('anvil_mine', ['0x1']);
  await popup.waitForOnlyActivityStatus('Confirmed');
  await stale.approve();
  expect(await late).toEqual(refused(`transaction.nonce ${nonce} is already used: the account’s next nonce is ${nonce + 2}; leave nonce out, or send ${nonce + 2}`));
  expect(await chain.provider.getTransactionCount(account.address, 'pending')).toBe(nonce + 2);
  expect(await send(nonce)).toEqual(refused(`transaction.nonce ${nonce} is already used: the account’s next nonce is ${nonce + 2}; leave nonce out, or send ${nonce + 2}`));
});
