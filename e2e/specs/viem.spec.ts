/** viem's EIP-5792 actions against the wallet, from a page, as a real client sends them. */
import { Interface, parseEther } from 'ethers';
import { VIEM_CLIENT_BUNDLE } from '../fixtures/clients';
import { chain, token } from '../fixtures/chain';
import { expect, test } from '../fixtures/test';
import { connect } from '../pages/flows';
import { ApprovalWindow } from '../pages/wallet';

const ERC20 = new Interface(['function transfer(address to, uint256 amount)']);
const RECIPIENT = '0x000000000000000000000000000000000000bEEF';

type ViemDapp = {
  getCapabilities(account: string): Promise<Record<string, unknown>>;
  sendCalls(account: string, calls: { to: string; value?: string; data?: string }[], forceAtomic: boolean): Promise<{ id: string }>;
  getCallsStatus(id: string): Promise<{ status: string; statusCode: number; atomic: boolean; receipts: { status: string }[] }>;
};

test('viem sendCalls / getCallsStatus / getCapabilities: atomic batch with upgrade', async ({ freshWallet, dapp, context, devnet }) => {
  await dapp.page.addScriptTag({ path: VIEM_CLIENT_BUNDLE });
  await connect(dapp, context);
  const account = freshWallet.address;

  const viem = (fn: string, ...args: unknown[]) =>
    dapp.page.evaluate(([fn, args]) => (window as unknown as { viemDapp: Record<string, (...a: unknown[]) => unknown> }).viemDapp[fn as string](...(args as unknown[])), [fn, args] as const);

  const before = (await viem('getCapabilities', account)) as Awaited<ReturnType<ViemDapp['getCapabilities']>>;
  expect(before['31337']).toEqual({ atomic: { status: 'ready' }, paymasterService: { supported: true } });

  const calls = [
    { to: devnet.addresses.testToken, data: ERC20.encodeFunctionData('transfer', [RECIPIENT, 11n]) },
    { to: RECIPIENT, value: parseEther('0.02').toString() },
  ];
  const sending = viem('sendCalls', account, calls, true) as Promise<{ id: string }>;
  const approval = await ApprovalWindow.next(context);
  await approval.acceptUpgrade();
  await approval.approve();
  const { id } = await sending;

  await expect.poll(async () => ((await viem('getCallsStatus', id)) as Awaited<ReturnType<ViemDapp['getCallsStatus']>>).status, { intervals: [100] }).toBe('success');
  const status = (await viem('getCallsStatus', id)) as Awaited<ReturnType<ViemDapp['getCallsStatus']>>;
  expect(status).toMatchObject({ statusCode: 200, atomic: true });
  expect(status.receipts).toHaveLength(1);
  expect(await token().balanceOf(RECIPIENT)).toBeGreaterThanOrEqual(11n);
  expect(await chain().getCode(account)).toMatch(/^0xef0100/);

  const after = (await viem('getCapabilities', account)) as Awaited<ReturnType<ViemDapp['getCapabilities']>>;
  expect(after['31337']).toEqual({ atomic: { status: 'supported' }, paymasterService: { supported: true } });
});
