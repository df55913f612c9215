/**
 * An account delegated (EIP-7702) to the wallet's DeleGator (DELEGATOR_V08) works as one delegated to
 * Simple7702Account: the firewall calls it the wallet's own, wallet_getCapabilities says atomic "supported", atomic and
 * sponsored batches run through its ERC-7821 execute without an upgrade step, and Revert to a plain account clears it.
 */
import { Interface, Wallet, parseEther, toQuantity, type HDNodeWallet } from 'ethers';
import { DELEGATOR_V08, delegationCode } from '../../src/shared/contracts';
import { chain, devnetWallet, fund, token } from '../fixtures/chain';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import type { BrowserSession } from '../driver/types';
import { ApprovalWindow } from '../pages/approval';
import { connect, finalStatus, sentId } from '../pages/flows';
import { WalletPopup } from '../pages/wallet';

const ERC20 = new Interface(['function transfer(address to, uint256 amount)']);
const DELEGATED = delegationCode(DELEGATOR_V08);
const DELEGATOR_NAME = /^Delegated to EIP7702StatelessDeleGator/;

/** The account's own EIP-7702 authorization to the DeleGator, sent (and paid) by a devnet account, as another wallet or a dapp's kit would. */
async function delegateToDeleGator(account: HDNodeWallet): Promise<void> {
  const owner = account.connect(chain());
  const authorization = await owner.authorize({ address: DELEGATOR_V08, nonce: await chain().getTransactionCount(owner.address, 'pending'), chainId: 31337n });
  const sender = devnetWallet(5);
  await (await sender.sendTransaction({ type: 4, to: sender.address, authorizationList: [authorization], gasLimit: 100_000 })).wait();
  expect(await chain().getCode(owner.address)).toBe(DELEGATED);
}

/** A new wallet whose first account holds `eth` and 1,000 TST and is delegated to the DeleGator while the popup is open. */
async function deleGatorWallet(session: BrowserSession, eth: bigint) {
  const account = Wallet.createRandom();
  await fund(account.address, eth, parseEther('1000'));
  const popup = await WalletPopup.open(session);
  await popup.importWallet(account.mnemonic!.phrase);
  await delegateToDeleGator(account);
  // The popup names the delegate once it reads the new code; the firewall, which looks at the same code, never warns.
  await popup.screen.click('Settings');
  await popup.screen.click('Account type (EIP-7702)');
  await popup.screen.waitForText('Account type', DELEGATOR_NAME);
  expect(await popup.screen.count(WalletPopup.foreignDelegation)).toBe(0);
  return { popup, address: account.address };
}

test('an account on the DeleGator: atomic "supported", an atomic batch runs without an upgrade, no firewall warning, and Revert to a plain account clears it', async ({ session, dapp }) => {
  const { popup, address } = await deleGatorWallet(session, parseEther('1'));
  const [from] = await connect(dapp, session);
  expect(from).toBe(address.toLowerCase());
  expect(await dapp.result('wallet_getCapabilities', [from, ['0x7a69']])).toMatchObject({ '0x7a69': { atomic: { status: 'supported' } } });

  const recipient = Wallet.createRandom().address;
  const calls = [
    { to: token().target as string, value: '0x0', data: ERC20.encodeFunctionData('transfer', [recipient, parseEther('1.5')]) },
    { to: recipient, value: toQuantity(parseEther('0.001')) },
  ];
  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true, calls }]);
  // No upgrade step: the account is already delegated to one of the wallet's delegates.
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitFor({ role: 'button', name: 'Approve' });
  expect(await approval.screen.count({ role: 'button', name: 'Upgrade account' })).toBe(0);
  expect(await approval.screen.count(WalletPopup.foreignDelegation)).toBe(0);
  // The preview simulates the calls from the account as it is (no delegation to lay over it).
  await approval.screen.waitForText('You send', /^1\.5 TST\s*0\.001 ETH$/);
  await approval.approve();
  const status = await finalStatus(dapp, sentId(await sending));
  expect(status).toMatchObject({ status: 200, atomic: true });
  expect(status.receipts).toHaveLength(1);
  expect(await token().balanceOf(recipient)).toBe(parseEther('1.5'));
  expect(await chain().getBalance(recipient)).toBe(parseEther('0.001'));
  expect(await chain().getCode(from)).toBe(DELEGATED);
  // Its one transaction called the DeleGator's ERC-7821 execute on the account itself.
  const sent = await chain().getTransaction(status.receipts[0].transactionHash);
  expect(sent).toMatchObject({ type: 2, to: address });
  expect(sent!.data.slice(0, 10)).toBe('0xe9ae5c53');

  await popup.screen.waitForText('Account type', DELEGATOR_NAME);
  expect(await popup.screen.count(WalletPopup.foreignDelegation)).toBe(0);
  await popup.screen.click('Revert to a plain account');
  const review = await ApprovalWindow.next(session);
  await review.screen.waitForText('Delegate', /^EIP7702StatelessDeleGator /);
  await review.approve();
  await popup.screen.waitForText('Account type', 'Plain account');
  expect(await chain().getCode(from)).toBe('0x');
  expect(await dapp.result('wallet_getCapabilities', [from, ['0x7a69']])).toMatchObject({ '0x7a69': { atomic: { status: 'ready' } } });
});

test('an account on the DeleGator with no ETH: a sponsored batch lands through EntryPoint v0.8, signed for the DeleGator, and the paymaster pays', ONE_BROWSER, async ({ session, dapp, devnet }) => {
  const { address } = await deleGatorWallet(session, 0n);
  const [from] = await connect(dapp, session);
  const recipient = Wallet.createRandom().address;
  const sending = dapp.request('wallet_sendCalls', [{
    version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true,
    calls: [{ to: devnet.addresses.testToken, value: '0x0', data: ERC20.encodeFunctionData('transfer', [recipient, 21n]) }],
    capabilities: { paymasterService: { url: devnet.paymasterUrl } },
  }]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Sponsor', `Sponsored by Devnet Paymaster (${new URL(devnet.paymasterUrl).origin})`);
  expect(await approval.screen.count({ role: 'button', name: 'Upgrade account' })).toBe(0);
  await approval.approve();
  const status = await finalStatus(dapp, sentId(await sending), 30_000);
  expect(status).toMatchObject({ status: 200, atomic: true });
  expect(await token().balanceOf(recipient)).toBe(21n);
  expect(await chain().getBalance(address)).toBe(0n);
  expect(await chain().getCode(address)).toBe(DELEGATED);
});
