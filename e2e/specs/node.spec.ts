/** Spec section 4: node methods forwarded through window.ethereum to the real devnet, with latest and pending. */
import { Transaction, Wallet, keccak256, parseEther, toBeHex, toQuantity, zeroPadValue, id as eventId } from 'ethers';
import { chain, devnetWallet, signedTransfer, token } from '../fixtures/chain';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { Dapp } from '../pages/dapp';

const TRANSFER_TOPIC = eventId('Transfer(address,address,uint256)');

test('chain id, block number, balance and code, with latest and pending', ONE_BROWSER, async ({ dapp, devnet }) => {
  expect(await dapp.result('eth_chainId')).toBe('0x7a69');
  expect(await dapp.result('net_version')).toBe('31337');
  const first = BigInt(await dapp.result<string>('eth_blockNumber'));
  await expect.poll(async () => BigInt(await dapp.result<string>('eth_blockNumber'))).toBeGreaterThan(first);

  const account0 = devnet.accounts[0].address;
  for (const block of ['latest', 'pending']) {
    const balance = await dapp.result<string>('eth_getBalance', [account0, block]);
    expect(balance).toMatch(/^0x[0-9a-f]+$/);
    expect(BigInt(balance)).toBeGreaterThan(0n);
    expect(await dapp.result('eth_getCode', [account0, block])).toBe('0x');
    const code = await dapp.result<string>('eth_getCode', [devnet.addresses.entryPoint, block]);
    expect(code.length).toBeGreaterThan(1000);
    expect(code).toBe(await chain().getCode(devnet.addresses.entryPoint));
  }
});

test('eth_getStorageAt reads the token’s totalSupply slot', ONE_BROWSER, async ({ dapp, devnet }) => {
  const supply = await token().totalSupply();
  for (const block of ['latest', 'pending']) {
    expect(await dapp.result('eth_getStorageAt', [devnet.addresses.testToken, '0x0', block])).toBe(zeroPadValue(toBeHex(supply), 32));
  }
});

test('the pending view shows a submitted transaction before latest may', ONE_BROWSER, async ({ dapp, devnet }) => {
  const recipient = Wallet.createRandom().address;
  const raw = await signedTransfer(devnetWallet(6), { to: recipient, value: parseEther('0.5') });
  const hash = await dapp.result<string>('eth_sendRawTransaction', [raw]);
  expect(hash).toBe(keccak256(raw));
  // The pending balance is there at once; latest catches up within a block or two.
  expect(await dapp.result('eth_getBalance', [recipient, 'pending'])).toBe(toQuantity(parseEther('0.5')));
  await expect.poll(() => dapp.result('eth_getBalance', [recipient, 'latest'])).toBe(toQuantity(parseEther('0.5')));
  const receipt = await dapp.result<{ status: string }>('eth_getTransactionReceipt', [hash]);
  expect(receipt.status).toBe('0x1');
  void devnet;
});

test('eth_getLogs by block hash, by range and pending', ONE_BROWSER, async ({ dapp, devnet }) => {
  const sender = devnetWallet(0);
  const recipient = Wallet.createRandom().address;
  const sent = await token(sender).transfer(recipient, 7n);
  const receipt = (await sent.wait())!;
  const filter = { address: devnet.addresses.testToken, topics: [TRANSFER_TOPIC, null, zeroPadValue(recipient, 32)] };

  const byHash = await dapp.result<Record<string, unknown>[]>('eth_getLogs', [{ ...filter, blockHash: receipt.blockHash }]);
  expect(byHash).toHaveLength(1);
  expect(byHash[0]).toMatchObject({
    address: devnet.addresses.testToken.toLowerCase(),
    blockHash: receipt.blockHash,
    blockNumber: toQuantity(receipt.blockNumber),
    transactionHash: receipt.hash,
    data: zeroPadValue(toBeHex(7n), 32),
    removed: false,
  });
  // Spec 2.1: with blockHash, a range that excludes the block is ignored.
  expect(await dapp.result('eth_getLogs', [{ ...filter, blockHash: receipt.blockHash, fromBlock: '0x0', toBlock: '0x1' }])).toEqual(byHash);

  const block = toQuantity(receipt.blockNumber);
  expect(await dapp.result('eth_getLogs', [{ ...filter, fromBlock: block, toBlock: block }])).toEqual(byHash);
  expect(await dapp.result('eth_getLogs', [{ ...filter, fromBlock: toQuantity(receipt.blockNumber - 10), toBlock: 'latest' }])).toEqual(byHash);
  expect(await dapp.result('eth_getLogs', [{ ...filter, fromBlock: block, toBlock: 'pending' }])).toEqual(byHash);
  expect(await dapp.result('eth_getLogs', [{ fromBlock: 'pending', toBlock: 'pending' }])).toEqual(expect.any(Array));
});

test('eth_getLogs refuses ranges above the 2,000-block limit and bad filters', ONE_BROWSER, async ({ dapp }) => {
  const wide = await dapp.request('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x7d1' }]);
  expect(wide).toEqual({ error: expect.objectContaining({ code: -32005, message: expect.stringMatching(/2001 blocks .* exceeds the limit of 2000 blocks/) }) });
  const badTopic = await dapp.request('eth_getLogs', [{ topics: ['0x1234'] }]);
  expect(badTopic).toEqual({ error: { code: -32602, message: expect.stringMatching(/^filter\.topics\[0\] must be a 32-byte hex/) } });
});

test('malformed params get -32602 naming the field; a method that does not read chain state is refused (4200)', ONE_BROWSER, async ({ dapp, devnet }) => {
  expect(await dapp.request('eth_getBalance', ['0x1234', 'latest'])).toEqual({
    error: { code: -32602, message: expect.stringMatching(/^address must be a 20-byte hex address/) },
  });
  expect(await dapp.request('eth_getCode', [devnet.addresses.entryPoint, 'newest'])).toEqual({
    error: { code: -32602, message: expect.stringMatching(/^block must be a hex block number or one of latest\|pending\|safe\|finalized\|earliest/) },
  });
  expect(await dapp.request('eth_getStorageAt', [devnet.addresses.testToken, '0x0'])).toEqual({
    error: { code: -32602, message: 'eth_getStorageAt expects 3 params, got 2' },
  });
  const refused = (name: string) => ({ error: { code: 4200, message: `The method ${name} is not supported by this wallet` } });
  expect(await dapp.request('eth_foo')).toEqual(refused('eth_foo'));
  // The devnet's node would change balances, or dump its pool, for anyone.
  expect(await dapp.request('anvil_setBalance', [devnet.accounts[0].address, '0x1'])).toEqual(refused('anvil_setBalance'));
  expect(await dapp.request('txpool_content')).toEqual(refused('txpool_content'));
  expect(await dapp.request('personal_unlockAccount', [devnet.accounts[0].address, 'x'])).toEqual(refused('personal_unlockAccount'));
});

test('the audit’s proof: a page that is not connected, the wallet locked, cannot have the node spend the account unsigned', ONE_BROWSER, async ({ wallet, dapp, devnet }) => {
  await wallet.lock();
  const account = devnet.accounts[0].address;
  const recipient = Wallet.createRandom().address;
  const sent = await dapp.request('eth_sendUnsignedTransaction', [{ from: account, to: recipient, value: toQuantity(parseEther('1000')) }]);
  expect(sent).toEqual({ error: { code: 4200, message: expect.stringContaining('eth_sendUnsignedTransaction') } });
  // A few blocks later nothing has moved.
  const head = await chain().getBlockNumber();
  await expect.poll(() => chain().getBlockNumber()).toBeGreaterThan(head + 2);
  expect(await chain().getBalance(recipient)).toBe(0n);
});

test('the read methods MetaMask passes to the node: proofs, block receipts, access lists, client and sync state, simulation', ONE_BROWSER, async ({ dapp, devnet }) => {
  const account = devnet.accounts[0].address;
  expect(await dapp.result('eth_getProof', [devnet.addresses.testToken, ['0x2'], 'latest'])).toMatchObject({ address: devnet.addresses.testToken.toLowerCase() });
  expect(Array.isArray(await dapp.result('eth_getBlockReceipts', ['latest']))).toBe(true);
  expect(await dapp.result('eth_createAccessList', [{ from: account, to: devnet.addresses.testToken, data: '0x18160ddd' }, 'latest'])).toMatchObject({ accessList: expect.any(Array) });
  expect(await dapp.result('web3_clientVersion')).toMatch(/anvil/i);
  expect(await dapp.result('net_listening')).toBe(true);
  expect(await dapp.result('eth_syncing')).toBe(false);
  expect(await dapp.result('eth_getTransactionByBlockNumberAndIndex', ['0x0', '0x0'])).toBeNull();
  // Quantities as JSON numbers, as some clients send them: forwarded as hex, as MetaMask lets the node decide.
  expect(await dapp.result('eth_getTransactionByBlockNumberAndIndex', [0, 0])).toBeNull();
  expect(await dapp.result<{ number: string }>('eth_getBlockByNumber', [1, false])).toMatchObject({ number: '0x1' });
  const simulated = await dapp.result<{ calls: { status: string }[] }[]>('eth_simulateV1', [{ blockStateCalls: [{ calls: [{ from: account, to: account, value: '0x1' }] }] }, 'latest']);
  expect(simulated[0].calls[0].status).toBe('0x1');
});

test.describe('eth_sendRawTransaction errors in the spec’s form (7.1)', () => {
  const spec = (message: string) => ({ error: expect.objectContaining({ code: -32000, message }) });

  test('nonce too low', ONE_BROWSER, async ({ dapp }) => {
    const from = devnetWallet(6);
    const raw = await signedTransfer(from);
    const { nonce } = Transaction.from(raw);
    await dapp.result('eth_sendRawTransaction', [raw]);
    await expect.poll(() => from.provider!.getTransactionCount(from.address, 'latest')).toBeGreaterThan(nonce);
    const stale = await signedTransfer(from, { nonce, value: 1n });
    expect(await dapp.request('eth_sendRawTransaction', [stale])).toEqual(spec('nonce too low'));
  });

  test('insufficient funds for gas * price + value', ONE_BROWSER, async ({ dapp }) => {
    const empty = Wallet.createRandom().connect(chain());
    const raw = await signedTransfer(empty as unknown as Wallet, { nonce: 0 });
    expect(await dapp.request('eth_sendRawTransaction', [raw])).toEqual(spec('insufficient funds for gas * price + value'));
  });

  // A nonce gap keeps these transactions queued, so the second send meets the first still pending. Each browser runs
  // these against the same devnet, where queued ones stay: a gap drawn from a wide range keeps the two runs apart.
  test('already known', ONE_BROWSER, async ({ dapp }) => {
    const from = devnetWallet(7);
    const gap = (await from.provider!.getTransactionCount(from.address, 'pending')) + 5 + Math.floor(Math.random() * 1_000_000);
    const raw = await signedTransfer(from, { nonce: gap, value: BigInt(Date.now()) });
    await dapp.result('eth_sendRawTransaction', [raw]);
    const again = await dapp.request('eth_sendRawTransaction', [raw]);
    expect(again).toEqual(spec('already known'));
    expect((again as { error: { data: { nodeError: { message: string } } } }).error.data.nodeError.message).toBeTruthy();
  });

  test('replacement transaction underpriced (< 10% bump), while a 10% bump is accepted', ONE_BROWSER, async ({ dapp }) => {
    const from = devnetWallet(7);
    const gap = (await from.provider!.getTransactionCount(from.address, 'pending')) + 5 + Math.floor(Math.random() * 1_000_000);
    const fees = { maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };
    await dapp.result('eth_sendRawTransaction', [await signedTransfer(from, { nonce: gap, ...fees })]);
    const cheap = await signedTransfer(from, { nonce: gap, maxFeePerGas: 10_500_000_000n, maxPriorityFeePerGas: 1_050_000_000n });
    expect(await dapp.request('eth_sendRawTransaction', [cheap])).toEqual(spec('replacement transaction underpriced'));
    const fair = await signedTransfer(from, { nonce: gap, maxFeePerGas: 11_000_000_000n, maxPriorityFeePerGas: 1_100_000_000n });
    expect(await dapp.result('eth_sendRawTransaction', [fair])).toBe(keccak256(fair));
  });
});

test('a page that floods the wallet with node reads is told -32005 beyond its budget; another site is not', ONE_BROWSER, async ({ dapp, session, devnet }) => {
  // Far more than the budget's burst (200) and what it refills (50 a second) while they arrive.
  const codes = await dapp.requestAtOnce(400, 'eth_blockNumber');
  expect(codes.filter((code) => code === 0).length).toBeGreaterThanOrEqual(200);
  expect(codes.filter((code) => code === -32005).length).toBeGreaterThan(0);
  expect(codes.filter((code) => code !== 0 && code !== -32005)).toEqual([]);
  const other = await Dapp.open(session, devnet.dappUrl.replace('127.0.0.1', 'localhost'));
  expect(await other.result('eth_blockNumber')).toMatch(/^0x[0-9a-f]+$/);
});
