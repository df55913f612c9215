/** Settings → Networks: add, edit and remove a network; URLs are checked and the node must serve the chain id. */
import { startFaultyChain, type FaultyChain } from '../fixtures/faultyChain';
import { test } from '../fixtures/test';
import { NetworksScreen } from '../pages/networks';

let chain: FaultyChain;
test.beforeAll(async () => {
  chain = await startFaultyChain();
});
test.afterAll(async () => chain.stop());

test('a network whose node serves another chain id is refused, with the reason; a plain-http URL off this machine too', async ({ wallet, devnet }) => {
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

test('add, edit and remove a network', async ({ wallet }) => {
  const networks = await NetworksScreen.open(wallet.screen);
  await networks.add({ chainId: '0x7a6b', name: 'Side chain', rpcUrl: chain.proxy.url, explorerUrl: 'https://explorer.example' });
  await networks.waitForNetwork('Side chain');
  await networks.edit('Side chain', { name: 'Renamed chain' });
  await networks.waitForNetwork('Renamed chain');
  await wallet.screen.waitForCount({ role: 'listitem', name: 'Network Side chain' }, 0);
  await networks.remove('Renamed chain');
});
