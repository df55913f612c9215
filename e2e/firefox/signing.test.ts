/** eth_sendTransaction and personal_sign in Firefox, as every dapp calls them. */
import { Wallet, parseEther, toQuantity, verifyMessage } from 'ethers';
import { chain } from '../fixtures/chain';
import { poll } from './poll';
import { connect } from './pages/flows';
import { ApprovalWindow } from './pages/wallet';
import { ACCOUNT_0, expect, test } from './fixtures';

test('eth_sendTransaction sends ETH after approval and the transaction lands', async ({ freshWallet, dapp, firefox }) => {
  const [from] = await connect(dapp, firefox);
  expect(from).toBe(freshWallet.address);
  const to = Wallet.createRandom().address;

  const sending = dapp.request('eth_sendTransaction', [{ from, to, value: toQuantity(parseEther('0.25')) }]);
  const approval = await ApprovalWindow.next(firefox);
  expect(await approval.text('Value')).toBe('0.25 ETH');
  await approval.approve();
  const outcome = await sending;
  expect(outcome).toEqual({ result: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
  const hash = (outcome as { result: string }).result;

  const receipt = await poll('the receipt', async () => (await dapp.result<{ status: string } | null>('eth_getTransactionReceipt', [hash])) ?? undefined);
  expect(receipt.status).toBe('0x1');
  expect(await chain().getBalance(to)).toBe(parseEther('0.25'));
});

test('personal_sign shows the text and the signature verifies', async ({ wallet, dapp, firefox }) => {
  void wallet;
  const [from] = await connect(dapp, firefox);
  expect(from).toBe(ACCOUNT_0);
  const signing = dapp.request('personal_sign', ['0x48656c6c6f2c20776f726c64', from]);
  const approval = await ApprovalWindow.next(firefox);
  expect(await approval.text('Message')).toBe('Hello, world');
  await approval.sign();
  const outcome = await signing;
  expect(outcome).toEqual({ result: expect.stringMatching(/^0x[0-9a-f]{130}$/) });
  expect(verifyMessage('Hello, world', (outcome as { result: string }).result)).toBe(from);
});
