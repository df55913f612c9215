/** ERC-8021 dataSuffix on wallet_sendCalls: the bytes are on chain after each call's data, or in the sponsored userOp. */
import { Interface, Wallet } from 'ethers';
import { chain, token } from '../fixtures/chain';
import { expect, importFreshWallet, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect, finalStatus, sentId } from '../pages/flows';

const ERC20 = new Interface(['function transfer(address to, uint256 amount)']);
const SUFFIX = '0x62635f74657374000b0080218021802180218021802180218021';

test('a plain batch carries the suffix after each call’s data, and the calls still do what they did', async ({ freshWallet, dapp, session, devnet }) => {
  void freshWallet;
  const [from] = await connect(dapp, session);
  const recipient = Wallet.createRandom().address;
  const calls = [{ to: devnet.addresses.testToken, value: '0x0', data: ERC20.encodeFunctionData('transfer', [recipient, 7n]) }, { to: recipient, value: '0x5' }];
  const malformed = [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: false, calls, capabilities: { dataSuffix: { value: '0x123' } } }];
  expect(await dapp.request('wallet_sendCalls', malformed)).toMatchObject({ error: { code: -32602, message: expect.stringContaining('capabilities.dataSuffix.value') } });
  expect(await session.countExtensionPages('approval.html')).toBe(0);

  const sending = dapp.request('wallet_sendCalls', [{ ...malformed[0], capabilities: { dataSuffix: { value: SUFFIX } } }]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Data suffix', new RegExp(`^${SUFFIX}`));
  await approval.approve();
  const status = await finalStatus(dapp, sentId(await sending));
  expect(status.status).toBe(200);
  const inputs = await Promise.all(status.receipts.map(async (r) => (await chain().getTransaction(r.transactionHash))!.data));
  expect(inputs.map((data) => data.endsWith(SUFFIX.slice(2)))).toEqual([true, true]);
  expect(await token().balanceOf(recipient)).toBe(7n);
});

test('a sponsored batch carries the suffix after the userOp’s callData', async ({ session, dapp, devnet }) => {
  await importFreshWallet(session, 0n, 100n);
  const [from] = await connect(dapp, session);
  const calls = [{ to: devnet.addresses.testToken, value: '0x0', data: ERC20.encodeFunctionData('transfer', [Wallet.createRandom().address, 3n]) }];
  const capabilities = { paymasterService: { url: devnet.paymasterUrl }, dataSuffix: { value: SUFFIX, optional: true } };
  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true, calls, capabilities }]);
  const approval = await ApprovalWindow.next(session);
  await approval.acceptUpgrade();
  await approval.approve();
  const status = await finalStatus(dapp, sentId(await sending), 30_000);
  expect(status.status).toBe(200);
  // The bundle's handleOps carries the userOp, whose callData ends with the suffix (then padding to 32 bytes).
  const bundle = (await chain().getTransaction(status.receipts[0].transactionHash))!.data;
  expect(bundle).toContain(SUFFIX.slice(2));
});
