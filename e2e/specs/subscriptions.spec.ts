/**
 * Listening to the chain through eth_subscribe (web3.js v4, raw EIP-1193 `message` events) and through viem's
 * watchers, on the devnet; chain_transactionStatus.
 */
import { Wallet, ZeroAddress, id, zeroPadValue } from 'ethers';
import { WebSocketServer } from 'ws';
import { LOCAL_DEVNET } from '../../src/shared/networks';
import { devnetWallet, reorgFrom, token } from '../fixtures/chain';
import { expect, ONE_BROWSER, test } from '../fixtures/test';

const TRANSFER = id('Transfer(address,address,uint256)');

type Message = { type: string; data: { subscription: string; result: { transactionHash?: string; removed?: boolean; number?: string } } };

test('web3.js v4 subscribes to new block headers and to logs, receives them, and unsubscribes', async ({ dapp, devnet }) => {
  await dapp.loadClient('web3');
  const recipient = Wallet.createRandom().address;
  await dapp.client('web3', 'subscribe', 'heads', 'newBlockHeaders');
  // web3's types take no null topic: a mint's sender, the zero address, is matched too.
  await dapp.client('web3', 'subscribe', 'transfers', 'logs', { address: devnet.addresses.testToken, topics: [TRANSFER, zeroPadValue(ZeroAddress, 32), zeroPadValue(recipient, 32)] });
  const minted = (await (await token(devnetWallet(0)).mint(recipient, 5n)).wait())!;

  await expect.poll(() => dapp.client<{ transactionHash: string; blockNumber: string }[]>('web3', 'received', 'transfers'))
    .toEqual([expect.objectContaining({ transactionHash: minted.hash, blockNumber: String(minted.blockNumber) })]);
  await expect.poll(() => dapp.client<{ number: string; hash: string }[]>('web3', 'received', 'heads'))
    .toContainEqual(expect.objectContaining({ number: String(minted.blockNumber), hash: minted.blockHash }));

  await dapp.client('web3', 'unsubscribe', 'heads');
  await dapp.client('web3', 'unsubscribe', 'transfers');
  const heads = (await dapp.client<unknown[]>('web3', 'received', 'heads')).length;
  // A subscription of the page's own tells when the next head has come: the ended ones heard nothing of it.
  await dapp.record('message');
  const control = await dapp.result<string>('eth_subscribe', ['newHeads']);
  await (await token(devnetWallet(0)).mint(recipient, 6n)).wait();
  await expect.poll(async () => ((await dapp.events('message')) as Message[]).filter((m) => m.data.subscription === control).length).toBeGreaterThan(0);
  expect(await dapp.client('web3', 'received', 'heads')).toHaveLength(heads);
  expect(await dapp.client('web3', 'received', 'transfers')).toHaveLength(1);
});

test('a logs subscription reports a log again with removed: true after a reorganization; unknown ids and kinds are refused', ONE_BROWSER, async ({ dapp, devnet }) => {
  const recipient = Wallet.createRandom().address;
  await dapp.record('message');
  const subscription = await dapp.result<string>('eth_subscribe', ['logs', { address: devnet.addresses.testToken, topics: [TRANSFER, null, zeroPadValue(recipient, 32)] }]);
  expect(subscription).toMatch(/^0x[0-9a-f]+$/);
  const minted = (await (await token(devnetWallet(0)).mint(recipient, 7n)).wait())!;
  const messages = async () => ((await dapp.events('message')) as Message[]).filter((m) => m.type === 'eth_subscription' && m.data.subscription === subscription).map((m) => m.data.result);
  await expect.poll(messages).toEqual([expect.objectContaining({ transactionHash: minted.hash, removed: false })]);

  await reorgFrom(minted);
  await expect.poll(messages).toContainEqual(expect.objectContaining({ transactionHash: minted.hash, removed: true }));

  expect(await dapp.result('eth_unsubscribe', [subscription])).toBe(true);
  expect(await dapp.result('eth_unsubscribe', [subscription])).toBe(false);
  expect(await dapp.request('eth_subscribe', ['logs', { fromBlock: '0x0' }])).toMatchObject({ error: { code: -32602, message: expect.stringContaining('filter.fromBlock') } });
});

test('viem watchBlockNumber and watchContractEvent over the injected provider hear new blocks and a Transfer', async ({ dapp, devnet }) => {
  await dapp.loadViem();
  await dapp.viem('watch', devnet.addresses.testToken);
  // viem installs its log filter on its first poll, which the call above does not wait for: a mint sealed before it
  // would be history to that filter. Both watchers poll together; two blocks heard, the filter is in.
  await expect.poll(async () => new Set((await dapp.viem<{ blocks: string[] }>('watched')).blocks).size).toBeGreaterThanOrEqual(2);
  const recipient = Wallet.createRandom().address;
  const minted = (await (await token(devnetWallet(0)).mint(recipient, 9n)).wait())!;
  await expect.poll(() => dapp.viem<{ transfers: unknown[] }>('watched').then((w) => w.transfers)).toContainEqual({ to: recipient, value: '9' });
  // Its block numbers reach the mint's block (the two watchers poll on their own clocks).
  await expect.poll(async () => Math.max(...(await dapp.viem<{ blocks: string[] }>('watched')).blocks.map(Number))).toBeGreaterThanOrEqual(minted.blockNumber);
});

test('chain_transactionStatus says where a transaction stands, in one shape', ONE_BROWSER, async ({ dapp }) => {
  const sent = (await (await devnetWallet(1).sendTransaction({ to: Wallet.createRandom().address, value: 1n })).wait())!;
  expect(await dapp.result('chain_transactionStatus', [sent.hash])).toEqual({ status: 'Included', blockNumber: `0x${sent.blockNumber.toString(16)}`, blockHash: sent.blockHash, success: true });
  expect(await dapp.result('chain_transactionStatus', [`0x${'12'.repeat(32)}`])).toEqual({ status: 'Unknown' });
  expect(await dapp.request('chain_transactionStatus', ['0x12'])).toMatchObject({ error: { code: -32602, message: expect.stringContaining('transaction hash') } });
});

test('pendingLogs comes from the network\'s pre-confirmation WebSocket where it has one, as Base\'s flashblocks endpoints serve it', ONE_BROWSER, async ({ dapp, devnet }) => {
  // The devnet's pre-confirmation endpoint, played here: it answers eth_subscribe and pushes a pre-confirmed log.
  const server = new WebSocketServer({ port: Number(new URL(LOCAL_DEVNET.preconfWsUrl!).port), host: '127.0.0.1' });
  const asked: { method: string; params: unknown[] }[] = [];
  const log = { address: devnet.addresses.testToken, topics: [TRANSFER], data: '0x', blockNumber: '0x999', blockHash: null, transactionHash: `0x${'5f'.repeat(32)}`, transactionIndex: '0x0', logIndex: '0x0', removed: false };
  server.on('connection', (socket) => socket.on('message', (data) => {
    const request = JSON.parse(String(data)) as { id: number; method: string; params: unknown[] };
    asked.push(request);
    if (request.method !== 'eth_subscribe') return;
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: '0xup' }));
    // Twice: the page hears it once.
    for (let i = 0; i < 2; i++) socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: '0xup', result: log } }));
  }));
  try {
    await dapp.record('message');
    const subscription = await dapp.result<string>('eth_subscribe', ['pendingLogs', { address: devnet.addresses.testToken }]);
    const heard = async () => ((await dapp.events('message')) as Message[]).filter((m) => m.data.subscription === subscription).map((m) => m.data.result);
    await expect.poll(heard).toEqual([log]);
    expect(asked[0]).toMatchObject({ method: 'eth_subscribe', params: ['pendingLogs', { address: devnet.addresses.testToken }] });
    expect(await dapp.result('eth_unsubscribe', [subscription])).toBe(true);
    await expect.poll(() => asked.map((r) => r.method)).toEqual(['eth_subscribe', 'eth_unsubscribe']);
    expect(await heard()).toHaveLength(1);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
