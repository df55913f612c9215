/** Network fees paid in USDC (issue 45): a site's wallet_sendCalls from an account with no ETH, through Alto and the devnet's USDC paymaster. */
import { Interface, Wallet, parseEther } from 'ethers';
import { SIMPLE_7702_ACCOUNT_ADDRESS } from '../../devnet/constants';
import { chain } from '../fixtures/chain';
import { USDC, importUsdcWallet, movePrice, usdc } from '../fixtures/usdc';
import { expect, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import type { Dapp } from '../pages/dapp';
import { connect, finalStatus, sentId } from '../pages/flows';
import type { BrowserSession } from '../driver/types';

const ERC20 = new Interface(['function transfer(address to, uint256 amount)']);
const FEE_LINE = /^Network fee: ≈ \d+\.\d+ USDC \(at most (\d+\.\d+) USDC\)$/;

/** A site's atomic batch: `amount` of USDC to `to`. */
const usdcTransfer = (from: string, to: string, amount: bigint) => [{
  version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true,
  calls: [{ to: usdc().target as string, value: '0x0', data: ERC20.encodeFunctionData('transfer', [to, amount]) }],
}];

/** "0.60" as token units. */
function units(shown: string): bigint {
  const [whole, fraction] = shown.split('.');
  return BigInt(whole) * USDC + BigInt(fraction.padEnd(6, '0'));
}

/** The site asks for a transfer of 10 USDC; the screen is shown up to its fee line, whose maximum is answered. */
async function askTransfer(session: BrowserSession, dapp: Dapp, recipient: string) {
  const [from] = await connect(dapp, session);
  const sending = dapp.request('wallet_sendCalls', usdcTransfer(from, recipient, 10n * USDC));
  const approval = await ApprovalWindow.next(session);
  await approval.acceptUpgrade();
  await approval.screen.waitForText('Fee in USDC', FEE_LINE);
  const maximum = units(FEE_LINE.exec(await approval.screen.text('Fee in USDC'))![1]);
  return { from, sending, approval, maximum };
}

test.describe('fees in USDC', () => {
  test('an account with no ETH and 100 USDC sends 10 USDC: the fee line, status 200, the fee within the maximum shown', async ({ session, dapp }) => {
    const { address } = await importUsdcWallet(session, 100n * USDC);
    const recipient = Wallet.createRandom().address;
    const { sending, approval, maximum } = await askTransfer(session, dapp, recipient);
    await approval.approve();
    const status = await finalStatus(dapp, sentId(await sending), 30_000);
    expect(status).toMatchObject({ status: 200, atomic: true });
    expect(await usdc().balanceOf(recipient)).toBe(10n * USDC);
    const fee = 90n * USDC - (await usdc().balanceOf(address));
    expect(fee).toBeGreaterThan(0n);
    expect(fee).toBeLessThanOrEqual(maximum);
    expect(await chain().getBalance(address)).toBe(0n);
    expect(await chain().getCode(address)).toBe(`0xef0100${SIMPLE_7702_ACCOUNT_ADDRESS.slice(2).toLowerCase()}`);
  });

  test('the price moved 5% past the cap between the screen and Approve: a clear error, nothing signed, the USDC unchanged', async ({ session, dapp }) => {
    const { address } = await importUsdcWallet(session, 100n * USDC);
    const { sending, approval } = await askTransfer(session, dapp, Wallet.createRandom().address);
    const restore = await movePrice(5n);
    try {
      await approval.approve();
      expect(await sending).toEqual({
        error: { code: 4300, message: expect.stringMatching(/^The network fee would exceed the approved maximum of \d+\.\d+ USDC: it could now take up to \d+\.\d+ USDC; nothing was signed or sent$/) },
      });
    } finally {
      await restore();
    }
    expect(await usdc().balanceOf(address)).toBe(100n * USDC);
    expect(await chain().getCode(address)).toBe('0x');
  });

  test('with neither ETH nor USDC the screen says why and Approve stays disabled', async ({ session, dapp }) => {
    await importUsdcWallet(session, 0n);
    const [from] = await connect(dapp, session);
    // A call that moves no USDC, so it runs as estimated: only its fee is left to pay.
    const sending = dapp.request('wallet_sendCalls', usdcTransfer(from, Wallet.createRandom().address, 0n));
    const approval = await ApprovalWindow.next(session);
    await approval.acceptUpgrade();
    await approval.screen.waitForText('The fee cannot be paid', /Not enough ETH: .*; Not enough USDC: the account holds none/);
    expect(await approval.screen.isEnabled('Approve')).toBe(false);
    await approval.reject();
    expect(await sending).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
  });

  test('an account with ETH and USDC picks either: USDC once, then ETH', async ({ session, dapp }) => {
    const { address } = await importUsdcWallet(session, 100n * USDC, parseEther('1'));
    const [from] = await connect(dapp, session);
    const recipient = Wallet.createRandom().address;

    const inUsdc = dapp.request('wallet_sendCalls', usdcTransfer(from, recipient, 10n * USDC));
    let approval = await ApprovalWindow.next(session);
    await approval.acceptUpgrade();
    await approval.screen.check({ role: 'radio', name: 'Pay the fee in USDC' });
    await approval.screen.waitForText('Fee in USDC', FEE_LINE);
    await approval.approve();
    expect(await finalStatus(dapp, sentId(await inUsdc), 30_000)).toMatchObject({ status: 200 });
    const ethAfterUsdc = await chain().getBalance(address);
    expect(ethAfterUsdc).toBe(parseEther('1'));
    const usdcAfterUsdc = (await usdc().balanceOf(address)) as bigint;
    expect(usdcAfterUsdc).toBeLessThan(90n * USDC);

    const inEth = dapp.request('wallet_sendCalls', usdcTransfer(from, recipient, 10n * USDC));
    approval = await ApprovalWindow.next(session);
    await approval.screen.waitFor({ role: 'radio', name: 'Pay the fee in ETH' });
    await approval.approve();
    expect(await finalStatus(dapp, sentId(await inEth), 30_000)).toMatchObject({ status: 200 });
    expect(await usdc().balanceOf(address)).toBe(usdcAfterUsdc - 10n * USDC);
    expect(await chain().getBalance(address)).toBeLessThan(ethAfterUsdc);
    expect(await usdc().balanceOf(recipient)).toBe(20n * USDC);
  });
});
