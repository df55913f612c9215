/**
 * A Uniswap Universal Router call on the approval screen: each command of its plan in words, with its amounts read
 * from the devnet's tokens (TST and TPT), below the call and its deadline. The devnet build binds the wallet's router
 * 2.0 descriptor at a stand-in address (devnet/constants.ts UNISWAP_ROUTER_STAND_IN), where this test puts code that
 * accepts any call.
 */
import { AbiCoder, Interface, getAddress, parseEther, solidityPacked } from 'ethers';
import { TEST_PERMIT_TOKEN_ADDRESS, TEST_TOKEN_ADDRESS, UNISWAP_ROUTER_STAND_IN } from '../../devnet/constants';
import { chain } from '../fixtures/chain';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';

const router = new Interface(['function execute(bytes commands, bytes[] inputs, uint256 deadline)']);
const coder = AbiCoder.defaultAbiCoder();
/** The router's recipient constants (ActionConstants): the caller, and the router itself. */
const MSG_SENDER = '0x0000000000000000000000000000000000000001';
const ADDRESS_THIS = '0x0000000000000000000000000000000000000002';
const DEADLINE = 4_102_444_800n; // 2100-01-01 00:00 UTC

const wrap = coder.encode(['address', 'uint256'], [ADDRESS_THIS, parseEther('0.5')]);
const swap = coder.encode(['address', 'uint256', 'uint256', 'bytes', 'bool'], [MSG_SENDER, parseEther('1000'), parseEther('990'), solidityPacked(['address', 'uint24', 'address'], [TEST_TOKEN_ADDRESS, 500, TEST_PERMIT_TOKEN_ADDRESS]), true]);

test('a Universal Router swap: each command in words with its tokens and amounts; a command the wallet cannot read is named and asks the second yes', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  await chain().send('anvil_setCode', [UNISWAP_ROUTER_STAND_IN, '0x00']);
  const [from] = await connect(dapp, session);

  const swapping = dapp.request('eth_sendTransaction', [{ from, to: UNISWAP_ROUTER_STAND_IN, value: '0x6f05b59d3b20000', data: router.encodeFunctionData('execute', ['0x0b00', [wrap, swap], DEADLINE]) }]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'heading', in: 'Command 2, in words' }, 'Swap (Uniswap v3)');
  expect(await approval.screen.text({ role: 'heading', in: 'Command 1, in words' })).toBe('Wrap ETH');
  expect(await approval.screen.text({ name: 'Amount', in: 'Command 1, in words' })).toBe('0.5 ETH');
  expect(await approval.screen.text({ name: 'Send', in: 'Command 2, in words' })).toBe('1,000 TST');
  expect(await approval.screen.text({ name: 'Receive at least', in: 'Command 2, in words' })).toBe('990 TPT');
  expect(await approval.screen.text({ name: 'Pool fee', in: 'Command 2, in words' })).toBe('0.05%');
  const you = getAddress(from);
  // The router pays MSG_SENDER, the caller: the screen names it as the user's own account.
  expect(await approval.screen.text({ name: 'Recipient', in: 'Command 2, in words' })).toBe(`Account 1 (your account) ${you.slice(0, 6)}…${you.slice(-4)}`);
  expect(await approval.screen.text({ name: 'Deadline', in: 'Call' })).toBe('2100-01-01 00:00 UTC');
  await approval.reject();
  expect(await swapping).toMatchObject({ error: { code: 4001 } });

  const unread = dapp.request('eth_sendTransaction', [{ from, to: UNISWAP_ROUTER_STAND_IN, data: router.encodeFunctionData('execute', ['0x001f', [swap, '0x1234'], DEADLINE]) }]);
  const second = await ApprovalWindow.next(session);
  await second.screen.waitForText({ role: 'heading', in: 'Command 2, in words' }, 'Not read by the wallet: a command the wallet does not know');
  const warnings = await second.screen.texts('Approval warning');
  expect(warnings).toContainEqual(expect.stringMatching(/^This router call does something the wallet cannot read\. Command 2 \(0x1f\)/));
  expect(await second.screen.isEnabled('Approve')).toBe(false);
  await second.reject();
  expect(await unread).toMatchObject({ error: { code: 4001 } });
});
