/**
 * Settings → Networks: add, edit and remove a network; edit a built-in one and restore its defaults; move, add and
 * remove its endpoints. URLs are checked and the node must serve the chain id.
 */
import { startFaultyChain, type FaultyChain } from '../fixtures/faultyChain';
import { startRpcProxy } from '../fixtures/rpcProxy';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { NetworksScreen } from '../pages/networks';

let chain: FaultyChain;
test.beforeAll(async () => {
  chain = await startFaultyChain();
});
test.afterAll(async () => chain.stop());

test('a network whose node serves another chain id is refused, with the reason; a plain-http URL off this machine too', ONE_BROWSER, async ({ wallet, devnet }) => {
  const networks = await NetworksScreen.open(wallet.screen);
  await networks.add({ chainId: '999', name: 'Wrong', rpcUrl: devnet.rpcUrl });
  await networks.waitForError('RPC URL serves chain 31337 (0x7a69), not 999 (0x3e7)');
  await networks.fill({ rpcUrl: 'http://rpc.example.com' });
  await wallet.screen.click('Save network');
  await networks.waitForError(/RPC URL must be https:\/\//);
  await networks.fill({ chainId: '31339', rpcUrl: chain.proxy.url, bundlerUrl: devnet.bundlerUrl });
  await wallet.screen.click('Save network');
  await networks.waitForError('Bundler URL serves chain 31337 (0x7a69), not 31339 (0x7a6b)');
});

test('add, edit and remove a network', ONE_BROWSER, async ({ wallet }) => {
  const networks = await NetworksScreen.open(wallet.screen);
  await networks.add({ chainId: '0x7a6b', name: 'Side chain', rpcUrl: chain.proxy.url, explorerUrl: 'https://explorer.example' });
  await networks.waitForNetwork('Side chain');
  await networks.edit('Side chain', { name: 'Renamed chain' });
  await networks.waitForNetwork('Renamed chain');
  await wallet.screen.waitForCount({ role: 'listitem', name: 'Network Side chain' }, 0);
  await networks.remove('Renamed chain');
});

test('a built-in network\'s RPC URL can change: a node of another chain is refused, a valid one is used; Restore defaults brings the release\'s back', ONE_BROWSER, async ({ wallet, devnet }) => {
  // A second way to the devnet's node, which counts what reaches it.
  const other = await startRpcProxy(devnet.rpcUrl, 0);
  try {
    let networks = await NetworksScreen.open(wallet.screen);
    expect(await wallet.screen.count({ role: 'button', name: 'Remove Local devnet' })).toBe(0);
    await networks.edit('Local devnet', { rpcUrl: chain.proxy.url });
    await networks.waitForError('RPC URL serves chain 31339 (0x7a6b), not 31337 (0x7a69)');
    await networks.fill({ rpcUrl: other.url });
    await wallet.screen.click('Save network');
    await networks.waitForDetails('Local devnet', '31337 · built-in, edited · EIP-7702 · bundler');

    // Home's balance now comes through the new RPC URL.
    await wallet.screen.click('Back');
    await wallet.screen.click('Back');
    await expect.poll(() => other.forwarded('eth_getBalance')).toBeGreaterThan(0);

    networks = await NetworksScreen.open(wallet.screen);
    await networks.restoreDefaults('Local devnet');
    await networks.waitForDetails('Local devnet', '31337 · built-in · EIP-7702 · bundler');
  } finally {
    await other.stop();
  }
  // With the new URL gone, Home still shows the balance: it comes from the release's URL again.
  await wallet.screen.reload();
  await wallet.screen.waitFor('Balance');
});

test('endpoints are added, removed and moved in place: the first one is in use, and the wallet\'s reads go to it', ONE_BROWSER, async ({ wallet, devnet }) => {
  // Two ways to the devnet's node, each counting what reaches it.
  const [first, second] = await Promise.all([startRpcProxy(devnet.rpcUrl, 0), startRpcProxy(devnet.rpcUrl, 0)]);
  try {
    let networks = await NetworksScreen.open(wallet.screen);
    await networks.addEndpointRefused('Local devnet', chain.proxy.url, 'RPC URL serves chain 31339 (0x7a6b), not 31337 (0x7a69)');
    await networks.addEndpoint('Local devnet', first.url);
    await networks.addEndpoint('Local devnet', second.url);
    await networks.removeEndpoint(devnet.rpcUrl);
    await networks.waitForEndpoints('Local devnet', `${first.url} (in use)${second.url}`);
    await wallet.screen.click('Back');
    await wallet.screen.click('Back');
    await expect.poll(() => first.forwarded('eth_getBalance')).toBeGreaterThan(0);
    expect(second.forwarded('eth_getBalance')).toBe(0);

    networks = await NetworksScreen.open(wallet.screen);
    await networks.moveEndpointUp(second.url);
    await networks.waitForEndpoints('Local devnet', `${second.url} (in use)${first.url}`);
    // Home's balance now comes from the endpoint moved first.
    await wallet.screen.click('Back');
    await wallet.screen.click('Back');
    await expect.poll(() => second.forwarded('eth_getBalance')).toBeGreaterThan(0);
  } finally {
    await Promise.all([first.stop(), second.stop()]);
  }
});

