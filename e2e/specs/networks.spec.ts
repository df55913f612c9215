/**
 * wallet_switchEthereumChain and wallet_addEthereumChain. Switching changes what every site sees: only a connected
 * site may, freely among built-in networks, after asking the user for a network someone added.
 */
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { Dapp } from '../pages/dapp';
import { connect } from '../pages/flows';

const newChain = (chainId: string) => ({
  chainId,
  chainName: 'Second devnet',
  rpcUrls: ['http://127.0.0.1:8545'],
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
});

test('a site that is not connected cannot switch the network, not even through wallet_addEthereumChain', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  const notConnected = { error: { code: 4100, message: `${dapp.origin} is not connected: call eth_requestAccounts first` } };
  expect(await dapp.request('wallet_switchEthereumChain', [{ chainId: '0x14a34' }])).toEqual(notConnected);
  expect(await dapp.request('wallet_addEthereumChain', [{ ...newChain('0x14a34'), chainName: 'Base Sepolia' }])).toEqual(notConnected);
  expect(await dapp.result('eth_chainId')).toBe('0x7a69');
  expect(await session.countExtensionPages('approval.html')).toBe(0);
});

test('a network name that hides or reorders text, or is longer than 64 characters, is -32602 before any window', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  await connect(dapp, session);
  expect(await dapp.request('wallet_addEthereumChain', [{ ...newChain('0x7a6c'), chainName: 'Base\u202e Mainnet' }])).toEqual({
    error: { code: -32602, message: 'chainName must not hold control, bidirectional or zero-width characters' },
  });
  expect(await dapp.request('wallet_addEthereumChain', [{ ...newChain('0x7a6c'), chainName: 'x'.repeat(65) }])).toEqual({
    error: { code: -32602, message: 'chainName must be 1 to 64 characters' },
  });
  expect(await session.countExtensionPages('approval.html')).toBe(0);
});

test('a connected site switches to a built-in network without a popup: chainChanged', async ({ wallet, dapp, session }) => {
  void wallet;
  await connect(dapp, session);
  await dapp.record('chainChanged');
  expect(await dapp.result('wallet_switchEthereumChain', [{ chainId: '0x14a34' }])).toBeNull();
  expect(await dapp.result('eth_chainId')).toBe('0x14a34');
  expect(await dapp.result('wallet_switchEthereumChain', [{ chainId: '0x7a69' }])).toBeNull();
  await expect.poll(() => dapp.events('chainChanged')).toEqual(['0x14a34', '0x7a69']);
  expect(await dapp.request('wallet_switchEthereumChain', [{ chainId: '0x999' }])).toEqual({
    error: { code: 4902, message: expect.stringContaining('Unrecognized chain ID 0x999') },
  });
});

test('every tab follows a switch: its eth_chainId is the new chain as soon as the switching page has its answer', async ({ wallet, dapp, session, devnet }) => {
  void wallet;
  const other = await Dapp.open(session, devnet.dappUrl.replace('127.0.0.1', 'localhost'));
  expect(await other.result('eth_chainId')).toBe('0x7a69');
  await connect(dapp, session);
  expect(await dapp.result('wallet_switchEthereumChain', [{ chainId: '0x14a34' }])).toBeNull();
  expect(await other.result('eth_chainId')).toBe('0x14a34');
  expect(await other.result('net_version')).toBe('84532');
  // eth_chainId takes no params: the wallet says so, whoever answers it.
  expect(await other.request('eth_chainId', ['0x1'])).toEqual({ error: { code: -32602, message: expect.stringContaining('eth_chainId') } });
  expect(await dapp.result('wallet_switchEthereumChain', [{ chainId: '0x7a69' }])).toBeNull();
  expect(await other.result('eth_chainId')).toBe('0x7a69');
});

test('adding a network asks the user; approve adds and switches, reject answers 4001', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  await connect(dapp, session);
  const rejected = dapp.request('wallet_addEthereumChain', [newChain('0x7a6a')]);
  await (await ApprovalWindow.next(session)).reject();
  expect(await rejected).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
  expect(await dapp.result('eth_chainId')).toBe('0x7a69');

  await dapp.record('chainChanged');
  const added = dapp.request('wallet_addEthereumChain', [newChain('0x7a6a')]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'main' }, /Second devnet/);
  await approval.approve();
  expect(await added).toEqual({ result: null });
  expect(await dapp.result('eth_chainId')).toBe('0x7a6a');
  await expect.poll(() => dapp.events('chainChanged')).toEqual(['0x7a6a']);

  // Back on a built-in network, switching to the added one asks the user again.
  expect(await dapp.result('wallet_switchEthereumChain', [{ chainId: '0x7a69' }])).toBeNull();
  const switching = dapp.request('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }]);
  const asked = await ApprovalWindow.next(session);
  await asked.screen.waitForText('Network name', 'Second devnet');
  await asked.switchNetwork();
  expect(await switching).toEqual({ result: null });
  expect(await dapp.result('eth_chainId')).toBe('0x7a6a');

  expect(await dapp.request('wallet_addEthereumChain', [{ ...newChain('0x7a6b'), rpcUrls: ['http://rpc.example.com'] }])).toEqual({
    error: { code: -32602, message: 'rpcUrls must hold at least one https URL (http only for localhost)' },
  });
});

test('an unreachable node: requests fail with 4901 and pages hear disconnect, then connect when it answers again', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  await connect(dapp, session);
  // Recorded from the start: the open popup's balance polling may meet the dead node before the page does.
  await dapp.record('disconnect');
  await dapp.record('connect');
  const adding = dapp.request('wallet_addEthereumChain', [{ ...newChain('0x7a6c'), chainName: 'Down devnet', rpcUrls: ['http://127.0.0.1:9'] }]);
  await (await ApprovalWindow.next(session)).approve();
  await adding;
  expect(await dapp.request('eth_blockNumber')).toEqual({ error: { code: 4901, message: 'The node of Down devnet is unreachable (no connection)' } });
  await expect.poll(() => dapp.events('disconnect')).toEqual([expect.objectContaining({ code: 4901 })]);
  expect(await dapp.isConnected()).toBe(false);

  expect(await dapp.result('wallet_switchEthereumChain', [{ chainId: '0x7a69' }])).toBeNull();
  await dapp.result('eth_blockNumber');
  await expect.poll(() => dapp.events('connect')).toEqual([{ chainId: '0x7a69' }]);
  expect(await dapp.isConnected()).toBe(true);
});
