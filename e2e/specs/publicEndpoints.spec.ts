/**
 * The devnet behind endpoints that behave as public ones do: the first is down, the second limits requests in bursts
 * (429 with Retry-After) and reads block numbers, nonce counts and receipts from a backend 15 blocks (3 s) behind, and neither serves eth_simulateV1 or
 * eth_sendRawTransactionSync nor takes JSON-RPC batches longer than three. Previews, batches and their statuses come
 * out as on the plain devnet: no nonce used twice, nothing called failed or dropped; the preview says it cannot simulate.
 */
import { parseEther } from 'ethers';
import { chain, token } from '../fixtures/chain';
import { devnetInfo } from '../fixtures/devnetInfo';
import { startPublicEndpoint, type PublicEndpoint } from '../fixtures/publicEndpoint';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect, finalStatus, requestTokenAndEthBatch, sentId } from '../pages/flows';
import { NetworksScreen } from '../pages/networks';

const PUBLIC_LIMITS = { lacks: ['eth_simulateV1', 'eth_sendRawTransactionSync'], maxBatch: 3 };

let down: PublicEndpoint;
let busy: PublicEndpoint;
let spare: PublicEndpoint;
test.beforeAll(async () => {
  const node = devnetInfo().rpcUrl;
  [down, busy, spare] = await Promise.all([startPublicEndpoint(node), startPublicEndpoint(node), startPublicEndpoint(node)]);
});
test.afterAll(async () => Promise.all([down, busy, spare].map((e) => e.stop())));

test('behind public-like endpoints, an atomic batch and the sends after it land with their own nonces, each status 200', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  // Every endpoint answers while the network is saved (each is asked for its chain id); then they behave as public ones.
  const networks = await NetworksScreen.open(freshWallet.popup.screen);
  await networks.edit('Local devnet', { rpcUrl: [down.url, busy.url, spare.url].join('\n') });
  await networks.waitForDetails('Local devnet', /built-in, edited/);
  down.set({ down: true });
  busy.set({ ...PUBLIC_LIMITS, limit: { every: 6, burst: 2, retryAfterSeconds: 1 }, lagBlocks: 15 });
  spare.set(PUBLIC_LIMITS);

  const [from] = await connect(dapp, session);
  const { recipient, approval, sending } = await requestTokenAndEthBatch(dapp, session, from, devnet.addresses.testToken);
  // Neither serves eth_simulateV1: the preview says so (not "unreachable"), and the fee is still estimated.
  await approval.screen.waitForText('Preview', /^No preview: this network cannot simulate.*Fee up to 0\.0\d+ ETH$/);
  await approval.approve();
  const first = sentId(await sending);

  // Sent at once, while the lagging backend still counts the first batch's nonce as unused.
  const ids = [first];
  for (const value of ['0x1', '0x2']) {
    const next = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: false, calls: [{ to: recipient, value }] }]);
    await (await ApprovalWindow.next(session)).approve();
    ids.push(sentId(await next));
  }

  const statuses = await Promise.all(ids.map((id) => finalStatus(dapp, id, 30_000)));
  expect(statuses.map((s) => s.status)).toEqual([200, 200, 200]);
  const hashes = statuses.flatMap((s) => s.receipts.map((r) => r.transactionHash));
  expect(new Set(hashes).size).toBe(3);
  const nonces = await Promise.all(hashes.map(async (hash) => (await chain().getTransaction(hash))!.nonce));
  // The first carried the upgrade's authorization, which used nonce 0 before it.
  expect(nonces).toEqual([0, 2, 3]);
  // Not even tried with a nonce the lagging backend still counted as free: the node would have refused it, or taken
  // it in place of the pending transaction.
  expect(busy.count('nonce-reused') + spare.count('nonce-reused')).toBe(0);
  expect(await token().balanceOf(recipient)).toBe(parseEther('1.5'));
  expect(await chain().getBalance(recipient)).toBe(parseEther('0.001') + 3n);

  // The endpoints did behave as public ones: the wallet met their limits, the lag, and the missing methods.
  const met = { limited: busy.count('limited'), lagged: busy.count('lagged'), lacked: busy.count('lacked') + spare.count('lacked') };
  // Named when one was not met, so that a run where the wallet missed one says which.
  expect(Object.keys(met).filter((what) => met[what as keyof typeof met] === 0)).toEqual([]);
});
