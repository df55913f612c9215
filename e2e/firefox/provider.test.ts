/** What a page gets from window.ethereum in Firefox: the EIP-6963 announcement and node reads, with latest and pending. */
import { Wallet, id as eventId, zeroPadValue } from 'ethers';
import { chain, devnetWallet, token } from '../fixtures/chain';
import { expect, test } from './fixtures';

const TRANSFER_TOPIC = eventId('Transfer(address,address,uint256)');

test('the page hears the EIP-6963 announcement', async ({ dapp }) => {
  expect(await dapp.announcedWallets()).toEqual(['Batch Wallet']);
});

test('chain id, balance and code, with latest and pending', async ({ dapp, devnet }) => {
  expect(await dapp.result('eth_chainId')).toBe('0x7a69');
  const account0 = devnet.accounts[0].address;
  const entryPointCode = await chain().getCode(devnet.addresses.entryPoint);
  for (const block of ['latest', 'pending']) {
    const balance = await dapp.result<string>('eth_getBalance', [account0, block]);
    expect(balance).toMatch(/^0x[0-9a-f]+$/);
    expect(BigInt(balance)).toBeGreaterThan(0n);
    const code = await dapp.result<string>('eth_getCode', [devnet.addresses.entryPoint, block]);
    expect(code.length).toBeGreaterThan(1000);
    expect(code).toBe(entryPointCode);
  }
});

test('eth_getLogs by block hash', async ({ dapp, devnet }) => {
  const recipient = Wallet.createRandom().address;
  const receipt = (await (await token(devnetWallet(0)).transfer(recipient, 7n)).wait())!;
  const filter = { address: devnet.addresses.testToken, topics: [TRANSFER_TOPIC, null, zeroPadValue(recipient, 32)], blockHash: receipt.blockHash };
  const logs = await dapp.result<Record<string, unknown>[]>('eth_getLogs', [filter]);
  expect(logs).toHaveLength(1);
  expect(logs[0]).toMatchObject({ blockHash: receipt.blockHash, transactionHash: receipt.hash, address: devnet.addresses.testToken.toLowerCase() });
});
