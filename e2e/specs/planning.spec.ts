/**
 * A batch planned against a node that answers slowly (its gas estimate held by the proxy): the approval window opens
 * meanwhile on who asks, and the batch's own screen takes it over once planned. A plan that fails closes that window
 * again; Reject, or closing the window, rejects the request.
 */
import { Wallet, parseEther, toQuantity } from 'ethers';
import { batchOn, onFaultyChain, startFaultyChain, type FaultyChain } from '../fixtures/faultyChain';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';

let chain: FaultyChain;
test.beforeAll(async () => {
  chain = await startFaultyChain();
});
test.afterAll(async () => {
  await chain.stop();
});
test.afterEach(async () => {
  await chain.proxy.reset();
});

test('the window opens while the batch is planned, then shows the batch, which lands once approved', async ({ session, dapp }) => {
  const account = await onFaultyChain(session, dapp, chain);
  chain.proxy.set('eth_estimateGas', 'hold');
  const recipient = Wallet.createRandom().address;
  const sending = dapp.request('wallet_sendCalls', batchOn(account.address, 'planned-slowly', [{ to: recipient, value: toQuantity(parseEther('0.01')) }]));
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitFor({ role: 'heading', name: 'Preparing the request' });
  expect(await approval.screen.text('Site')).toBe(new URL(await dapp.screen.url()).origin);
  expect(await approval.screen.isEnabled('Approve')).toBe(false);
  await chain.proxy.held('eth_estimateGas');
  await chain.proxy.release('eth_estimateGas', 'node');
  await approval.screen.waitFor({ role: 'heading', name: 'Review batch' });
  await approval.approve();
  expect(await sending).toMatchObject({ result: { id: 'planned-slowly' } });
  await expect.poll(async () => chain.provider.getBalance(recipient)).toBe(parseEther('0.01'));
});

test('a plan that fails closes the window it opened, and the page gets the error', ONE_BROWSER, async ({ session, dapp }) => {
  const account = await onFaultyChain(session, dapp, chain);
  // The account's code, read first to choose how the batch runs: without it there is no plan.
  chain.proxy.set('eth_getCode', 'hold');
  const sending = dapp.request('wallet_sendCalls', batchOn(account.address, 'plan-fails', [{ to: Wallet.createRandom().address, value: '0x1' }]));
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitFor({ role: 'heading', name: 'Preparing the request' });
  await chain.proxy.held('eth_getCode');
  // The node goes down: the held request is hung up on, and so is any the wallet sends again.
  await chain.proxy.release('eth_getCode', 'nowhere');
  chain.proxy.set('eth_getCode', 'down');
  await approval.screen.waitForClose();
  const answer = await sending;
  expect(answer).toHaveProperty('error');
  expect(answer).not.toMatchObject({ error: { code: 4001 } });
});

test('closing the window, or Reject, while the batch is planned rejects it (4001) once planned, and its id is free again', ONE_BROWSER, async ({ session, dapp }) => {
  const account = await onFaultyChain(session, dapp, chain);
  const calls = [{ to: Wallet.createRandom().address, value: '0x1' }];
  const planned = async () => {
    chain.proxy.set('eth_estimateGas', 'hold');
    const sending = dapp.request('wallet_sendCalls', batchOn(account.address, 'walked-away', calls));
    const approval = await ApprovalWindow.next(session);
    await approval.screen.waitFor({ role: 'heading', name: 'Preparing the request' });
    await chain.proxy.held('eth_estimateGas');
    return { sending, approval };
  };
  const closed = await planned();
  await closed.approval.close();
  await chain.proxy.release('eth_estimateGas', 'node');
  expect(await closed.sending).toMatchObject({ error: { code: 4001 } });
  // Not queued behind the user's back, and the same id can be sent again.
  const rejected = await planned();
  await rejected.approval.reject();
  await chain.proxy.release('eth_estimateGas', 'node');
  expect(await rejected.sending).toMatchObject({ error: { code: 4001 } });
  expect(await session.countExtensionPages('approval.html')).toBe(0);
});
