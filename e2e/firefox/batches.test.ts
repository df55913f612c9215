/** EIP-5792 batches in Firefox: atomic through an EIP-7702 upgrade, and sponsored (ERC-7677) from an account without ETH. */
import { Interface, Wallet, parseEther, toQuantity } from 'ethers';
import { SIMPLE_7702_ACCOUNT_ADDRESS } from '../../devnet/constants';
import { chain, token } from '../fixtures/chain';
import { connect, finalStatus, sentId } from './pages/flows';
import { ApprovalWindow } from './pages/wallet';
import { expect, importFreshWallet, test } from './fixtures';

const ERC20 = new Interface(['function transfer(address to, uint256 amount)']);
const transfer = (tokenAddress: string, to: string, amount: bigint) => ({ to: tokenAddress, value: '0x0', data: ERC20.encodeFunctionData('transfer', [to, amount]) });

test('atomic batch from a fresh account: upgrade approved, ERC-20 and ETH transfers land in one transaction, status 200', async ({ freshWallet, dapp, firefox, devnet }) => {
  const [from] = await connect(dapp, firefox);
  expect(from).toBe(freshWallet.address);
  const recipient = Wallet.createRandom().address;
  const calls = [transfer(devnet.addresses.testToken, recipient, 5n), { to: recipient, value: toQuantity(parseEther('0.01')) }];

  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true, calls }]);
  const approval = await ApprovalWindow.next(firefox);
  expect(await approval.heading()).toBe('Upgrade your account?');
  await approval.acceptUpgrade();
  expect(await approval.text('Execution')).toMatch(/^Atomic/);
  expect(await approval.text('Total value')).toBe('0.01 ETH');
  expect(await approval.text('Call 1')).toContain('ERC-20 transfer of 5 token units to');
  await approval.approve();
  const sent = await sending;
  expect(sent).toEqual({ result: { id: expect.stringMatching(/^0x[0-9a-f]{64}$/), batchId: expect.any(String), status: 'pending' } });
  const id = sentId(sent);

  const status = await finalStatus(dapp, id);
  expect(status).toMatchObject({ id, chainId: '0x7a69', status: 200, atomic: true });
  expect(status.receipts.map((r) => r.status)).toEqual(['0x1']);
  expect(await chain().getCode(from)).toBe(`0xef0100${SIMPLE_7702_ACCOUNT_ADDRESS.slice(2).toLowerCase()}`);
  expect(await token().balanceOf(recipient)).toBe(5n);
  expect(await chain().getBalance(recipient)).toBe(parseEther('0.01'));
  // One type-4 transaction: the nonce moved by two (the transaction and the authorization it carried).
  expect(await chain().getTransactionCount(from)).toBe(2);
});

test('sponsored batch from an account with 0 ETH: upgrade and ERC-20 transfer land, the paymaster pays, still 0 ETH', async ({ firefox, dapp, devnet }) => {
  const { address } = await importFreshWallet(firefox, 0n, parseEther('50'));
  const [from] = await connect(dapp, firefox);
  expect(from).toBe(address);
  const recipient = Wallet.createRandom().address;

  const sending = dapp.request('wallet_sendCalls', [{
    version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true,
    calls: [transfer(devnet.addresses.testToken, recipient, 21n)],
    capabilities: { paymasterService: { url: devnet.paymasterUrl } },
  }]);
  const approval = await ApprovalWindow.next(firefox);
  await approval.acceptUpgrade();
  expect(await approval.text('Sponsor')).toBe(`Sponsored by Devnet Paymaster (${new URL(devnet.paymasterUrl).origin})`);
  await approval.approve();
  const id = sentId(await sending);

  // A userOp waits for the bundler's next bundle as well as for its block.
  const status = await finalStatus(dapp, id, 30_000);
  expect(status).toMatchObject({ status: 200, atomic: true });
  expect(status.receipts).toHaveLength(1);
  expect(await token().balanceOf(recipient)).toBe(21n);
  expect(await token().balanceOf(from)).toBe(parseEther('50') - 21n);
  expect(await chain().getBalance(from)).toBe(0n);
  expect(await chain().getCode(from)).toBe(`0xef0100${SIMPLE_7702_ACCOUNT_ADDRESS.slice(2).toLowerCase()}`);
});
