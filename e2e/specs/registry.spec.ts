/**
 * The ERC-7730 registry the wallet ships, end to end: the devnet build binds the registry's Aave v3 Pool, 1inch
 * AggregationRouterV6 and WETH descriptors at the devnet's stand-ins for them (devnet/constants.ts REGISTRY_STAND_INS,
 * scripts/erc7730Registry/devnetAliases.ts), so a supply or a swap there is reviewed in the registry's words, read from
 * the extension's files on first use. WETH's is the one of the three whose auditor's review the build verifies: its
 * words name the auditor.
 */
import { Contract, Interface, parseEther } from 'ethers';
import { REGISTRY_STAND_INS, TEST_PERMIT_TOKEN_ADDRESS, TEST_TOKEN_ADDRESS } from '../../devnet/constants';
import { chain, token } from '../fixtures/chain';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect, finalStatus } from '../pages/flows';

const ERC20 = new Interface(['function approve(address spender, uint256 amount)']);
const POOL = new Interface(['function supply(address asset, uint256 amount, address onBehalfOf, uint16 referralCode)', 'function supplied(address asset, address account) view returns (uint256)']);

test('an Aave supply: in the registry\'s words with its amount in the token; approved, the pool holds it', ONE_BROWSER, async ({ freshWallet, dapp, session }) => {
  void freshWallet;
  const [from] = await connect(dapp, session);
  const amount = parseEther('1.5');
  const calls = [
    { to: TEST_TOKEN_ADDRESS, value: '0x0', data: ERC20.encodeFunctionData('approve', [REGISTRY_STAND_INS.aavePool, amount]) },
    { to: REGISTRY_STAND_INS.aavePool, value: '0x0', data: POOL.encodeFunctionData('supply', [TEST_TOKEN_ADDRESS, amount, from, 0]) },
  ];
  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: false, id: 'aave-supply', calls }]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'heading', in: 'Call 2' }, 'Supply');
  expect(await approval.screen.text({ name: 'Amount to supply', in: 'Call 2' })).toBe('1.5 TST');
  await approval.approve();
  expect(await sending).toMatchObject({ result: { id: 'aave-supply' } });
  expect((await finalStatus(dapp, 'aave-supply')).status).toBe(200);
  const supplied = await chain().call({ to: REGISTRY_STAND_INS.aavePool, data: POOL.encodeFunctionData('supplied', [TEST_TOKEN_ADDRESS, from]) });
  expect(BigInt(supplied)).toBe(amount);
  expect(await token().balanceOf(REGISTRY_STAND_INS.aavePool)).toBeGreaterThanOrEqual(amount);
});

const ROUTER = new Interface(['function swap(address executor, (address srcToken, address dstToken, address srcReceiver, address dstReceiver, uint256 amount, uint256 minReturnAmount, uint256 flags) desc, bytes data)']);

test('a 1inch swap: in the registry\'s words, what is sent and the least received, each in its token; approved, the tokens move', ONE_BROWSER, async ({ freshWallet, dapp, session }) => {
  void freshWallet;
  const [from] = await connect(dapp, session);
  const [amount, minReturn] = [parseEther('2'), parseEther('1.9')];
  const desc = [TEST_TOKEN_ADDRESS, TEST_PERMIT_TOKEN_ADDRESS, REGISTRY_STAND_INS.oneInchRouter, from, amount, minReturn, 0];
  const calls = [
    { to: TEST_TOKEN_ADDRESS, value: '0x0', data: ERC20.encodeFunctionData('approve', [REGISTRY_STAND_INS.oneInchRouter, amount]) },
    { to: REGISTRY_STAND_INS.oneInchRouter, value: '0x0', data: ROUTER.encodeFunctionData('swap', [REGISTRY_STAND_INS.oneInchRouter, desc, '0x']) },
  ];
  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: false, id: '1inch-swap', calls }]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'heading', in: 'Call 2' }, 'Swap');
  expect(await approval.screen.text({ name: 'Amount to Send', in: 'Call 2' })).toBe('2 TST');
  expect(await approval.screen.text({ name: 'Minimum to Receive', in: 'Call 2' })).toBe('1.9 TPT');
  await approval.approve();
  expect(await sending).toMatchObject({ result: { id: '1inch-swap' } });
  expect((await finalStatus(dapp, '1inch-swap')).status).toBe(200);
  expect(await token().balanceOf(from)).toBe(parseEther('1000') - amount);
  expect(await new Contract(TEST_PERMIT_TOKEN_ADDRESS, ['function balanceOf(address) view returns (uint256)'], chain()).balanceOf(from)).toBe(minReturn);
});

test('a registry descriptor whose review the build verified names its auditor; one no one attested names none', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  const [from] = await connect(dapp, session);
  const calls = [
    { to: REGISTRY_STAND_INS.weth, value: '0x1', data: '0xd0e30db0' },
    { to: REGISTRY_STAND_INS.aavePool, value: '0x0', data: POOL.encodeFunctionData('supply', [TEST_TOKEN_ADDRESS, 1n, from, 0]) },
  ];
  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: false, calls }]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'heading', in: 'Call 1' }, 'Wrap');
  expect(await approval.screen.text('Call 1')).toContain('Reviewed by Patrick Collins (Cyfrin)');
  await approval.screen.waitForText({ role: 'heading', in: 'Call 2' }, 'Supply');
  expect(await approval.screen.text('Call 2')).not.toContain('Reviewed by');
  await approval.reject();
  expect(await sending).toMatchObject({ error: { code: 4001 } });
});

test('a 1inch swap with a referral tag after its arguments (as 1inch\'s source tags): still in the registry\'s words, the tag named as a danger', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  const [from] = await connect(dapp, session);
  const desc = [TEST_TOKEN_ADDRESS, TEST_PERMIT_TOKEN_ADDRESS, REGISTRY_STAND_INS.oneInchRouter, from, parseEther('2'), parseEther('1.9'), 0];
  const data = `${ROUTER.encodeFunctionData('swap', [REGISTRY_STAND_INS.oneInchRouter, desc, '0x'])}00000000000000000000000000000000000000000000000000000000000000a1`;
  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: false, calls: [{ to: REGISTRY_STAND_INS.oneInchRouter, value: '0x0', data }] }]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'heading', in: 'Call 1' }, 'Swap');
  expect(await approval.screen.text({ name: 'Amount to Send', in: 'Call 1' })).toBe('2 TST');
  expect(await approval.screen.texts('Approval warning')).toContainEqual(expect.stringMatching(/^This call's data has 32 bytes after its arguments/));
  await approval.reject();
  expect(await sending).toMatchObject({ error: { code: 4001 } });
});
