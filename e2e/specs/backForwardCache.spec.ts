/**
 * A dapp page the user leaves and comes back to with the Back button, restored from the browser's back/forward cache:
 * what changed in the wallet while it was there reaches it then. Its content script closes its port as the page goes
 * in (no event reaches a cached page) and sends again what was unanswered as it comes out, and the provider asks the
 * chain and the accounts again. Both browsers: Playwright turns Chromium's cache off in the browsers it launches, and
 * this spec's keeps it; Firefox keeps its own. Each test first checks that the page was restored, not loaded again.
 */
import { startCacheablePages } from '../fixtures/cacheablePages';
import type { JsonRpcServer } from '../fixtures/jsonRpcServer';
import { expect, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { Dapp } from '../pages/dapp';
import { connect } from '../pages/flows';

test.use({ backForwardCache: true });

let pages: JsonRpcServer;
test.beforeAll(async () => {
  pages = await startCacheablePages();
});
test.afterAll(async () => pages.stop());

test('back from the cache, a dapp hears chainChanged for the network the user picked while it was cached', async ({ wallet, session }) => {
  const dapp = await Dapp.open(session, `${pages.url}/`);
  await connect(dapp, session);
  await dapp.record('chainChanged');
  await dapp.watchPageShows();

  await dapp.screen.goto(`${pages.url}/elsewhere`);
  await wallet.selectNetwork('Base Sepolia');
  await dapp.screen.goBack();

  expect(await dapp.pageShows()).toEqual({ persisted: [true], notRestored: null });
  await expect.poll(() => dapp.events('chainChanged')).toEqual(['0x14a34']);
  expect(await dapp.result('eth_chainId')).toBe('0x14a34');
});

test('back from the cache, the window closes at Reject, the signature the user rejected meanwhile settles with 4001, and a revoked dapp hears accountsChanged', async ({ wallet, session }) => {
  const dapp = await Dapp.open(session, `${pages.url}/`);
  const [account] = await connect(dapp, session);
  await dapp.record('accountsChanged');
  await dapp.watchPageShows();
  await dapp.send('signing', 'personal_sign', ['0x68656c6c6f', account]);
  const approval = await ApprovalWindow.next(session);

  await dapp.screen.goto(`${pages.url}/elsewhere`);
  // The window closes once the user answers, though the page that asked cannot be told until it is back.
  await approval.reject();
  await wallet.revoke(dapp.origin);
  await dapp.screen.goBack();

  expect(await dapp.pageShows()).toEqual({ persisted: [true], notRestored: null });
  expect(await dapp.outcome('signing')).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
  await expect.poll(() => dapp.events('accountsChanged')).toEqual([[]]);
  expect(await dapp.result('eth_accounts')).toEqual([]);
});

test("back from the cache, a framed site's connect request the user rejected meanwhile settles with 4001 in its frame", async ({ wallet, session }) => {
  void wallet;
  const dapp = await Dapp.open(session, `${pages.url}/`);
  await dapp.watchPageShows();
  // Another origin than its page's: the frame asks for itself.
  await dapp.sendFromFrame('asking', `${pages.url.replace('127.0.0.1', 'localhost')}/frame.html`, false, 'eth_requestAccounts');
  const approval = await ApprovalWindow.next(session);

  await dapp.screen.goto(`${pages.url}/elsewhere`);
  await approval.reject();
  await dapp.screen.goBack();

  expect(await dapp.pageShows()).toEqual({ persisted: [true], notRestored: null });
  expect(await dapp.outcome('asking')).toMatchObject({ error: { code: 4001, message: 'User rejected the request' } });
});
