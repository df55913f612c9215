/** Network fees paid in USDC (issue 45): a site's wallet_sendCalls from an account with no ETH, through Alto and the devnet's USDC paymaster. */
import { Contract, Interface, Wallet, parseEther } from 'ethers';
import { SIMPLE_7702_ACCOUNT_ADDRESS } from '../../devnet/constants';
import { chain } from '../fixtures/chain';
import { readBody, sendJson, startJsonRpcServer } from '../fixtures/jsonRpcServer';
import { USDC, importUsdcWallet, movePrice, usdc } from '../fixtures/usdc';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import type { Dapp } from '../pages/dapp';
import { connect, finalStatus, sentId } from '../pages/flows';
import { NetworksScreen } from '../pages/networks';
import type { BrowserSession } from '../driver/types';

const ERC20 = new Interface(['function transfer(address to, uint256 amount)']);
const FEE_LINE = /^Network fee: ≈ \d+\.\d+ USDC \(at most (\d+\.\d+) USDC\)$/;

/** A site's atomic batch: `amount` of USDC to `to`. */
const usdcTransfer = (from: string, to: string, amount: bigint) => [{
  version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true,
  calls: [{ to: usdc().target as string, value: '0x0', data: ERC20.encodeFunctionData('transfer', [to, amount]) }],
}];

/**
 * A bundler in front of Alto that keeps the userOps it is sent in its pool, each answered at once, until `release`
 * passes them on (in order); after that it passes everything on.
 */
async function poolingBundler(bundlerUrl: string) {
  const pool: string[] = [];
  let released = false;
  const forward = (body: string) => fetch(bundlerUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
  const server = await startJsonRpcServer(async (request, response) => {
    const body = await readBody(request);
    const { id, method } = JSON.parse(body) as { id: number; method: string };
    if (method === 'eth_sendUserOperation' && !released) {
      pool.push(body);
      return sendJson(response, 200, JSON.stringify({ jsonrpc: '2.0', id, result: `0x${'ab'.repeat(32)}` }));
    }
    const reply = await forward(body);
    sendJson(response, reply.status, await reply.text());
  });
  return {
    url: `${server.url}/rpc`,
    async release() {
      released = true;
      // The same op handed again meanwhile: Alto's "already known" changes nothing.
      for (const body of pool) await forward(body);
    },
    stop: server.stop,
  };
}

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

  test('the price moved 5% past the cap between the screen and Approve: a clear error, nothing signed, the USDC unchanged', ONE_BROWSER, async ({ session, dapp }) => {
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

  test('with neither ETH nor USDC the screen says why and Approve stays disabled', ONE_BROWSER, async ({ session, dapp }) => {
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

  test('an account with ETH and USDC picks either: USDC once, then ETH', ONE_BROWSER, async ({ session, dapp }) => {
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

  test('two batches sent back to back while the first is still in the bundler\'s pool: both land, the second after the first (200, 200)', ONE_BROWSER, async ({ session, dapp, devnet }) => {
    const { address, popup } = await importUsdcWallet(session, 100n * USDC);
    const bundler = await poolingBundler(devnet.bundlerUrl);
    try {
      const networks = await NetworksScreen.open(popup.screen);
      await networks.edit('Local devnet', { bundlerUrl: bundler.url });
      await networks.waitForDetails('Local devnet', /^31337 · built-in, edited · EIP-7702/);
      const [from] = await connect(dapp, session);
      const recipient = Wallet.createRandom().address;
      const tenUsdc = dapp.request('wallet_sendCalls', usdcTransfer(from, recipient, 10n * USDC));
      const fiveUsdc = dapp.request('wallet_sendCalls', usdcTransfer(from, recipient, 5n * USDC));
      // Both planned before either is sent, each with the account's upgrade.
      const approval = await ApprovalWindow.next(session);
      await approval.screen.waitForText('Queue', 'Request 1 of 2');
      // The window shows the request whose plan was ready first, and keeps it on screen when the other, sent before it
      // but planned longer, is queued ahead of it (src/ui/approval/App.tsx): each is told by its amount as approved.
      const approved: string[] = [];
      for (const remaining of [0, undefined]) {
        await approval.acceptUpgrade();
        await approval.screen.waitForText('Fee in USDC', FEE_LINE);
        approved.push(await approval.screen.text({ name: 'Amount', in: 'Call 1' }));
        await approval.press('Approve');
        if (remaining === 0) await approval.screen.waitForCount('Queue', 0);
      }
      expect([...approved].sort()).toEqual(['10 USDC', '5 USDC']);
      const [first, second] = approved[0] === '10 USDC' ? [tenUsdc, fiveUsdc] : [fiveUsdc, tenUsdc];
      // The first approved is sent and answered; the second waits for the first's userOp to run. Which answered first,
      // with the second's answer when it came first (a refusal reads differently from an id).
      expect(await Promise.race([first.then(() => 'first'), second.then((answer) => `second: ${JSON.stringify(answer)}`)])).toBe('first');
      const firstId = sentId(await first);
      // The second was approved while the first has not run: ten blocks later the bundler bundles the first.
      const head = await chain().getBlockNumber();
      await expect.poll(() => chain().getBlockNumber()).toBeGreaterThanOrEqual(head + 10);
      await bundler.release();
      const secondId = sentId(await second);
      expect(await finalStatus(dapp, firstId, 30_000)).toMatchObject({ status: 200 });
      expect(await finalStatus(dapp, secondId, 30_000)).toMatchObject({ status: 200 });
      expect(await usdc().balanceOf(recipient)).toBe(15n * USDC);
      const entryPoint = new Contract(devnet.addresses.entryPoint, ['function getNonce(address, uint192) view returns (uint256)'], chain());
      expect(await entryPoint.getNonce(address, 0)).toBe(2n);
      expect(await chain().getCode(address)).toBe(`0xef0100${SIMPLE_7702_ACCOUNT_ADDRESS.slice(2).toLowerCase()}`);
    } finally {
      await bundler.stop();
    }
  });
});
