/**
 * What a page makes the wallet keep (filters, subscriptions) and do (node reads) is counted per site and within a byte
 * budget of its own: a page and its subdomain frame that flood it as hard as the limits allow are refused (-32005),
 * and the user still locks, unlocks and connects.
 */
import { PLAIN_HTTP_HOST, PLAIN_HTTP_SUBDOMAIN } from '../driver/hosts';
import { ACCOUNT_0, expect, test } from '../fixtures/test';
import { Dapp } from '../pages/dapp';
import { connect } from '../pages/flows';

/** A log filter naming 2,000 contracts: about 90 KB for the wallet to keep. */
const WIDE_FILTER = { address: Array.from({ length: 2000 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`) };

test('a page and its subdomain frame that fill their site\'s share are refused (-32005); locking, unlocking and connecting still work', async ({ wallet, session, devnet }) => {
  const url = new URL(devnet.dappUrl);
  url.hostname = PLAIN_HTTP_HOST;
  const dapp = await Dapp.open(session, url.href);
  const frame = `http://${PLAIN_HTTP_SUBDOMAIN}:${url.port}`;

  // The page makes wide filters until the wallet refuses one: its site's 512 KiB are full.
  const made: string[] = [];
  for (;;) {
    const outcome = await dapp.request('eth_newFilter', [WIDE_FILTER]);
    if ('error' in outcome) {
      expect(outcome.error).toMatchObject({ code: -32005, message: expect.stringContaining(`${PLAIN_HTTP_HOST} would keep more than 512 KiB`) });
      break;
    }
    made.push(outcome.result as string);
    expect(made.length).toBeLessThan(10);
  }
  expect(made.length).toBeGreaterThan(1);
  // A frame of a subdomain is another origin of the same site: its filters and subscriptions count there too.
  expect(await dapp.frameRequest(frame, false, 'eth_newFilter', [WIDE_FILTER])).toMatchObject({ error: { code: -32005, message: expect.stringContaining(PLAIN_HTTP_HOST) } });
  expect(await dapp.frameRequest(frame, false, 'eth_subscribe', ['logs', WIDE_FILTER])).toMatchObject({ error: { code: -32005, message: expect.stringContaining(PLAIN_HTTP_HOST) } });
  // The filters it has still work.
  expect(await dapp.result('eth_getFilterChanges', [made[0]])).toEqual([]);
  // Small filters up to the site's count (32), then -32005 for the frame as for the page.
  const small = await Promise.all(Array.from({ length: 40 }, () => dapp.request('eth_newBlockFilter')));
  expect(small.filter((o) => 'result' in o)).toHaveLength(32 - made.length);
  expect(await dapp.frameRequest(frame, false, 'eth_newBlockFilter')).toMatchObject({ error: { code: -32005, message: expect.stringContaining(`${PLAIN_HTTP_HOST} has 32 filters`) } });
  // Node reads beyond the site's budget (200 at once) are refused too.
  expect((await dapp.requestAtOnce(300, 'eth_blockNumber')).filter((code) => code === -32005).length).toBeGreaterThan(0);

  // The wallet's own state is not the pages': the user locks, unlocks, and the page connects.
  await wallet.lock();
  await wallet.unlock();
  await expect.poll(async () => 'result' in (await dapp.request('eth_blockNumber'))).toBe(true);
  expect(await connect(dapp, session)).toEqual([ACCOUNT_0.toLowerCase()]);
});
