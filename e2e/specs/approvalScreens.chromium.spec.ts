/**
 * Every approval screen at the window's size (380 × 640): pictured for the README (`npm run screens`), and checked with
 * axe (no serious or critical accessibility violations). Chromium only: axe runs through Playwright's page.
 */
import { Interface, Wallet, getAddress, parseEther, toQuantity } from 'ethers';
import { REGISTRY_STAND_INS, TEST_PERMIT_TOKEN_ADDRESS } from '../../devnet/constants';
import type { ChromiumScreen } from '../driver/chromium/screen';
import { pictureInBothThemes } from '../fixtures/axe';
import { expectNoOverflow } from '../fixtures/overflow';
import { chain, mintCollectible } from '../fixtures/chain';
import { batchOn, onFaultyChain, startFaultyChain } from '../fixtures/faultyChain';
import { permit2Single, seaportListing } from '../fixtures/permits';
import { expect, test } from '../fixtures/test';
import { USDC, importUsdcWallet, usdc } from '../fixtures/usdc';
import { ApprovalWindow } from '../pages/approval';
import { Dapp } from '../pages/dapp';
import { connect, finalStatus, sentId } from '../pages/flows';

const ERC20 = new Interface(['function transfer(address to, uint256 amount)']);
const APPROVE = new Interface(['function approve(address spender, uint256 amount)']);
const ONE_INCH = new Interface(['function swap(address executor, (address srcToken, address dstToken, address srcReceiver, address dstReceiver, uint256 amount, uint256 minReturnAmount, uint256 flags) desc, bytes data)']);
const RECIPIENT = Wallet.createRandom().address;

/** Checks the window for overflow at the popup's sizes, sizes it, pictures it and checks it with axe in both themes, and hands it back to be answered. */
async function capture(approval: ApprovalWindow, name: string): Promise<void> {
  const screen = approval.screen as ChromiumScreen;
  const { page } = screen;
  // The arm delay's disabled buttons would be in the picture otherwise.
  await expect(await screen.whenEnabled(page.getByRole('button').first())).toBeEnabled();
  await expectNoOverflow(screen, `approval ${name}`);
  await page.setViewportSize({ width: 380, height: 640 });
  await pictureInBothThemes(page, `approval-${name}`);
}

async function ask(dapp: Dapp, session: Parameters<typeof ApprovalWindow.next>[0], method: string, params: unknown[]) {
  const answer = dapp.request(method, params);
  return { approval: await ApprovalWindow.next(session), answer };
}

test('every approval screen, pictured and checked with axe', async ({ freshWallet, dapp, session, devnet }) => {
  // Nineteen screens, each with two axe runs (light and dark): past the default 60 s on a busy machine.
  test.setTimeout(120_000);
  void freshWallet;
  let { approval, answer } = await ask(dapp, session, 'eth_requestAccounts', []);
  await capture(approval, 'connect');
  await approval.connect();
  const [from] = (await answer as { result: string[] }).result;

  const signIn = { nonce: '8f3kq2xv7pl', chainId: '0x7a69', statement: 'Sign in to the demo dapp' };
  ({ approval, answer } = await ask(dapp, session, 'wallet_connect', [{ version: '1', capabilities: { signInWithEthereum: signIn } }]));
  await capture(approval, 'connect-sign-in');
  await approval.reject();
  expect(await answer).toMatchObject({ error: { code: 4001 } });

  const transfer = (amount: bigint) => ({ to: devnet.addresses.testToken, value: '0x0', data: ERC20.encodeFunctionData('transfer', [RECIPIENT, amount]) });
  const batch = (calls: unknown[], extra: Record<string, unknown> = {}) => [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true, calls, ...extra }];

  ({ approval, answer } = await ask(dapp, session, 'wallet_sendCalls', batch([transfer(parseEther('1.5')), { to: RECIPIENT, value: toQuantity(parseEther('0.001')) }])));
  await approval.screen.waitFor({ role: 'heading', name: 'Upgrade your account?' });
  await capture(approval, 'upgrade');
  await approval.acceptUpgrade();
  await approval.screen.waitForText('You send', /TST/);
  await capture(approval, 'batch');
  await approval.reject();
  expect(await answer).toMatchObject({ error: { code: 4001 } });

  ({ approval, answer } = await ask(dapp, session, 'wallet_sendCalls', batch([transfer(1n), transfer(parseEther('5000'))], { atomicRequired: false })));
  await approval.screen.waitFor({ role: 'alert', name: 'Revert' });
  await capture(approval, 'batch-revert');
  await approval.reject();
  expect(await answer).toMatchObject({ error: { code: 4001 } });

  ({ approval, answer } = await ask(dapp, session, 'wallet_sendCalls', batch([transfer(parseEther('2'))], { capabilities: { paymasterService: { url: devnet.paymasterUrl } } })));
  await approval.acceptUpgrade();
  await approval.screen.waitForText('Fee', /paid by/);
  await capture(approval, 'sponsored');
  await approval.reject();
  expect(await answer).toMatchObject({ error: { code: 4001 } });

  ({ approval, answer } = await ask(dapp, session, 'eth_sendTransaction', [{ from, to: RECIPIENT, value: toQuantity(parseEther('0.25')) }]));
  await approval.screen.waitFor('You send');
  await capture(approval, 'send-transaction');
  await approval.reject();
  expect(await answer).toMatchObject({ error: { code: 4001 } });

  ({ approval, answer } = await ask(dapp, session, 'personal_sign', ['0x48656c6c6f2c20776f726c64', from]));
  await capture(approval, 'sign-message');
  await approval.reject();
  expect(await answer).toMatchObject({ error: { code: 4001 } });

  const typedData = {
    types: {
      EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }],
      Mail: [{ name: 'to', type: 'string' }, { name: 'contents', type: 'string' }],
    },
    primaryType: 'Mail',
    domain: { name: 'Ether Mail', chainId: 31337 },
    message: { to: 'Bob', contents: 'Hello, Bob!' },
  };
  ({ approval, answer } = await ask(dapp, session, 'eth_signTypedData_v4', [from, JSON.stringify(typedData)]));
  await capture(approval, 'typed-data');
  await approval.reject();
  expect(await answer).toMatchObject({ error: { code: 4001 } });

  // Clear signing: a Permit, Permit2's PermitSingle and a Seaport listing in words with their dangers, and a personal_sign of a hash.
  const permit = {
    types: {
      EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }],
      Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }],
    },
    primaryType: 'Permit',
    domain: { name: 'Test Token', version: '1', chainId: 31337, verifyingContract: devnet.addresses.testToken },
    message: { owner: from, spender: RECIPIENT, value: (2n ** 256n - 1n).toString(), nonce: 0, deadline: 4102444800 },
  };
  ({ approval, answer } = await ask(dapp, session, 'eth_signTypedData_v4', [from, JSON.stringify(permit)]));
  await approval.screen.waitForText('Amount', 'Unlimited TST');
  await capture(approval, 'sign-permit');
  await approval.reject();
  expect(await answer).toMatchObject({ error: { code: 4001 } });

  ({ approval, answer } = await ask(dapp, session, 'eth_signTypedData_v4', [from, JSON.stringify(permit2Single(devnet.addresses.testToken, RECIPIENT))]));
  await approval.screen.waitForText('Amount', 'Unlimited TST');
  await capture(approval, 'sign-permit2');
  await approval.reject();
  expect(await answer).toMatchObject({ error: { code: 4001 } });

  const listed = await mintCollectible(from);
  ({ approval, answer } = await ask(dapp, session, 'eth_signTypedData_v4', [from, JSON.stringify(seaportListing(from, devnet.addresses.testCollectible, listed, parseEther('0.0001')))]));
  await approval.screen.waitForText('Payment', '0.0001 ETH');
  await capture(approval, 'sign-seaport-listing');
  await approval.reject();
  expect(await answer).toMatchObject({ error: { code: 4001 } });

  // A swap in the ERC-7730 registry's words (1inch's router descriptor, bound at the devnet's stand-in).
  // The router may take the tokens already (approved outside the picture), so the preview shows the swap, not a revert.
  const router = REGISTRY_STAND_INS.oneInchRouter;
  const [sent, least] = [parseEther('2'), parseEther('1.9')];
  await chain().send('anvil_impersonateAccount', [from]);
  await (await (await chain().getSigner(from)).sendTransaction({ to: devnet.addresses.testToken, data: APPROVE.encodeFunctionData('approve', [router, sent]) })).wait();
  await chain().send('anvil_stopImpersonatingAccount', [from]);
  const desc = [devnet.addresses.testToken, TEST_PERMIT_TOKEN_ADDRESS, router, from, sent, least, 0];
  ({ approval, answer } = await ask(dapp, session, 'eth_sendTransaction', [{ from, to: router, data: ONE_INCH.encodeFunctionData('swap', [router, desc, '0x']) }]));
  await approval.screen.waitForText('Minimum to Receive', '1.9 TPT');
  await capture(approval, 'swap-in-words');
  await approval.reject();
  expect(await answer).toMatchObject({ error: { code: 4001 } });

  ({ approval, answer } = await ask(dapp, session, 'personal_sign', [`0x${'ab'.repeat(32)}`, from]));
  await capture(approval, 'sign-hash');
  await approval.reject();
  expect(await answer).toMatchObject({ error: { code: 4001 } });

  ({ approval, answer } = await ask(dapp, session, 'wallet_watchAsset', [{ type: 'ERC20', options: { address: devnet.addresses.testToken, symbol: 'TST', decimals: 18 } }]));
  await capture(approval, 'add-token');
  await approval.cancel();
  expect(await answer).toMatchObject({ error: { code: 4001 } });

  const tokenId = await mintCollectible(from);
  ({ approval, answer } = await ask(dapp, session, 'wallet_watchAsset', [{ type: 'ERC721', options: { address: devnet.addresses.testCollectible, tokenId } }]));
  await approval.screen.waitForText('Token ID', tokenId);
  await capture(approval, 'add-collectible');
  await approval.cancel();
  expect(await answer).toMatchObject({ error: { code: 4001 } });

  // The wallet's own request: Revert to a plain account, once an approved atomic batch upgraded the account.
  ({ approval, answer } = await ask(dapp, session, 'wallet_sendCalls', batch([{ to: RECIPIENT, value: '0x1' }])));
  await approval.acceptUpgrade();
  await approval.approve();
  expect((await finalStatus(dapp, sentId(await answer))).status).toBe(200);
  const { popup } = freshWallet;
  await popup.screen.click('Settings');
  await popup.screen.click('Account type (EIP-7702)');
  await popup.screen.click('Revert to a plain account');
  approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Fee', /^Fee up to/);
  await capture(approval, 'revoke-delegation');
  await approval.reject();
});

test('the protection warnings, pictured and checked with axe', async ({ freshWallet, session, devnet }) => {
  const at = async (hostname: string) => {
    const url = new URL(devnet.dappUrl);
    url.hostname = hostname;
    return Dapp.open(session, url.href);
  };
  // Listed by the devnet build (src/background/protection/phishingList.ts).
  const listed = await at('phishing-test.localhost');
  let { approval, answer } = await ask(listed, session, 'eth_requestAccounts', []);
  await approval.screen.waitFor({ role: 'alert', name: 'Phishing warning' });
  await capture(approval, 'phishing');
  await approval.backToSafety();
  expect(await answer).toMatchObject({ error: { code: 4001 } });

  // "оpensea.io" with a Cyrillic о, under .localhost so that it reaches the dapp server.
  const lookAlike = await at('xn--pensea-vqf.io.localhost');
  ({ approval, answer } = await ask(lookAlike, session, 'eth_requestAccounts', []));
  await approval.screen.waitFor({ role: 'alert', name: 'Look-alike site' });
  await capture(approval, 'lookalike-site');
  await approval.connect();
  const [from] = (await answer as { result: string[] }).result;

  // The wallet's own account with another middle: address poisoning.
  const poison = getAddress(`${from.slice(0, 6)}${'0'.repeat(32)}${from.slice(-4)}`);
  ({ approval, answer } = await ask(lookAlike, session, 'eth_sendTransaction', [{ from, to: poison, value: toQuantity(parseEther('0.01')) }]));
  await approval.screen.waitFor({ role: 'alert', name: 'Look-alike address' });
  await approval.screen.waitFor('You send');
  await capture(approval, 'lookalike-recipient');
  await approval.reject();
  expect(await answer).toMatchObject({ error: { code: 4001 } });

  const fake = Wallet.createRandom().address;
  await chain().send('anvil_setCode', [fake, await chain().getCode(devnet.addresses.testToken)]);
  ({ approval, answer } = await ask(lookAlike, session, 'wallet_watchAsset', [{ type: 'ERC20', options: { address: fake, symbol: 'TST', decimals: 18 } }]));
  await approval.screen.waitFor({ role: 'alert', name: 'Look-alike token' });
  await capture(approval, 'lookalike-token');
  await approval.cancel();
  expect(await answer).toMatchObject({ error: { code: 4001 } });
  void freshWallet;
});

test('a batch whose fee can be paid in USDC: the switch and the fee line, pictured and checked with axe', async ({ session, dapp }) => {
  await importUsdcWallet(session, 100n * USDC, parseEther('1'));
  const [from] = await connect(dapp, session);
  const call = { to: await usdc().getAddress(), value: '0x0', data: ERC20.encodeFunctionData('transfer', [RECIPIENT, 10n * USDC]) };
  const { approval, answer } = await ask(dapp, session, 'wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true, calls: [call] }]);
  await approval.acceptUpgrade();
  await approval.screen.check({ role: 'radio', name: 'Pay the fee in USDC' });
  await approval.screen.waitForText('Fee in USDC', /^Network fee: ≈ \d+\.\d+ USDC \(at most \d+\.\d+ USDC\)$/);
  await capture(approval, 'usdc-fee');
  await approval.reject();
  expect(await answer).toMatchObject({ error: { code: 4001 } });
});

test('the window while a batch is planned, pictured and checked with axe', async ({ session, dapp }) => {
  // The faulty chain's proxy holds the gas estimate, so the plan outlasts its grace and the window opens on it.
  const faulty = await startFaultyChain();
  try {
    const account = await onFaultyChain(session, dapp, faulty);
    faulty.proxy.set('eth_estimateGas', 'hold');
    const answer = dapp.request('wallet_sendCalls', batchOn(account.address, 'pictured', [{ to: RECIPIENT, value: '0x1' }]));
    const approval = await ApprovalWindow.next(session);
    await approval.screen.waitFor({ role: 'heading', name: 'Preparing the request' });
    await capture(approval, 'planning');
    await approval.reject();
    await faulty.proxy.release('eth_estimateGas', 'node');
    expect(await answer).toMatchObject({ error: { code: 4001 } });
  } finally {
    await faulty.stop();
  }
});
