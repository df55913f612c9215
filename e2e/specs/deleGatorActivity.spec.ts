/**
 * Activity's Speed up and Cancel for an account on the DeleGator (EIP-7702 to DELEGATOR_V08). Its atomic batch is one
 * transaction to its own ERC-7821 execute, held on a chain whose blocks the test mines by hand (fixtures/faultyChain.ts,
 * with the DeleGator's code as the devnet deployed it); its sponsored batch is a userOp a site's service keeps, whose
 * Cancel uses the account's EntryPoint nonce, which the DeleGator validates through the EntryPoint as Simple7702Account does.
 */
import { Contract, Interface, Wallet, parseEther, toQuantity } from 'ethers';
import { DELEGATOR_V08, delegationCode } from '../../src/shared/contracts';
import { chain as devnetChain, token } from '../fixtures/chain';
import { startCombinedEndpoint } from '../fixtures/combinedEndpoint';
import { deleGatorWallet } from '../fixtures/deleGatorWallet';
import { batchOn, onFaultyChain, startFaultyChain, type FaultyChain } from '../fixtures/faultyChain';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import type { BrowserSession } from '../driver/types';
import { ApprovalWindow } from '../pages/approval';
import type { Dapp } from '../pages/dapp';
import { connect, sentId, type CallsStatus } from '../pages/flows';
import { NetworksScreen } from '../pages/networks';
import { WalletPopup } from '../pages/wallet';

const ERC20 = new Interface(['function transfer(address to, uint256 amount)']);
const ENTRY_POINT_ABI = ['function getNonce(address sender, uint192 key) view returns (uint256)'];
const EXECUTE = '0xe9ae5c53';

let chain: FaultyChain;
test.beforeAll(async () => {
  chain = await startFaultyChain();
  // The DeleGator as the devnet deployed it (its EntryPoint and DelegationManager are immutables in its code).
  await chain.send('anvil_setCode', [DELEGATOR_V08, await devnetChain().getCode(DELEGATOR_V08)]);
  // From here on blocks come only from anvil_mine.
  await chain.send('evm_setIntervalMining', [0]);
});
test.afterAll(async () => chain?.stop());

type PoolTx = { hash: string; nonce: string; to: string; input: string; maxFeePerGas: string; maxPriorityFeePerGas: string };

/** The account's transactions waiting in anvil's pool. */
async function pool(from: string): Promise<PoolTx[]> {
  const content = await chain.send<{ pending: Record<string, Record<string, PoolTx>> }>('txpool_content');
  const entry = Object.entries(content.pending).find(([address]) => address.toLowerCase() === from.toLowerCase());
  return entry ? Object.values(entry[1]) : [];
}

/**
 * An account on the faulty chain delegated to the DeleGator, whose atomic batch paying two new addresses 0.01 and
 * 0.02 ETH is approved and held in the pool. Returns the popup, the batch id, the held transaction and the recipients.
 */
async function heldAtomicBatch(session: BrowserSession, dapp: Dapp, id: string) {
  const account = await onFaultyChain(session, dapp, chain);
  await chain.send('anvil_setCode', [account.address, delegationCode(DELEGATOR_V08)]);
  const recipients = [Wallet.createRandom().address, Wallet.createRandom().address];
  const calls = recipients.map((to, i) => ({ to, value: toQuantity(parseEther('0.01') * BigInt(i + 1)) }));
  const sending = dapp.request('wallet_sendCalls', batchOn(account.address, id, calls, true));
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitFor({ role: 'button', name: 'Approve' });
  expect(await approval.screen.count({ role: 'button', name: 'Upgrade account' })).toBe(0);
  await approval.approve();
  expect(sentId(await sending)).toBe(id);
  await expect.poll(async () => (await pool(account.address)).length).toBe(1);
  const [held] = await pool(account.address);
  // The DeleGator's ERC-7821 execute on the account itself.
  expect(held.to.toLowerCase()).toBe(account.address.toLowerCase());
  expect(held.input.slice(0, 10)).toBe(EXECUTE);
  const popup = await WalletPopup.open(session);
  await popup.waitForBatchStatus(id, 'Pending');
  return { account, popup, held, recipients };
}

const bumpedTenPercent = (next: string, previous: string) => BigInt(next) * 10n >= BigInt(previous) * 11n;

async function approveReplacement(session: BrowserSession, popup: WalletPopup, button: 'Speed up' | 'Cancel', held: PoolTx): Promise<void> {
  await popup.replacePending(button);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Replaces', held.hash);
  await approval.approve();
}

const status = (dapp: Dapp, id: string) => dapp.result<CallsStatus>('wallet_getCallsStatus', [id]);

test('a DeleGator account\'s atomic batch sped up: the replacement runs its execute again, lands, and the batch is 200 with both payments made', ONE_BROWSER, async ({ session, dapp }) => {
  const id = 'delegator-speed-up';
  const { account, popup, held, recipients } = await heldAtomicBatch(session, dapp, id);
  await approveReplacement(session, popup, 'Speed up', held);
  await expect.poll(async () => (await pool(account.address)).map((t) => t.hash)).not.toEqual([held.hash]);
  const [replacement] = await pool(account.address);
  expect(replacement).toMatchObject({ nonce: held.nonce, to: held.to, input: held.input });
  expect(bumpedTenPercent(replacement.maxFeePerGas, held.maxFeePerGas)).toBe(true);
  expect(bumpedTenPercent(replacement.maxPriorityFeePerGas, held.maxPriorityFeePerGas)).toBe(true);

  await chain.send('anvil_mine', ['0x1']);
  await expect.poll(async () => (await status(dapp, id)).status).toBe(200);
  const final = await status(dapp, id);
  expect(final).toMatchObject({ atomic: true, receipts: [{ transactionHash: replacement.hash, status: '0x1' }] });
  expect(await chain.provider.getTransactionReceipt(held.hash)).toBeNull();
  expect(await chain.provider.getBalance(recipients[0])).toBe(parseEther('0.01'));
  expect(await chain.provider.getBalance(recipients[1])).toBe(parseEther('0.02'));
  expect(await chain.provider.getCode(account.address)).toBe(delegationCode(DELEGATOR_V08));
  await popup.waitForBatchStatus(id, /^(Pre-confirmed|Confirmed)$/);
});

test('a DeleGator account\'s atomic batch cancelled: the cancel lands at its nonce, nothing of the batch runs, the batch is 400', ONE_BROWSER, async ({ session, dapp }) => {
  const id = 'delegator-cancel';
  const { account, popup, held, recipients } = await heldAtomicBatch(session, dapp, id);
  await approveReplacement(session, popup, 'Cancel', held);
  await expect.poll(async () => (await pool(account.address)).map((t) => t.hash)).not.toEqual([held.hash]);
  const [cancel] = await pool(account.address);
  expect(cancel).toMatchObject({ nonce: held.nonce, to: account.address.toLowerCase(), input: '0x' });

  await chain.send('anvil_mine', ['0x1']);
  await expect.poll(async () => (await status(dapp, id)).status).toBe(400);
  expect((await chain.provider.getTransactionReceipt(cancel.hash))?.status).toBe(1);
  expect(await chain.provider.getTransactionReceipt(held.hash)).toBeNull();
  expect(await chain.provider.getBalance(recipients[0])).toBe(0n);
  expect(await chain.provider.getBalance(recipients[1])).toBe(0n);
  expect(await chain.provider.getTransactionCount(account.address)).toBe(Number(held.nonce) + 1);
  await popup.waitForBatchStatus(id, 'Cancelled');
});

test('a DeleGator account\'s sponsored batch cancelled while a site\'s service keeps its userOp: the EntryPoint nonce is used, the batch is 400, the kept userOp cannot run', ONE_BROWSER, async ({ session, dapp, devnet }) => {
  const liar = await startCombinedEndpoint(devnet.paymasterUrl, devnet.bundlerUrl, { lie: 'hold' });
  try {
    const { account, popup } = await deleGatorWallet(session);
    const networks = await NetworksScreen.open(popup.screen);
    await networks.edit('Local devnet', { bundlerUrl: '' });
    await networks.waitForDetails('Local devnet', '31337 · built-in, edited · EIP-7702');
    const [from] = await connect(dapp, session);
    const recipient = Wallet.createRandom().address;
    const sending = dapp.request('wallet_sendCalls', [{
      version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true,
      calls: [{ to: devnet.addresses.testToken, value: '0x0', data: ERC20.encodeFunctionData('transfer', [recipient, 21n]) }],
      capabilities: { paymasterService: { url: liar.url } },
    }]);
    const approval = await ApprovalWindow.next(session);
    await approval.screen.waitForText('Submitted by', `${new URL(liar.url).host}, the site’s service`);
    await approval.approve();
    const id = sentId(await sending);
    expect(liar.received('eth_sendUserOperation')).toBeGreaterThan(0);
    expect((await status(dapp, id)).status).toBe(100);

    const entryPoint = new Contract(devnet.addresses.entryPoint, ENTRY_POINT_ABI, devnetChain());
    expect(await entryPoint.getNonce(account, 0)).toBe(0n);
    expect(await dapp.result('wallet_showCallsStatus', [id])).toBeNull();
    const activity = new WalletPopup(await session.nextExtensionPage('popup.html?'));
    await activity.waitForBatchStatus(id, 'Pending');
    await activity.screen.click('Cancel');
    await (await ApprovalWindow.next(session)).approve();
    await expect.poll(() => entryPoint.getNonce(account, 0), { timeout: 15_000 }).toBe(1n);
    await expect.poll(async () => (await status(dapp, id)).status, { timeout: 15_000 }).toBe(400);
    await activity.waitForBatchStatus(id, 'Failed (not sent)');

    // The service now submits the userOp it kept: the bundler refuses it (its nonce is used), and nothing ran.
    expect(await liar.submitHeld()).toMatchObject({ error: { message: expect.stringMatching(/AA25|nonce/i) } });
    expect(await token().balanceOf(recipient)).toBe(0n);
    expect(await devnetChain().getCode(account)).toBe(delegationCode(DELEGATOR_V08));
  } finally {
    await liar.stop();
  }
});
