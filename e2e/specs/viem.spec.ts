/** viem's EIP-5792 actions against the wallet, from a page, as a real client sends them. */
import { Interface, parseEther } from 'ethers';
import { chain, token } from '../fixtures/chain';
import { expect, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';

const ERC20 = new Interface(['function transfer(address to, uint256 amount)']);
const RECIPIENT = '0x000000000000000000000000000000000000bEEF';

type Capabilities = Record<string, unknown>;
type CallsStatus = { status: string; statusCode: number; atomic: boolean; receipts: { status: string }[] };

test('viem sendCalls / getCallsStatus / getCapabilities: atomic batch with upgrade', async ({ freshWallet, dapp, session, devnet }) => {
  await dapp.loadViem();
  await connect(dapp, session);
  const account = freshWallet.address;

  const before = await dapp.viem<Capabilities>('getCapabilities', account);
  expect(before['31337']).toEqual({ atomic: { status: 'ready' }, paymasterService: { supported: true }, alternateGasFees: { supported: true }, dataSuffix: { supported: true }, assetDiscovery: { supported: true } });

  const calls = [
    { to: devnet.addresses.testToken, data: ERC20.encodeFunctionData('transfer', [RECIPIENT, 11n]) },
    { to: RECIPIENT, value: parseEther('0.02').toString() },
  ];
  const sending = dapp.viem<{ id: string }>('sendCalls', account, calls, true);
  const approval = await ApprovalWindow.next(session);
  await approval.acceptUpgrade();
  await approval.approve();
  const { id } = await sending;

  await expect.poll(async () => (await dapp.viem<CallsStatus>('getCallsStatus', id)).status, { intervals: [100] }).toBe('success');
  const status = await dapp.viem<CallsStatus>('getCallsStatus', id);
  expect(status).toMatchObject({ statusCode: 200, atomic: true });
  expect(status.receipts).toHaveLength(1);
  expect(await token().balanceOf(RECIPIENT)).toBeGreaterThanOrEqual(11n);
  expect(await chain().getCode(account)).toMatch(/^0xef0100/);

  const after = await dapp.viem<Capabilities>('getCapabilities', account);
  expect(after['31337']).toEqual({ atomic: { status: 'supported' }, paymasterService: { supported: true }, alternateGasFees: { supported: true }, dataSuffix: { supported: true }, assetDiscovery: { supported: true } });
});
