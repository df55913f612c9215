/** The user's trust in a site on the phishing list is kept in storage: a browser restart of the same profile keeps it. */
import { expect, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { Dapp } from '../pages/dapp';

/** The host the devnet build adds to the phishing list (DEVNET_LISTED_HOST in src/background/protection/phishingList.ts). */
const DEVNET_LISTED_HOST = 'phishing-test.localhost';

test('a listed site the user trusted is not held again after a browser restart', async ({ freshWallet, chromium, devnet }) => {
  void freshWallet;
  const url = new URL(devnet.dappUrl);
  url.hostname = DEVNET_LISTED_HOST;
  let site = await Dapp.open(chromium, url.href);
  let asking = site.request('eth_requestAccounts');
  let approval = await ApprovalWindow.next(chromium);
  await approval.trustSite('Connect');
  await approval.reject();
  expect(await asking).toMatchObject({ error: { code: 4001 } });

  await chromium.relaunch();
  site = await Dapp.open(chromium, url.href);
  asking = site.request('eth_requestAccounts');
  approval = await ApprovalWindow.next(chromium);
  await approval.unlock();
  await approval.screen.waitForText({ role: 'heading' }, `Connect to ${site.origin}`);
  expect(await approval.screen.count({ role: 'alert', name: 'Phishing warning' })).toBe(0);
  await approval.reject();
  expect(await asking).toMatchObject({ error: { code: 4001 } });
});
