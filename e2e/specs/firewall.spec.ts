/**
 * The delegation firewall: an account delegated (EIP-7702) from outside the wallet to a contract it did not choose
 * shows a red banner in the popup and in the next approval, and is reverted to a plain account with the gas paid by
 * another account of the wallet, even once drained of its ETH.
 */
import { HDNodeWallet, Mnemonic, Wallet, getAddress, parseEther, toQuantity } from 'ethers';
import { chain, devnetWallet, fund } from '../fixtures/chain';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { WalletPopup } from '../pages/wallet';
import { poll } from '../driver/poll';

const DELEGATE_TARGET = { name: 'Foreign delegate', in: WalletPopup.foreignDelegation };

test('a delegation made outside the wallet is shown in the popup and the next approval, and reverted with gas paid by another account', ONE_BROWSER, async ({ session, dapp, devnet }) => {
  const phrase = Wallet.createRandom().mnemonic!.phrase;
  const [a, b] = [0, 1].map((i) => HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(phrase), `m/44'/60'/0'/0/${i}`).connect(chain()));
  await fund(a.address, parseEther('1'), 0n);
  await fund(b.address, parseEther('2'), 0n);
  const popup = await WalletPopup.open(session);
  await popup.importWallet(phrase);
  await popup.addAccount();
  await popup.screen.waitForCount(WalletPopup.foreignDelegation, 0);

  // Outside the wallet: account A's key signs an authorization to the test token, and an anvil account sends it.
  const drainer = getAddress(devnet.addresses.testToken);
  const authorization = await a.authorize({ address: drainer, nonce: await a.provider!.getTransactionCount(a.address, 'pending'), chainId: 31337n });
  const outsider = devnetWallet(5);
  await (await outsider.sendTransaction({ type: 4, to: outsider.address, authorizationList: [authorization], gasLimit: 100_000 })).wait();
  expect(await chain().getCode(a.address)).toBe(`0xef0100${drainer.slice(2).toLowerCase()}`);

  await popup.screen.waitForText(DELEGATE_TARGET, drainer);
  await popup.screen.waitForText(WalletPopup.foreignDelegation, /^Account 1 \(/);

  // The next approval shows it too; atomic batches are refused for that account, as EIP-5792 asks (5760).
  const connecting = dapp.request('eth_requestAccounts');
  const connect = await ApprovalWindow.next(session);
  await connect.screen.waitForText(DELEGATE_TARGET, drainer);
  await connect.connect();
  expect(await connecting).toEqual({ result: [a.address.toLowerCase()] });
  expect(await dapp.result('wallet_getCapabilities', [a.address, ['0x7a69']])).toMatchObject({ '0x7a69': { atomic: { status: 'unsupported' } } });
  const atomic = await dapp.request('wallet_sendCalls', [
    { version: '2.0.0', from: a.address, chainId: '0x7a69', atomicRequired: true, calls: [{ to: b.address, value: toQuantity(1n) }] },
  ]);
  expect(atomic).toMatchObject({ error: { code: 5760 } });

  // Drained: account A cannot pay for its own revert, so account B (the one with the most ETH) does.
  await chain().send('anvil_setBalance', [a.address, '0x0']);
  const bBefore = await chain().getBalance(b.address);
  await popup.screen.click('Revert to a plain account');
  const review = await ApprovalWindow.next(session);
  await review.screen.waitForText('Delegate', drainer);
  await review.screen.waitForText('Paid by', `Account 2 (${b.address.slice(0, 6)}…${b.address.slice(-4)})`);
  await review.revert();

  await poll('account A to be plain again', async () => ((await chain().getCode(a.address)) === '0x' ? true : undefined));
  await popup.screen.waitForCount(WalletPopup.foreignDelegation, 0);
  expect(await chain().getBalance(a.address)).toBe(0n);
  expect(await chain().getBalance(b.address)).toBeLessThan(bBefore);
  expect(await dapp.result('wallet_getCapabilities', [a.address, ['0x7a69']])).toMatchObject({ '0x7a69': { atomic: { status: 'ready' } } });
  await popup.waitForActivityStatuses([/^(Pre-confirmed|Confirmed)$/]);

  // And the next approval has no banner.
  const signing = dapp.request('personal_sign', ['0x68656c6c6f', a.address]);
  const sign = await ApprovalWindow.next(session);
  await sign.screen.waitFor({ role: 'button', name: 'Sign' });
  expect(await sign.screen.count(WalletPopup.foreignDelegation)).toBe(0);
  await sign.reject();
  expect(await signing).toMatchObject({ error: { code: 4001 } });
});
