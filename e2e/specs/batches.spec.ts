/** EIP-5792 batches end to end: atomic through EIP-7702, sequential, status from the chain, every error code. */
import { Interface, Wallet, parseEther, toQuantity } from 'ethers';
import { SIMPLE_7702_ACCOUNT_ADDRESS } from '../../devnet/constants';
import { chain, token } from '../fixtures/chain';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect, finalStatus, sentId } from '../pages/flows';

const ERC20 = new Interface(['function transfer(address to, uint256 amount)']);
const RECIPIENT = '0x000000000000000000000000000000000000dEaD';
const DELEGATED_CODE = `0xef0100${SIMPLE_7702_ACCOUNT_ADDRESS.slice(2).toLowerCase()}`;
const transfer = (tokenAddress: string, to: string, amount: bigint) => ({ to: tokenAddress, value: '0x0', data: ERC20.encodeFunctionData('transfer', [to, amount]) });

const batch = (from: string, calls: unknown[], extra: Record<string, unknown> = {}) => [
  { version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true, calls, ...extra },
];

test('atomic batch from a fresh account: upgrade approved, one transaction, both effects, status 200', async ({ freshWallet, dapp, session, devnet }) => {
  const [from] = await connect(dapp, session);
  expect(from).toBe(freshWallet.address.toLowerCase());
  expect(await dapp.result('wallet_getCapabilities', [from, ['0x7a69']])).toEqual({ '0x7a69': { atomic: { status: 'ready' }, paymasterService: { supported: true }, alternateGasFees: { supported: true }, dataSuffix: { supported: true }, assetDiscovery: { supported: true } } });
  const recipient = Wallet.createRandom().address;

  const sending = dapp.request('wallet_sendCalls', batch(from, [transfer(devnet.addresses.testToken, recipient, 5n), { to: recipient, value: toQuantity(parseEther('0.01')) }]));
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitFor({ role: 'heading', name: 'Upgrade your account?' });
  await approval.acceptUpgrade();
  await approval.screen.waitForText('Execution', /^Atomic/);
  await approval.screen.waitForText('Total value', '0.01 ETH');
  await approval.screen.waitForText({ role: 'heading', in: 'Call 1' }, 'Send a token');
  await approval.screen.waitForText({ name: 'Amount', in: 'Call 1' }, '0.000000000000000005 TST');
  await approval.approve();
  const sent = await sending;
  expect(sent).toEqual({ result: { id: expect.stringMatching(/^0x[0-9a-f]{64}$/), batchId: expect.any(String), status: 'pending' } });
  const id = sentId(sent);

  const status = await finalStatus(dapp, id);
  expect(status).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', status: 200, atomic: true });
  expect(status.receipts.map((r) => r.status)).toEqual(['0x1']);
  expect(await chain().getCode(from)).toBe(DELEGATED_CODE);
  expect(await token().balanceOf(from)).toBe(parseEther('1000') - 5n);
  expect(await token().balanceOf(recipient)).toBe(5n);
  expect(await chain().getBalance(recipient)).toBe(parseEther('0.01'));
  // One transaction: the nonce moved by two (the transaction and the authorization it carried).
  expect(await chain().getTransactionCount(from)).toBe(2);
  expect(await dapp.result('wallet_getCapabilities', [from, ['0x7a69']])).toEqual({ '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true }, alternateGasFees: { supported: true }, dataSuffix: { supported: true }, assetDiscovery: { supported: true } } });
});

test('declining the upgrade answers 5750 and sends nothing', ONE_BROWSER, async ({ freshWallet, dapp, session }) => {
  const [from] = await connect(dapp, session);
  const sending = dapp.request('wallet_sendCalls', batch(from, [{ to: RECIPIENT, value: '0x1' }]));
  await (await ApprovalWindow.next(session)).declineUpgrade();
  expect(await sending).toEqual({ error: { code: 5750, message: 'EIP-7702 upgrade rejected for this chain and account' } });
  expect(await chain().getTransactionCount(freshWallet.address, 'pending')).toBe(0);
});

test('rejecting the batch answers 4001', ONE_BROWSER, async ({ freshWallet, dapp, session }) => {
  void freshWallet;
  const [from] = await connect(dapp, session);
  const sending = dapp.request('wallet_sendCalls', batch(from, [{ to: RECIPIENT, value: '0x1' }], { atomicRequired: false }));
  await (await ApprovalWindow.next(session)).reject();
  expect(await sending).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
});

test('atomicRequired false on a plain account: one transaction per call, status 200', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  const [from] = await connect(dapp, session);
  const calls = [transfer(devnet.addresses.testToken, RECIPIENT, 3n), { to: RECIPIENT, value: '0x64' }];
  const sending = dapp.request('wallet_sendCalls', batch(from, calls, { atomicRequired: false, id: 'sequential-1' }));
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Execution', /^Sequential/);
  await approval.approve();
  expect(await sending).toEqual({ result: { id: 'sequential-1', batchId: 'sequential-1', status: 'pending' } });
  const status = await finalStatus(dapp, 'sequential-1');
  expect(status).toMatchObject({ status: 200, atomic: false });
  expect(status.receipts.map((r) => r.status)).toEqual(['0x1', '0x1']);
  expect(await chain().getCode(freshWallet.address)).toBe('0x');
  expect(await token().balanceOf(from)).toBe(parseEther('1000') - 3n);
});

test('a reverting call: atomically nothing changes (500); sequentially the rest lands (600)', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  void freshWallet;
  const [from] = await connect(dapp, session);
  const tst = devnet.addresses.testToken;
  const tooMuch = transfer(tst, RECIPIENT, parseEther('5000'));

  const sequential = dapp.request('wallet_sendCalls', batch(from, [transfer(tst, RECIPIENT, 1n), tooMuch], { atomicRequired: false, id: 'seq-revert' }));
  let approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'alert', name: 'Gas estimate' }, /likely to revert/);
  await approval.screen.waitForText({ role: 'alert', name: 'Revert' }, /^Call 2 would fail: TestToken: insufficient balance$/);
  // Once the window's buttons are armed (Reject enabled), Approve still waits for the second confirmation.
  await expect.poll(() => approval.screen.isEnabled('Reject')).toBe(true);
  expect(await approval.screen.isEnabled('Approve')).toBe(false);
  await approval.approveDespiteRevert();
  await sequential;
  const partial = await finalStatus(dapp, 'seq-revert');
  expect(partial.status).toBe(600);
  expect(partial.receipts.map((r) => r.status)).toEqual(['0x1', '0x0']);
  expect(await token().balanceOf(from)).toBe(parseEther('1000') - 1n);

  const atomic = dapp.request('wallet_sendCalls', batch(from, [transfer(tst, RECIPIENT, 1n), tooMuch], { id: 'atomic-revert' }));
  approval = await ApprovalWindow.next(session);
  await approval.acceptUpgrade();
  await approval.approveDespiteRevert();
  await atomic;
  const reverted = await finalStatus(dapp, 'atomic-revert');
  expect(reverted).toMatchObject({ status: 500, atomic: true });
  expect(reverted.receipts).toHaveLength(1);
  expect(await token().balanceOf(from)).toBe(parseEther('1000') - 1n);
});

test('request errors: duplicate id 5720, too many calls 5740, version 1.0, wrong chain, unknown id 5730', ONE_BROWSER, async ({ freshWallet, dapp, session }) => {
  void freshWallet;
  const [from] = await connect(dapp, session);
  const first = dapp.request('wallet_sendCalls', batch(from, [{ to: RECIPIENT, value: '0x1' }], { atomicRequired: false, id: 'dup' }));
  await (await ApprovalWindow.next(session)).approve();
  await first;
  expect(await dapp.request('wallet_sendCalls', batch(from, [{ to: RECIPIENT, value: '0x1' }], { atomicRequired: false, id: 'dup' }))).toEqual({
    error: { code: 5720, message: expect.stringContaining('A batch with id dup was already submitted') },
  });
  expect(await dapp.request('wallet_sendCalls', batch(from, Array(65).fill({ to: RECIPIENT, value: '0x1' })))).toEqual({
    error: { code: 5740, message: 'Batch too large: 65 calls, this wallet executes at most 64 per batch' },
  });
  expect(await dapp.request('wallet_sendCalls', [{ version: '1.0', from, chainId: '0x7a69', calls: [{ to: RECIPIENT, value: '0x1' }] }])).toEqual({
    error: { code: -32000, message: 'Version not supported: this wallet supports wallet_sendCalls version 2.0.0, got "1.0"' },
  });
  expect(await dapp.request('wallet_sendCalls', batch(from, [{ to: RECIPIENT, value: '0x1' }], { chainId: '0x1' }))).toEqual({
    error: { code: -32602, message: 'chainId 0x1 does not match the selected network 0x7a69 (Local devnet)' },
  });
  expect(await dapp.request('wallet_sendCalls', batch(from, [{ to: RECIPIENT, value: '0x1' }], { capabilities: { flashloan: {} } }))).toEqual({
    error: { code: 5700, message: expect.stringContaining('Unsupported capability capabilities.flashloan') },
  });
  expect(await dapp.request('wallet_getCallsStatus', ['0xnope'])).toEqual({ error: { code: 5730, message: 'Unknown batch id 0xnope' } });
});

test('from not authorized, or an origin not connected: 4100', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  expect(await dapp.request('wallet_sendCalls', batch(freshWallet.address, [{ to: RECIPIENT, value: '0x1' }]))).toEqual({
    error: { code: 4100, message: expect.stringContaining('is not connected') },
  });
  await connect(dapp, session);
  expect(await dapp.request('wallet_sendCalls', batch(devnet.accounts[0].address, [{ to: RECIPIENT, value: '0x1' }]))).toEqual({
    error: { code: 4100, message: `Account ${devnet.accounts[0].address} is not authorized for ${dapp.origin}` },
  });
});
