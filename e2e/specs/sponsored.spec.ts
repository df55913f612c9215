/** Gas sponsorship (ERC-7677 paymasterService) through the real Alto bundler and the project's paymaster service. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Contract, Interface, JsonRpcProvider, Wallet, parseEther } from 'ethers';
import { startAnvil, type Anvil } from '../../devnet/anvil';
import { SIMPLE_7702_ACCOUNT_ADDRESS } from '../../devnet/constants';
import { chain, token } from '../fixtures/chain';
import { startCombinedEndpoint, type CombinedEndpoint } from '../fixtures/combinedEndpoint';
import type { DevnetInfo } from '../fixtures/devnetInfo';
import type { BrowserSession } from '../driver/types';
import { expect, importFreshWallet, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import type { Dapp } from '../pages/dapp';
import { connect, finalStatus, sentId } from '../pages/flows';
import { NetworksScreen } from '../pages/networks';
import { WalletPopup } from '../pages/wallet';

const ERC20 = new Interface(['function transfer(address to, uint256 amount)']);
const APPROVE = new Interface(['function approve(address spender, uint256 amount)', 'function allowance(address owner, address spender) view returns (uint256)']);
const RECIPIENT = '0x000000000000000000000000000000000000f00d';
const ENTRY_POINT_ABI = ['function balanceOf(address) view returns (uint256)', 'function getNonce(address sender, uint192 key) view returns (uint256)'];

type Status = { status: number; atomic: boolean; receipts: { status: string; transactionHash: string }[] };

const sponsoredBatch = (from: string, token: string, url: string, recipient = RECIPIENT) => [{
  version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true,
  calls: [{ to: token, value: '0x0', data: ERC20.encodeFunctionData('transfer', [recipient, 21n]) }],
  capabilities: { paymasterService: { url } },
}];

/**
 * On the devnet with no bundler set, a sponsored batch whose paymaster URL is `server`, which then also takes the
 * userOp: the approval names it as the site's service. Returns once the user approved and the site has the batch id.
 */
async function sentThroughSiteServer(session: BrowserSession, dapp: Dapp, devnet: DevnetInfo, server: CombinedEndpoint, eth: bigint) {
  const { address, popup } = await importFreshWallet(session, eth, parseEther('50'));
  const networks = await NetworksScreen.open(popup.screen);
  await networks.edit('Local devnet', { bundlerUrl: '' });
  await networks.waitForDetails('Local devnet', '31337 · built-in, edited · EIP-7702');
  const [from] = await connect(dapp, session);
  const recipient = Wallet.createRandom().address;
  const sending = dapp.request('wallet_sendCalls', sponsoredBatch(from, devnet.addresses.testToken, server.url, recipient));
  const approval = await ApprovalWindow.next(session);
  await approval.acceptUpgrade();
  await approval.screen.waitForText('Submitted by', `${new URL(server.url).host}, the site’s service`);
  await approval.approve();
  const id = sentId(await sending);
  expect(server.received('eth_sendUserOperation')).toBeGreaterThan(0);
  return { address, id, recipient };
}

test.describe('sponsored batches', () => {
  test('a zero-ETH account: upgrade + ERC-20 transfer land, it still has 0 ETH, the paymaster paid', async ({ session, dapp, devnet }) => {
    const { address } = await importFreshWallet(session, 0n, parseEther('50'));
    const [from] = await connect(dapp, session);
    expect(from).toBe(address.toLowerCase());
    const recipient = Wallet.createRandom().address;
    const entryPoint = new Contract(devnet.addresses.entryPoint, ENTRY_POINT_ABI, chain());
    const depositBefore = await entryPoint.balanceOf(devnet.addresses.verifyingPaymaster);

    const sending = dapp.request('wallet_sendCalls', sponsoredBatch(from, devnet.addresses.testToken, devnet.paymasterUrl, recipient));
    const approval = await ApprovalWindow.next(session);
    await approval.acceptUpgrade();
    await approval.screen.waitForText('Sponsor', `Sponsored by Devnet Paymaster (${new URL(devnet.paymasterUrl).origin})`);
    await approval.screen.waitForText('Fee', /^Fee paid by Devnet Paymaster/);
    await approval.screen.waitForText('You send', /^< 0\.000001 TST$/);
    await approval.approve();
    const sent = await sending;
    expect(sent).toEqual({ result: expect.objectContaining({ status: 'pending' }) });

    // A userOp waits for the bundler's next bundle as well as for its block.
    const status = await finalStatus(dapp, sentId(sent), 30_000);
    expect(status).toMatchObject({ status: 200, atomic: true });
    expect(status.receipts).toHaveLength(1);
    expect(await token().balanceOf(recipient)).toBe(21n);
    expect(await token().balanceOf(from)).toBe(parseEther('50') - 21n);
    expect(await chain().getBalance(from)).toBe(0n);
    expect(await chain().getCode(from)).toBe(`0xef0100${SIMPLE_7702_ACCOUNT_ADDRESS.slice(2).toLowerCase()}`);
    expect(await entryPoint.balanceOf(devnet.addresses.verifyingPaymaster)).toBeLessThan(depositBefore);
  });

  test("an allowance to the paymaster that the wallet approved and that was revoked outside it: the node says 0, the screen still names it as the wallet's record", ONE_BROWSER, async ({ session, dapp, devnet }) => {
    const { popup } = await importFreshWallet(session, parseEther('1'), parseEther('50'));
    const [from] = await connect(dapp, session);
    const paymaster = devnet.addresses.verifyingPaymaster;
    const approving = dapp.request('eth_sendTransaction', [{ from, to: devnet.addresses.testToken, data: APPROVE.encodeFunctionData('approve', [paymaster, parseEther('5')]) }]);
    await (await ApprovalWindow.next(session)).approve();
    await chain().waitForTransaction(((await approving) as { result: string }).result);
    await popup.waitForAllowance(paymaster, /may spend 5 TST/);
    // Taken back by the account's own key in another program: no record of the wallet's says so, and the node says 0.
    await chain().send('anvil_impersonateAccount', [from]);
    await (await (await chain().getSigner(from)).sendTransaction({ to: devnet.addresses.testToken, data: APPROVE.encodeFunctionData('approve', [paymaster, 0n]) })).wait();
    await chain().send('anvil_stopImpersonatingAccount', [from]);
    const allowance = await chain().call({ to: devnet.addresses.testToken, data: APPROVE.encodeFunctionData('allowance', [from, paymaster]) });
    expect(APPROVE.decodeFunctionResult('allowance', allowance)[0]).toBe(0n);

    const sending = dapp.request('wallet_sendCalls', sponsoredBatch(from, devnet.addresses.testToken, devnet.paymasterUrl));
    const approval = await ApprovalWindow.next(session);
    await approval.acceptUpgrade();
    await approval.screen.waitForText("Paymaster's allowances", new RegExp(
      `^The wallet's records say you allowed ${paymaster}, the paymaster that may take this batch's fee, to spend your TST \\(${devnet.addresses.testToken}\\), ` +
      "and none of them says you took it back\\. The node says 0: a claim, not taken as none, so it may still take them, whatever this screen says about the fee\\.$",
      // Addresses in whichever case the paymaster's stub and the token table give them.
      'i',
    ));
    await approval.reject();
    expect(await sending).toMatchObject({ error: { code: 4001 } });
  });

  test('paymaster URL errors: http on a non-loopback host, or a private host, 4200; down or garbage 4300, nothing sent', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
    const [from] = await connect(dapp, session);
    const url = (u: string) => sponsoredBatch(from, devnet.addresses.testToken, u);
    expect(await dapp.request('wallet_sendCalls', url('http://paymaster.example/rpc'))).toEqual({
      error: { code: 4200, message: 'Invalid paymaster URL: http://paymaster.example/rpc must use https' },
    });
    expect(await dapp.request('wallet_sendCalls', url('https://0xa9fea9fe/latest'))).toEqual({
      error: { code: 4200, message: 'Invalid paymaster URL: https://169.254.169.254/latest names a link-local host; a paymaster service must be public' },
    });
    expect(await dapp.request('wallet_sendCalls', url('not a url'))).toEqual({ error: { code: 4200, message: 'Invalid paymaster URL: "not a url" does not parse as a URL' } });

    // Down, not JSON, or a bad answer: one and the same error, so a page cannot tell a closed port from an open one.
    const serviceError = { error: { code: 4300, message: 'Paymaster service error' } };
    expect(await dapp.request('wallet_sendCalls', url('http://127.0.0.1:9/rpc'))).toEqual(serviceError);

    // Garbage, and a stub whose sponsor name is an object (it used to crash the approval page): 4300, no window.
    const badSponsor = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { paymaster: devnet.addresses.verifyingPaymaster, paymasterData: '0x', sponsor: { name: {} } } });
    const garbage: Server = createServer((req, res) => res.end(req.url === '/sponsor' ? badSponsor : '<html>not json</html>'));
    await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
    try {
      const port = (garbage.address() as AddressInfo).port;
      expect(await dapp.request('wallet_sendCalls', url(`http://127.0.0.1:${port}/rpc`))).toEqual(serviceError);
      expect(await dapp.request('wallet_sendCalls', url(`http://127.0.0.1:${port}/sponsor`))).toEqual(serviceError);
    } finally {
      garbage.close();
    }
    const entryPoint = new Contract(devnet.addresses.entryPoint, ENTRY_POINT_ABI, chain());
    expect(await entryPoint.getNonce(freshWallet.address, 0)).toBe(0n);
    expect(await chain().getCode(freshWallet.address)).toBe('0x');
  });

  test('a service whose final data names another paymaster than the approved stub: 4300, nothing signed or sent', ONE_BROWSER, async ({ session, dapp, devnet }) => {
    const { address } = await importFreshWallet(session, 0n, parseEther('50'));
    const swapped = '0x000000000000000000000000000000000000bad1';
    // The real service, except that pm_getPaymasterData answers with another paymaster contract.
    const service: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk)).on('end', async () => {
        const reply = await (await fetch(devnet.paymasterUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })).json();
        if (JSON.parse(body).method === 'pm_getPaymasterData') reply.result.paymaster = swapped;
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply));
      });
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    try {
      const [from] = await connect(dapp, session);
      const sending = dapp.request('wallet_sendCalls', sponsoredBatch(from, devnet.addresses.testToken, `http://127.0.0.1:${(service.address() as AddressInfo).port}/rpc`));
      const approval = await ApprovalWindow.next(session);
      await approval.acceptUpgrade();
      await approval.screen.waitForText('Paymaster', new RegExp(devnet.addresses.verifyingPaymaster, 'i'));
      await approval.approve();
      expect(await sending).toEqual({
        error: { code: 4300, message: 'Paymaster service error', data: { message: expect.stringMatching(new RegExp(`^pm_getPaymasterData: the paymaster ${swapped} is not the approved ${devnet.addresses.verifyingPaymaster}`, 'i')) } },
      });
    } finally {
      service.close();
    }
    const entryPoint = new Contract(devnet.addresses.entryPoint, ENTRY_POINT_ABI, chain());
    expect(await entryPoint.getNonce(address, 0)).toBe(0n);
    expect(await chain().getCode(address)).toBe('0x');
  });

  test('on a network with no bundler set, a paymaster URL that bundles too takes the userOp: mined, the user\'s ETH unchanged', ONE_BROWSER, async ({ session, dapp, devnet }) => {
    const combined = await startCombinedEndpoint(devnet.paymasterUrl, devnet.bundlerUrl);
    try {
      const { address, popup } = await importFreshWallet(session, 0n, parseEther('50'));
      const networks = await NetworksScreen.open(popup.screen);
      await networks.edit('Local devnet', { bundlerUrl: '' });
      await networks.waitForDetails('Local devnet', '31337 · built-in, edited · EIP-7702');
      const [from] = await connect(dapp, session);
      // The release knows the devnet has EIP-7702 and the v0.8 contracts: sponsorship is possible without a bundler set.
      expect(await dapp.result('wallet_getCapabilities', [from, ['0x7a69']])).toMatchObject({ '0x7a69': { paymasterService: { supported: true } } });
      const recipient = Wallet.createRandom().address;

      const sending = dapp.request('wallet_sendCalls', sponsoredBatch(from, devnet.addresses.testToken, combined.url, recipient));
      const approval = await ApprovalWindow.next(session);
      await approval.acceptUpgrade();
      await approval.screen.waitForText('Fee', /^Fee paid by Devnet Paymaster/);
      await approval.approve();
      const status = await finalStatus(dapp, sentId(await sending), 30_000);
      expect(status).toMatchObject({ status: 200, atomic: true });
      expect(await token().balanceOf(recipient)).toBe(21n);
      expect(await chain().getBalance(address)).toBe(0n);
      expect(combined.received('eth_supportedEntryPoints')).toBeGreaterThan(0);
      // Sent there (and again, as it is, while the bundler did not list it yet).
      expect(combined.received('eth_sendUserOperation')).toBeGreaterThan(0);
    } finally {
      await combined.stop();
    }
  });

  test('a site\'s paymaster URL that bundles too and fakes a successful receipt without submitting: the approval names it, the status stays 100, Activity says Pending', ONE_BROWSER, async ({ session, dapp, devnet }) => {
    const liar = await startCombinedEndpoint(devnet.paymasterUrl, devnet.bundlerUrl, { lie: 'fakeSuccess' });
    try {
      const { address, id, recipient } = await sentThroughSiteServer(session, dapp, devnet, liar, 0n);
      // The wallet follows the batch; asked about the userOp, the liar answers "mined, it ran".
      const asked = () => liar.received('eth_getUserOperationReceipt') + liar.received('eth_getUserOperationByHash');
      await expect.poll(asked).toBeGreaterThan(0);
      expect((await dapp.result<Status>('wallet_getCallsStatus', [id])).status).toBe(100);
      const sentAt = await chain().getBlockNumber();
      await expect.poll(() => chain().getBlockNumber(), { timeout: 15_000 }).toBeGreaterThan(sentAt + 30);
      expect(await dapp.result<Status>('wallet_getCallsStatus', [id])).toMatchObject({ status: 100, receipts: [] });
      expect(await dapp.result('wallet_showCallsStatus', [id])).toBeNull();
      await new WalletPopup(await session.nextExtensionPage('popup.html?')).waitForBatchStatus(id, 'Pending');
      // Nothing ran: the nonce is unused, the tokens did not move.
      const entryPoint = new Contract(devnet.addresses.entryPoint, ENTRY_POINT_ABI, chain());
      expect(await entryPoint.getNonce(address, 0)).toBe(0n);
      expect(await token().balanceOf(recipient)).toBe(0n);
    } finally {
      await liar.stop();
    }
  });

  test('a site\'s paymaster URL that bundles too, keeps the userOp and says it lost it: pending, not 400, until the user\'s Cancel uses its nonce; then the kept userOp cannot run', ONE_BROWSER, async ({ session, dapp, devnet }) => {
    const liar = await startCombinedEndpoint(devnet.paymasterUrl, devnet.bundlerUrl, { lie: 'hold' });
    try {
      const { address, id, recipient } = await sentThroughSiteServer(session, dapp, devnet, liar, parseEther('1'));
      // Well past the 10 blocks after which a userOp whose nonce went elsewhere is dropped: still pending.
      const sentAt = await chain().getBlockNumber();
      await expect.poll(() => chain().getBlockNumber(), { timeout: 15_000 }).toBeGreaterThan(sentAt + 30);
      expect(liar.received('eth_getUserOperationByHash')).toBeGreaterThan(0);
      expect(await dapp.result<Status>('wallet_getCallsStatus', [id])).toMatchObject({ status: 100 });

      expect(await dapp.result('wallet_showCallsStatus', [id])).toBeNull();
      const activity = new WalletPopup(await session.nextExtensionPage('popup.html?'));
      await activity.waitForBatchStatus(id, 'Pending');
      await activity.screen.click('Cancel');
      const review = await ApprovalWindow.next(session);
      await review.approve();
      const entryPoint = new Contract(devnet.addresses.entryPoint, ENTRY_POINT_ABI, chain());
      await expect.poll(() => entryPoint.getNonce(address, 0), { timeout: 15_000 }).toBe(1n);
      await expect.poll(async () => (await dapp.result<Status>('wallet_getCallsStatus', [id])).status, { timeout: 15_000 }).toBe(400);
      await activity.waitForBatchStatus(id, 'Failed (not sent)');

      // The server now submits the userOp it kept: the bundler refuses it (its nonce is used), and nothing ran.
      expect(await liar.submitHeld()).toMatchObject({ error: { message: expect.stringMatching(/AA25|nonce/i) } });
      expect(await token().balanceOf(recipient)).toBe(0n);
    } finally {
      await liar.stop();
    }
  });

  test('a site\'s paymaster URL that bundles too refuses the signed userOp but keeps it: the site gets the batch id and 100, not an error; submitted later, the chain makes it 200', ONE_BROWSER, async ({ session, dapp, devnet }) => {
    const liar = await startCombinedEndpoint(devnet.paymasterUrl, devnet.bundlerUrl, { lie: 'refuse' });
    try {
      const { id, recipient } = await sentThroughSiteServer(session, dapp, devnet, liar, 0n);
      expect((await dapp.result<Status>('wallet_getCallsStatus', [id])).status).toBe(100);
      expect(await liar.submitHeld()).toMatchObject({ result: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
      const status = await finalStatus(dapp, id, 30_000);
      expect(status).toMatchObject({ status: 200 });
      expect(await chain().getTransaction(status.receipts[0].transactionHash)).not.toBeNull();
      expect(await token().balanceOf(recipient)).toBe(21n);
    } finally {
      await liar.stop();
    }
  });

  test.describe('on a chain without a bundler', () => {
    let anvil: Anvil;
    test.beforeAll(async () => {
      anvil = await startAnvil({ port: 8547, chainId: 0x7a6b });
    });
    test.afterAll(async () => anvil.stop());

    test('paymasterService optional: the user pays; not optional: 5700', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
      const provider = new JsonRpcProvider(anvil.rpcUrl, 0x7a6b, { staticNetwork: true, cacheTimeout: -1, pollingInterval: 50 });
      const funder = new Wallet(devnet.accounts[0].privateKey, provider);
      await (await funder.sendTransaction({ to: freshWallet.address, value: parseEther('1') })).wait();
      const adding = dapp.request('wallet_addEthereumChain', [{ chainId: '0x7a6b', chainName: 'No-bundler devnet', rpcUrls: [anvil.rpcUrl], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }]);
      await (await ApprovalWindow.next(session)).approve();
      await adding;
      const [from] = await connect(dapp, session);
      const batch = (optional: boolean) => [{
        version: '2.0.0', from, chainId: '0x7a6b', atomicRequired: false, id: `optional-${optional}`,
        calls: [{ to: RECIPIENT, value: '0x5' }],
        capabilities: { paymasterService: { url: devnet.paymasterUrl, optional } },
      }];
      expect(await dapp.request('wallet_sendCalls', batch(false))).toEqual({ error: { code: 5700, message: expect.stringContaining('Paymaster capability required') } });
      expect(await dapp.result('wallet_getCapabilities', [from, ['0x7a6b']])).toEqual({ '0x7a6b': { atomic: { status: 'ready' }, paymasterService: { supported: false }, alternateGasFees: { supported: false }, dataSuffix: { supported: true }, assetDiscovery: { supported: true } } });

      const before = await provider.getBalance(from);
      const paid = dapp.request('wallet_sendCalls', batch(true));
      await (await ApprovalWindow.next(session)).approve();
      expect(await paid).toEqual({ result: { id: 'optional-true', batchId: 'optional-true', status: 'pending' } });
      await expect.poll(async () => (await dapp.result<Status>('wallet_getCallsStatus', ['optional-true'])).status).toBe(200);
      expect(await provider.getBalance(from)).toBeLessThan(before - 5n);
      provider.destroy();
    });
  });
});

test('the demo dapp’s "Sponsored batch" button: approved, then "Batch status" reports 200', ONE_BROWSER, async ({ freshWallet, dapp, session }) => {
  await dapp.press('Connect');
  await (await ApprovalWindow.next(session)).connect();
  expect(await dapp.output('connect')).toEqual({ action: 'connect', status: 'ok', result: [freshWallet.address.toLowerCase()] });

  await dapp.press('Sponsored batch');
  const approval = await ApprovalWindow.next(session);
  await approval.acceptUpgrade();
  await approval.screen.waitForText('Sponsor', /Sponsored by Devnet Paymaster/);
  await approval.approve();
  expect(await dapp.output('sponsored-batch')).toMatchObject({ status: 'ok', result: { status: 'pending' } });

  // The page asks once per click, so the user clicks again until the batch has landed.
  await expect
    .poll(async () => {
      await dapp.press('Batch status');
      return (await dapp.output('batch-status')).result;
    }, { timeout: 30_000 })
    .toMatchObject({ status: 200 });
});
