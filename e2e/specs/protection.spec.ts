/**
 * Protection: a site on the phishing list is held behind a full-page warning the user can override per site; a
 * recipient that imitates an address the user sent to is flagged (address poisoning); a token that uses a well-known
 * token's symbol with another contract is flagged on its approval and in the token list.
 */
import { Wallet, getAddress, parseEther, toQuantity } from 'ethers';
import { DEVNET_FETCHED_LISTED_HOST } from '../../devnet/constants';
import { chain } from '../fixtures/chain';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { Dapp } from '../pages/dapp';
import { connect } from '../pages/flows';

/** The host the devnet build adds to the phishing list (DEVNET_LISTED_HOST in src/background/protection/phishingList.ts). */
const DEVNET_LISTED_HOST = 'phishing-test.localhost';

test('a listed site: the warning holds its connect request; back to safety is 4001; continue anyway connects, and the site is trusted until the popup takes it back', async ({ freshWallet, session, devnet }) => {
  // The devnet build lists this name; like every *.localhost it reaches the devnet's dapp server.
  const url = new URL(devnet.dappUrl);
  url.hostname = DEVNET_LISTED_HOST;
  const site = await Dapp.open(session, url.href);

  const refused = site.request('eth_requestAccounts');
  let approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'heading' }, 'Deceptive site');
  await approval.screen.waitForText('Phishing warning', `${DEVNET_LISTED_HOST} is on the community phishing list of sites known to steal crypto (eth-phishing-detect). It may imitate a site you trust to make you connect, sign or send.`);
  expect(await approval.screen.count({ role: 'button', name: 'Connect' })).toBe(0);
  await approval.backToSafety();
  expect(await refused).toEqual({
    error: { code: 4001, message: `The user went back to safety: ${DEVNET_LISTED_HOST} is on the phishing list of known deceptive sites (eth-phishing-detect)` },
  });
  // Not trusted: wallet methods are refused meanwhile.
  expect(await site.request('wallet_getCapabilities', [freshWallet.address])).toMatchObject({ error: { code: 4100, message: expect.stringContaining('is on the phishing list') } });

  const connecting = site.request('eth_requestAccounts');
  approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'heading' }, 'Deceptive site');
  await approval.trustSite('Connect');
  await approval.screen.waitForText({ role: 'heading' }, `Connect to ${site.origin}`);
  await approval.connect();
  expect(await connecting).toEqual({ result: [freshWallet.address.toLowerCase()] });

  // Trusted: its requests reach their own approvals without the warning.
  const signing = site.request('personal_sign', ['0x68656c6c6f', freshWallet.address]);
  approval = await ApprovalWindow.next(session);
  await approval.screen.waitFor({ role: 'button', name: 'Sign' });
  expect(await approval.screen.count({ role: 'alert', name: 'Phishing warning' })).toBe(0);
  await approval.reject();
  expect(await signing).toMatchObject({ error: { code: 4001 } });

  // The popup lists the trust and takes it back: the warning holds the site's requests again.
  const { screen } = freshWallet.popup;
  await screen.click('Settings');
  await screen.waitForText({ role: 'region', name: 'Trusted despite the phishing list' }, new RegExp(site.origin.replace(/[.:/]/g, '\\$&')));
  await screen.click(`Stop trusting ${site.origin}`);
  await screen.waitForCount({ role: 'region', name: 'Trusted despite the phishing list' }, 0);
  const held = site.request('personal_sign', ['0x68656c6c6f', freshWallet.address]);
  approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'heading' }, 'Deceptive site');
  await approval.backToSafety();
  expect(await held).toMatchObject({ error: { code: 4001, message: expect.stringContaining('went back to safety') } });
});

test('the newer list the wallet fetched holds its sites too, and so does a listed page around a frame of another site', async ({ freshWallet, session, devnet }) => {
  void freshWallet;
  const url = new URL(devnet.dappUrl);
  url.hostname = DEVNET_FETCHED_LISTED_HOST;
  const fetchedListed = await Dapp.open(session, url.href);
  const asking = fetchedListed.request('eth_requestAccounts');
  let approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'heading' }, 'Deceptive site');
  await approval.screen.waitForText('Phishing warning', new RegExp(`^${DEVNET_FETCHED_LISTED_HOST} is on the community phishing list`));
  await approval.backToSafety();
  expect(await asking).toMatchObject({ error: { code: 4001 } });

  url.hostname = DEVNET_LISTED_HOST;
  const listedPage = await Dapp.open(session, url.href);
  const framed = listedPage.frameRequest(new URL(devnet.dappUrl).origin, false, 'eth_requestAccounts');
  approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'heading' }, 'Deceptive site');
  await approval.screen.waitForText('Phishing warning', new RegExp(`^${DEVNET_LISTED_HOST} is on the community phishing list`));
  await approval.screen.waitFor({ role: 'button', name: 'Back to safety' });
  await approval.backToSafety();
  expect(await framed).toMatchObject({ error: { code: 4001, message: expect.stringContaining(DEVNET_LISTED_HOST) } });
});

test('a recipient that starts and ends like an address the user sent to gets a red warning; the real one does not', ONE_BROWSER, async ({ freshWallet, dapp, session }) => {
  void freshWallet;
  const [from] = await connect(dapp, session);
  const friend = Wallet.createRandom().address;
  // The poisoner's address: the same first and last 4 hex digits, another middle.
  const poison = getAddress(`${friend.slice(0, 6)}${'0'.repeat(32)}${friend.slice(-4)}`.toLowerCase());

  const paying = dapp.request('eth_sendTransaction', [{ from, to: friend, value: toQuantity(parseEther('0.01')) }]);
  let approval = await ApprovalWindow.next(session);
  await approval.screen.waitFor({ role: 'button', name: 'Approve' });
  expect(await approval.screen.count({ role: 'alert', name: 'Look-alike address' })).toBe(0);
  await approval.approve();
  expect(await paying).toMatchObject({ result: expect.stringMatching(/^0x[0-9a-f]{64}$/) });

  const poisoned = dapp.request('eth_sendTransaction', [{ from, to: poison, value: toQuantity(parseEther('0.01')) }]);
  approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Look-alike address', `The recipient ${poison} looks like ${friend}, an address you used before, but is not it: it may have been planted in your history (address poisoning). Compare every character before you approve.`);
  await approval.reject();
  expect(await poisoned).toMatchObject({ error: { code: 4001 } });
});

test('a token with the symbol of a well-known one but another contract: warned on its approval and in the token list', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  await connect(dapp, session);
  // A copy of the devnet's TST at another address: the devnet build knows the real TST's contract.
  const fake = Wallet.createRandom().address;
  await chain().send('anvil_setCode', [fake, await chain().getCode(devnet.addresses.testToken)]);

  const watching = dapp.request('wallet_watchAsset', { type: 'ERC20', options: { address: fake, symbol: 'TST', decimals: 18 } });
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Token contract', fake);
  await approval.screen.waitForText('Look-alike token', `TST on Local devnet is the contract ${devnet.addresses.testToken}; this token uses its symbol but is another contract. Fake tokens like this one lure people into swaps and approvals.`);
  await approval.addToken();
  expect(await watching).toEqual({ result: true });

  await freshWallet.popup.waitForTokenBalance('TST', '0 TST');
  await freshWallet.popup.screen.waitForText('TST look-alike warning', `Not the real TST: that is ${devnet.addresses.testToken}. This contract only uses its symbol.`);
});
