/** Listening to the chain through filters the wallet keeps (eth_newFilter and its kin), as ethers v6 and raw dapps do. */
import { Wallet, id, zeroPadValue } from 'ethers';
import { chain, devnetWallet, reorgFrom, token } from '../fixtures/chain';
import { expect, ONE_BROWSER, test } from '../fixtures/test';

const TRANSFER = id('Transfer(address,address,uint256)');

test('ethers v6 contract.on receives a Transfer minted on the devnet, once', async ({ dapp, devnet }) => {
  await dapp.loadClient('ethers6');
  await dapp.client('ethers6', 'watchTransfers', devnet.addresses.testToken);
  const recipient = Wallet.createRandom().address;
  await (await token(devnetWallet(0)).mint(recipient, 42n)).wait();
  await expect.poll(() => dapp.client<{ to: string; value: string }[]>('ethers6', 'transfers')).toEqual([expect.objectContaining({ to: recipient, value: '42' })]);
  // More blocks come and go: the same log is not heard twice.
  const head = await chain().getBlockNumber();
  await expect.poll(() => chain().getBlockNumber()).toBeGreaterThan(head + 3);
  expect(await dapp.client('ethers6', 'transfers')).toHaveLength(1);
});

test('raw filters: changes once each, block hashes, the whole range, removed logs after a reorganization, uninstall', ONE_BROWSER, async ({ dapp, devnet }) => {
  const recipient = Wallet.createRandom().address;
  const criteria = { address: devnet.addresses.testToken, topics: [TRANSFER, null, zeroPadValue(recipient, 32)] };
  const logs = await dapp.result<string>('eth_newFilter', [criteria]);
  const blocks = await dapp.result<string>('eth_newBlockFilter');
  expect(logs).toMatch(/^0x[0-9a-f]+$/);
  const minted = await (await token(devnetWallet(0)).mint(recipient, 7n)).wait();
  const changes = await dapp.result<{ transactionHash: string; removed: boolean }[]>('eth_getFilterChanges', [logs]);
  expect(changes).toEqual([expect.objectContaining({ transactionHash: minted!.hash, removed: false })]);
  expect(await dapp.result('eth_getFilterChanges', [logs])).toEqual([]);
  const hashes = await dapp.result<string[]>('eth_getFilterChanges', [blocks]);
  expect(hashes).toContain(minted!.blockHash);

  // anvil_reorg replaces the last blocks: the minted log's block is gone, and the filter says so.
  await reorgFrom(minted!);
  const afterReorg = await dapp.result<{ transactionHash: string; removed: boolean }[]>('eth_getFilterChanges', [logs]);
  expect(afterReorg).toContainEqual(expect.objectContaining({ transactionHash: minted!.hash, removed: true }));

  expect(await dapp.result('eth_uninstallFilter', [logs])).toBe(true);
  expect(await dapp.request('eth_getFilterChanges', [logs])).toEqual({ error: { code: -32000, message: 'filter not found' } });
  expect(await dapp.request('eth_getFilterChanges', ['not an id'])).toMatchObject({ error: { code: -32602, message: expect.stringContaining('filter id') } });
});

test('a pending-transaction filter relays what the node\'s own pool saw, not only the wallet\'s own transactions', ONE_BROWSER, async ({ dapp }) => {
  const filter = await dapp.result<string>('eth_newPendingTransactionFilter');
  // A transaction the wallet did not send, from an account of no one here: the node's filter sees it enter its pool.
  const sent = await devnetWallet(5).sendTransaction({ to: Wallet.createRandom().address, value: 1n });
  await sent.wait();
  await expect.poll(async () => dapp.result<string[]>('eth_getFilterChanges', [filter]), { intervals: [100] }).toContain(sent.hash);
  expect(await dapp.result('eth_getFilterChanges', [filter])).not.toContain(sent.hash);
});
