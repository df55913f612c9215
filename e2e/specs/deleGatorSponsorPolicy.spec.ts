/**
 * A paymaster service whose policy limits the call targets reads them from a DeleGator account's ERC-7821 execute:
 * a sponsored batch of an account on the DeleGator is sponsored when every call goes to an allowed target, and refused
 * (4300, nothing sent) when one does not.
 */
import { Contract, Interface, Wallet } from 'ethers';
import { PAYMASTER_SIGNER, SIMPLE_7702_ACCOUNT_ADDRESS } from '../../devnet/constants';
import { startPaymasterService, type PaymasterService } from '../../paymaster/server';
import { DELEGATOR_V08, delegationCode } from '../../src/shared/contracts';
import { chain, token } from '../fixtures/chain';
import { deleGatorWallet } from '../fixtures/deleGatorWallet';
import { devnetInfo } from '../fixtures/devnetInfo';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect, finalStatus, sentId } from '../pages/flows';

const ERC20 = new Interface(['function transfer(address to, uint256 amount)']);
const ENTRY_POINT_ABI = ['function getNonce(address sender, uint192 key) view returns (uint256)'];

let service: PaymasterService;
const refusals: string[] = [];

test.beforeAll(async () => {
  const devnet = devnetInfo();
  service = await startPaymasterService({
    port: 0, rpcUrl: devnet.rpcUrl, signerKey: PAYMASTER_SIGNER.privateKey, paymaster: devnet.addresses.verifyingPaymaster,
    entryPoint: devnet.addresses.entryPoint, reconcileIntervalMs: 0,
    policy: { sponsor: { name: 'Token Sponsor' }, chainIds: [31337], targets: [devnet.addresses.testToken], delegates: [SIMPLE_7702_ACCOUNT_ADDRESS, DELEGATOR_V08] },
    log: (line) => {
      const { msg } = JSON.parse(line) as { msg: string };
      if (msg.includes('-> refused')) refusals.push(msg);
    },
  });
});

test.afterAll(async () => {
  await service?.stop();
});

const transfer = (to: string, amount: bigint) => ({ to: devnetInfo().addresses.testToken, value: '0x0', data: ERC20.encodeFunctionData('transfer', [to, amount]) });
const sponsored = (from: string, calls: object[]) => [{
  version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true, calls, capabilities: { paymasterService: { url: service.url } },
}];

test('a policy limited to the token: a DeleGator account\'s batch of token transfers is sponsored and lands', ONE_BROWSER, async ({ session, dapp }) => {
  const { account } = await deleGatorWallet(session);
  const [from] = await connect(dapp, session);
  const [first, second] = [Wallet.createRandom().address, Wallet.createRandom().address];
  const eth = await chain().getBalance(account);
  const sending = dapp.request('wallet_sendCalls', sponsored(from, [transfer(first, 3n), transfer(second, 4n)]));
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Sponsor', `Sponsored by Token Sponsor (${new URL(service.url).origin})`);
  await approval.approve();
  const status = await finalStatus(dapp, sentId(await sending), 30_000);
  expect(status).toMatchObject({ status: 200, atomic: true });
  expect(await token().balanceOf(first)).toBe(3n);
  expect(await token().balanceOf(second)).toBe(4n);
  // The paymaster paid, and the account is still on the DeleGator.
  expect(await chain().getBalance(account)).toBe(eth);
  expect(await chain().getCode(account)).toBe(delegationCode(DELEGATOR_V08).toLowerCase());
});

test('a policy limited to the token: a DeleGator account\'s batch that also pays another address is refused, nothing sent', ONE_BROWSER, async ({ session, dapp }) => {
  const { account } = await deleGatorWallet(session);
  const [from] = await connect(dapp, session);
  const [recipient, elsewhere] = [Wallet.createRandom().address, Wallet.createRandom().address];
  const refusedBefore = refusals.length;
  const outcome = await dapp.request('wallet_sendCalls', sponsored(from, [transfer(recipient, 3n), { to: elsewhere, value: '0x1' }]));
  expect(outcome).toEqual({ error: { code: 4300, message: 'Paymaster service error' } });
  // Refused for its target (the service read the DeleGator's calls), not as undecodable or for the account.
  expect(refusals.slice(refusedBefore).join('\n')).toContain(`Not sponsored: call target ${elsewhere} is not on the sponsored targets list`);
  expect(await token().balanceOf(recipient)).toBe(0n);
  expect(await chain().getBalance(elsewhere)).toBe(0n);
  expect(await new Contract(devnetInfo().addresses.entryPoint, ENTRY_POINT_ABI, chain()).getNonce(account, 0)).toBe(0n);
});
