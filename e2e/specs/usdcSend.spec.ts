/**
 * Fees in USDC from the wallet's side (issue 45): what wallet_getCapabilities says of them per chain, the popup's Send
 * paying its fee in USDC, and Activity showing the fee the paymaster took.
 */
import { Wallet, parseUnits } from 'ethers';
import { startAnvil, type Anvil } from '../../devnet/anvil';
import type { BrowserSession } from '../driver/types';
import { chain, fund } from '../fixtures/chain';
import { devnetInfo } from '../fixtures/devnetInfo';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { USDC, importUsdcWallet, usdc as usdcToken } from '../fixtures/usdc';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';
import type { WalletPopup } from '../pages/wallet';
import { SendScreen } from '../pages/send';

/** "0.31" of a line, in token units. */
const unitsOf = (text: string): bigint => parseUnits(text, 6);

/** The Send form's fee line when only USDC covers the fee; returns its "at most", in token units. */
async function usdcOnlyFeeCap(popup: WalletPopup): Promise<bigint> {
  const feeLine = /^Network fee: ≈ (\d+\.\d+) USDC \(at most (\d+\.\d+) USDC\), paid in USDC: the ETH held does not cover it$/;
  await popup.screen.waitForText('Network fee', feeLine);
  return unitsOf(feeLine.exec(await popup.screen.text('Network fee'))![2]);
}

/**
 * The review of a plain account's Send paid in USDC, approved: the upgrade is the userOp's own (eip7702Auth), its
 * first step in the same window; the review then opens on USDC (the wallet's own walletFeeSource) with its fee line.
 */
async function approveInUsdc(session: BrowserSession): Promise<void> {
  const approval = await ApprovalWindow.next(session);
  await approval.acceptUpgrade();
  await approval.screen.waitForText('Fee in USDC', /^Network fee: ≈ \d+\.\d+ USDC \(at most \d+\.\d+ USDC\)$/);
  await approval.approve();
}

const OTHER_CHAIN = '0x7a6c';
const OTHER_PORT = 8549;

test.describe('alternateGasFees', () => {
  let anvil: Anvil;
  test.beforeAll(async () => {
    anvil = await startAnvil({ port: OTHER_PORT, chainId: Number(OTHER_CHAIN) });
  });
  test.afterAll(async () => anvil.stop());

  test('wallet_getCapabilities: supported on the devnet, whose USDC paymaster has code; not on an added chain without one', ONE_BROWSER, async ({ freshWallet, dapp, session }) => {
    void freshWallet;
    const [from] = await connect(dapp, session);
    expect(await dapp.result('wallet_getCapabilities', [from, ['0x7a69']])).toMatchObject({ '0x7a69': { alternateGasFees: { supported: true } } });

    const adding = dapp.request('wallet_addEthereumChain', [{ chainId: OTHER_CHAIN, chainName: 'Devnet without USDC fees', rpcUrls: [anvil.rpcUrl], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }]);
    await (await ApprovalWindow.next(session)).approve();
    expect(await adding).toEqual({ result: null });
    expect(await dapp.result('wallet_getCapabilities', [from, [OTHER_CHAIN]])).toMatchObject({ [OTHER_CHAIN]: { atomic: { status: 'ready' }, alternateGasFees: { supported: false } } });
  });
});

test('0 ETH and 100 USDC: Send says the fee will be paid in USDC, the recipient gets 10 USDC, the sender pays 10 plus a fee within the quoted maximum, and Activity shows that fee', ONE_BROWSER, async ({ session }) => {
  const { popup, address } = await importUsdcWallet(session, 100n * USDC);
  await popup.addToken(devnetInfo().addresses.usdc);
  await popup.waitForTokenBalance('USDC', '100 USDC');
  const recipient = Wallet.createRandom().address;
  const send = await SendScreen.open(popup.screen);
  await send.chooseAsset('USDC');
  await send.recipient(recipient);
  await send.amount('10');
  const atMost = await usdcOnlyFeeCap(popup);
  await send.review();
  await approveInUsdc(session);

  await expect.poll(() => usdcToken().balanceOf(recipient), { timeout: 30_000 }).toBe(10n * USDC);
  await expect.poll(() => usdcToken().balanceOf(address)).toBeLessThan(90n * USDC);
  const fee = 90n * USDC - ((await usdcToken().balanceOf(address)) as bigint);
  expect(fee).toBeGreaterThan(0n);
  expect(fee).toBeLessThanOrEqual(atMost);
  expect(await chain().getBalance(address)).toBe(0n);

  await popup.waitForOnlyActivityStatus('Confirmed');
  const paid = /^Network fee: (\d+\.\d+) USDC$/;
  await popup.screen.waitForText({ name: 'Network fee', in: 'Activity' }, paid);
  const shown = unitsOf(paid.exec(await popup.screen.text({ name: 'Network fee', in: 'Activity' }))![1]);
  // Rounded up to the cent: never less than what was taken.
  expect(shown).toBeGreaterThanOrEqual(fee);
  expect(shown - fee).toBeLessThan(USDC / 100n);
});

test('neither ETH nor USDC covers the fee: the form says why for each, and Review stays disabled', ONE_BROWSER, async ({ session }) => {
  const { popup, address } = await importUsdcWallet(session, 0n);
  await fund(address, 0n, parseUnits('5', 18));
  await popup.addToken(devnetInfo().addresses.testToken);
  await popup.waitForTokenBalance('TST', '5 TST');
  const send = await SendScreen.open(popup.screen);
  await send.chooseAsset('TST');
  await send.recipient(Wallet.createRandom().address);
  await send.amount('1');
  await expect.poll(() => popup.screen.texts({ role: 'alert', in: 'Fee checks' })).toEqual([
    expect.stringMatching(/^Not enough ETH for the network fee: it can take up to [\d.]+ ETH$/),
    'Not enough USDC: the account holds none',
  ]);
  expect(await send.isReviewEnabled()).toBe(false);
});

test('ETH and USDC both cover the fee: the form offers the choice, ETH first as before; USDC picked, the review opens on USDC and no ETH is spent', ONE_BROWSER, async ({ session }) => {
  const { popup, address } = await importUsdcWallet(session, 100n * USDC, parseUnits('1', 18));
  await popup.addToken(devnetInfo().addresses.usdc);
  await popup.waitForTokenBalance('USDC', '100 USDC');
  const recipient = Wallet.createRandom().address;
  const send = await SendScreen.open(popup.screen);
  await send.chooseAsset('USDC');
  await send.recipient(recipient);
  await send.amount('10');
  await send.waitForFee();
  await popup.screen.check({ role: 'radio', name: 'USDC' });
  await popup.screen.waitForText('Network fee', /^Network fee: ≈ \d+\.\d+ USDC \(at most \d+\.\d+ USDC\), paid in USDC$/);
  await popup.screen.check({ role: 'radio', name: 'ETH' });
  await send.waitForFee();
  await popup.screen.check({ role: 'radio', name: 'USDC' });
  await send.review();

  // Both work there too; the wallet's own request opens it on USDC.
  await approveInUsdc(session);
  await expect.poll(() => usdcToken().balanceOf(recipient), { timeout: 30_000 }).toBe(10n * USDC);
  expect(await chain().getBalance(address)).toBe(parseUnits('1', 18));
});

test('all of its ETH sent, the fee paid in USDC: the recipient gets every wei, the sender keeps no ETH and pays the fee in USDC', ONE_BROWSER, async ({ session }) => {
  const held = parseUnits('0.01', 18);
  const { popup, address } = await importUsdcWallet(session, 100n * USDC, held);
  const recipient = Wallet.createRandom().address;
  const send = await SendScreen.open(popup.screen);
  await send.chooseAsset('ETH');
  await send.recipient(recipient);
  await send.amount('0.01');
  const atMost = await usdcOnlyFeeCap(popup);
  await send.review();
  await approveInUsdc(session);

  await expect.poll(() => chain().getBalance(recipient), { timeout: 30_000 }).toBe(held);
  expect(await chain().getBalance(address)).toBe(0n);
  const fee = 100n * USDC - ((await usdcToken().balanceOf(address)) as bigint);
  expect(fee).toBeGreaterThan(0n);
  expect(fee).toBeLessThanOrEqual(atMost);
});
