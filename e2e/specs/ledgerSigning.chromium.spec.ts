/**
 * A Ledger account signs on the device (the devnet's emulator, which the devnet build reaches in place of WebHID): the
 * approval window's "Confirm on your Ledger" step, and what the site gets. Signatures are checked with
 * @metamask/eth-sig-util, as dapps check them; the send is read from the chain.
 */
import { SignTypedDataVersion, recoverPersonalSignature, recoverTypedSignature, type MessageTypes, type TypedMessage } from '@metamask/eth-sig-util';
import { HDNodeWallet, TypedDataEncoder, Wallet, getAddress, hexlify, parseEther, toQuantity, toUtf8Bytes, verifyMessage } from 'ethers';
import { DEVNET_MNEMONIC } from '../../devnet/constants';
import { chain, fund } from '../fixtures/chain';
import { FAULTY_CHAIN_ID, startFaultyChain } from '../fixtures/faultyChain';
import { expect, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import type { Dapp } from '../pages/dapp';
import { PASSWORD, WalletPopup } from '../pages/wallet';
import type { ChromiumScreen } from '../driver/chromium/screen';
import type { Screen } from '../driver/types';
import { pictureInBothThemes } from '../fixtures/axe';
import { expectNoOverflow } from '../fixtures/overflow';

/** Ledger Live's account 1 of the devnet phrase on the emulated device: not one of the wallet's phrase accounts. */
const PATH = "44'/60'/1'/0/0";
const LEDGER = HDNodeWallet.fromPhrase(DEVNET_MNEMONIC, undefined, `m/${PATH}`).address;

const typedData = TypedDataEncoder.getPayload(
  { name: 'Ether Mail', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  { Person: [{ name: 'name', type: 'string' }, { name: 'wallet', type: 'address' }], Mail: [{ name: 'from', type: 'Person' }, { name: 'to', type: 'Person' }, { name: 'contents', type: 'string' }] },
  { from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' }, to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }, contents: 'Hello, Bob!' },
) as TypedMessage<MessageTypes>;

/** Sets what the emulated device does next (locked, a refusal of the next confirmation), as `POST /state` takes it. */
async function device(url: string, state: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${url}/state`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(state) });
  if (!response.ok) throw new Error(`emulator /state: ${response.status} ${await response.text()}`);
}

/** A page request of the wallet's own pages, as the popup sends it. */
const pageRequest = (screen: Screen, method: string, params: unknown) =>
  screen.evaluate(async ([method, params]) => {
    const api = (globalThis as any).browser ?? (globalThis as any).chrome;
    return api.runtime.sendMessage({ type: 'page-request', method, params });
  }, [method, params] as const);

/** personal_sign from the site, Sign in its window: the window's Ledger step then runs on the device. */
async function personalSign(dapp: Dapp, session: Parameters<typeof ApprovalWindow.next>[0], text: string) {
  const outcome = dapp.request('personal_sign', [hexlify(toUtf8Bytes(text)), LEDGER]);
  const window = await ApprovalWindow.next(session);
  await window.press('Sign');
  return { outcome, window };
}

test('a Ledger account: personal_sign and typed data verified, an ETH send mined, a refusal on the device 4001, a locked device said then Try again', async ({ wallet, dapp, session, devnet }) => {
  await device(devnet.ledgerEmulatorUrl, { reset: true });
  await fund(LEDGER, parseEther('1'), 0n);
  expect(await pageRequest(wallet.screen, 'addLedgerAccounts', { accounts: [{ address: LEDGER, path: PATH, name: 'Ledger 1' }], password: PASSWORD })).toMatchObject({ result: [{ address: LEDGER }] });
  expect(await pageRequest(wallet.screen, 'selectAccount', { address: LEDGER })).toEqual({ result: null });
  const connecting = dapp.request('eth_requestAccounts');
  await (await ApprovalWindow.next(session)).connect();
  expect(await connecting).toEqual({ result: [LEDGER.toLowerCase()] });

  const signed = await personalSign(dapp, session, 'gm from a Ledger');
  await signed.window.screen.waitForClose();
  const { result: signature } = (await signed.outcome) as { result: string };
  expect(recoverPersonalSignature({ data: hexlify(toUtf8Bytes('gm from a Ledger')), signature })).toBe(LEDGER.toLowerCase());

  const typed = dapp.request('eth_signTypedData_v4', [LEDGER, JSON.stringify(typedData)]);
  const typedWindow = await ApprovalWindow.next(session);
  await typedWindow.press('Sign');
  await typedWindow.screen.waitForClose();
  const { result: typedSignature } = (await typed) as { result: string };
  expect(recoverTypedSignature({ data: typedData, signature: typedSignature, version: SignTypedDataVersion.V4 })).toBe(LEDGER.toLowerCase());

  const to = Wallet.createRandom().address;
  const sending = dapp.request('eth_sendTransaction', [{ from: LEDGER, to, value: `0x${parseEther('0.01').toString(16)}` }]);
  // Locked first, so the step stays on screen for its picture (`npm run screens`): what the device will show, and what to do.
  await device(devnet.ledgerEmulatorUrl, { locked: true });
  const sendWindow = await ApprovalWindow.next(session);
  await sendWindow.press('Approve');
  await sendWindow.screen.waitForText('Ledger', /^Your Ledger is locked/);
  const { page } = sendWindow.screen as ChromiumScreen;
  await expectNoOverflow(sendWindow.screen, 'approval confirm-on-ledger');
  await page.setViewportSize({ width: 380, height: 640 });
  await pictureInBothThemes(page, 'approval-confirm-on-ledger');
  await device(devnet.ledgerEmulatorUrl, { locked: false });
  await sendWindow.press('Try again');
  const { result: hash } = (await sending) as { result: string };
  expect((await chain().waitForTransaction(hash))?.status).toBe(1);
  expect(await chain().getBalance(to)).toBe(parseEther('0.01'));

  await device(devnet.ledgerEmulatorUrl, { refuseNext: true });
  const refused = await personalSign(dapp, session, 'refused on the device');
  await refused.window.screen.waitForClose();
  expect(await refused.outcome).toMatchObject({ error: { code: 4001 } });

  await device(devnet.ledgerEmulatorUrl, { locked: true });
  const locked = await personalSign(dapp, session, 'signed once unlocked');
  await locked.window.screen.waitFor({ role: 'heading', name: 'Confirm on your Ledger' });
  await locked.window.screen.waitForText('Ledger', 'Your Ledger is locked: enter its PIN, open the Ethereum app, then try again.');
  await device(devnet.ledgerEmulatorUrl, { locked: false });
  await locked.window.press('Try again');
  await locked.window.screen.waitForClose();
  const { result: unlocked } = (await locked.outcome) as { result: string };
  expect(recoverPersonalSignature({ data: hexlify(toUtf8Bytes('signed once unlocked')), signature: unlocked })).toBe(LEDGER.toLowerCase());
});

test("a Ledger account: wallet_connect's sign-in signed on the device and verified; a pending transaction sped up on the device, the replacement mined", async ({ wallet, dapp, session, devnet }) => {
  await device(devnet.ledgerEmulatorUrl, { reset: true });
  expect(await pageRequest(wallet.screen, 'addLedgerAccounts', { accounts: [{ address: LEDGER, path: PATH, name: 'Ledger 1' }], password: PASSWORD })).toMatchObject({ result: [{ address: LEDGER }] });
  expect(await pageRequest(wallet.screen, 'selectAccount', { address: LEDGER })).toEqual({ result: null });

  const connecting = dapp.request('wallet_connect', [{ version: '1', capabilities: { signInWithEthereum: { nonce: 'n0nce1234', statement: 'Sign in with a Ledger' } } }]);
  await (await ApprovalWindow.next(session)).connectAndSignIn();
  const { result } = (await connecting) as { result: { accounts: { address: string; capabilities: { signInWithEthereum: { message: string; signature: string } } }[] } };
  const [{ address, capabilities }] = result.accounts;
  expect(getAddress(address)).toBe(LEDGER);
  expect(capabilities.signInWithEthereum.message).toContain(`${LEDGER}\n\nSign in with a Ledger`);
  expect(verifyMessage(capabilities.signInWithEthereum.message, capabilities.signInWithEthereum.signature)).toBe(LEDGER);

  // A chain of its own whose blocks come only from anvil_mine, so the send stays pending until the test mines.
  const held = await startFaultyChain();
  try {
    await held.send('evm_setIntervalMining', [0]);
    await held.send('anvil_setBalance', [LEDGER, toQuantity(parseEther('1'))]);
    const adding = dapp.request('wallet_addEthereumChain', [{ chainId: FAULTY_CHAIN_ID, chainName: 'Faulty devnet', rpcUrls: [held.proxy.url], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }]);
    await (await ApprovalWindow.next(session)).approve();
    expect(await adding).toEqual({ result: null });
    const to = Wallet.createRandom().address;
    const sending = dapp.request('eth_sendTransaction', [{ from: LEDGER, to, value: toQuantity(parseEther('0.01')) }]);
    await (await ApprovalWindow.next(session)).approve();
    const { result: original } = (await sending) as { result: string };
    expect(await held.provider.getTransactionReceipt(original)).toBeNull();

    const popup = await WalletPopup.open(session);
    await popup.waitForActivityStatuses(['Pending']);
    await popup.replacePending('Speed up');
    await (await ApprovalWindow.next(session)).approve();
    await popup.waitForTransactionStatuses(['Replaced', 'Pending']);
    await held.send('anvil_mine', ['0x1']);
    const block = await held.provider.getBlock('latest');
    expect(block?.transactions).toHaveLength(1);
    const replacement = await held.provider.getTransaction(block!.transactions[0]);
    expect({ hash: replacement?.hash === original, from: replacement?.from, to: replacement?.to, nonce: replacement?.nonce }).toEqual({ hash: false, from: LEDGER, to, nonce: 0 });
    expect(await held.provider.getBalance(to)).toBe(parseEther('0.01'));
  } finally {
    await held.stop();
  }
});
