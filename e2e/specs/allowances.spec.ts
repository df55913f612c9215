/** Approvals: an allowance granted through the wallet is listed as it stands on chain, and revoked with a reviewed transaction. */
import { Contract, Interface, Signature, Wallet, parseEther, toQuantity } from 'ethers';
import { TEST_PERMIT_TOKEN_ADDRESS, TEST_TOKEN_ADDRESS } from '../../devnet/constants';
import { chain } from '../fixtures/chain';
import { eip2612Permit } from '../fixtures/permits';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';

const ERC20 = new Interface(['function approve(address spender, uint256 amount)', 'function allowance(address owner, address spender) view returns (uint256)']);

test('an approve sent through the wallet is listed with what is left, and its revoke (reviewed, sent) takes it off; Activity words both as their screens did', async ({ freshWallet, dapp, session }) => {
  const { popup } = freshWallet;
  const [from] = await connect(dapp, session);
  const spender = Wallet.createRandom().address;
  const approving = dapp.request('eth_sendTransaction', [{ from, to: TEST_TOKEN_ADDRESS, data: ERC20.encodeFunctionData('approve', [spender, parseEther('5')]) }]);
  // The spender is a key, not a contract: named as on a permit's screen, and approved with the second yes.
  await (await ApprovalWindow.next(session)).approveDespiteDangers();
  await approving;
  await popup.waitForAllowance(spender, /may spend 5 TST/);

  await popup.revokeAllowance(spender);
  const review = await ApprovalWindow.next(session);
  await review.screen.waitForText({ role: 'heading', in: 'Call' }, 'Approve: allow spending of your tokens');
  await review.screen.waitForText({ name: 'Amount', in: 'Call' }, '0 TST');
  // Taking an allowance back grants nothing: no danger, no second yes.
  expect(await review.screen.count('Approval warning')).toBe(0);
  await review.approve();
  await popup.waitForNoAllowance(spender);
  // Activity words both calls as their approval screens did (the engine's words, kept with each batch).
  const named = `Spender ${spender.slice(0, 6)}…${spender.slice(-4)}`;
  await popup.waitForActivityCalls([`Approve: allow spending of your tokens (${named}, Amount 0 TST)`, `Approve: allow spending of your tokens (${named}, Amount 5 TST)`]);
  const left = ERC20.decodeFunctionResult('allowance', await chain().call({ to: TEST_TOKEN_ADDRESS, data: ERC20.encodeFunctionData('allowance', [from, spender]) }))[0];
  expect(left).toBe(0n);
});

const PERMIT_TOKEN = new Interface([
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function allowance(address owner, address spender) view returns (uint256)',
]);

test('an EIP-2612 permit signed in the wallet and used on chain by its spender is listed, and its revoke (reviewed, sent) takes it off', ONE_BROWSER, async ({ freshWallet, dapp, session }) => {
  const { popup } = freshWallet;
  const [owner] = await connect(dapp, session);
  // The spender is a key the test holds: it sends permit() itself, as a site's relayer would.
  const spender = Wallet.createRandom(chain());
  await chain().send('anvil_setBalance', [spender.address, toQuantity(parseEther('1'))]);
  const permit = { owner, spender: spender.address, value: parseEther('5').toString(), nonce: 0, deadline: 4102444800 };
  const typed = eip2612Permit({ name: 'Test Permit Token', address: TEST_PERMIT_TOKEN_ADDRESS }, permit);
  const signing = dapp.request('eth_signTypedData_v4', [owner, JSON.stringify(typed)]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'heading', name: 'Permit: allow spending of your tokens' }, 'Permit: allow spending of your tokens');
  expect(await approval.screen.text('Amount')).toBe('5 TPT');
  await approval.signDespiteDangers();
  const { result: signature } = (await signing) as { result: string };

  const { v, r, s } = Signature.from(signature);
  const token = new Contract(TEST_PERMIT_TOKEN_ADDRESS, PERMIT_TOKEN, spender);
  await (await token.permit(owner, spender.address, permit.value, permit.deadline, v, r, s)).wait();
  expect(await token.allowance(owner, spender.address)).toBe(parseEther('5'));
  await popup.waitForAllowance(spender.address, /may spend 5 TPT/);

  await popup.revokeAllowance(spender.address);
  const review = await ApprovalWindow.next(session);
  await review.screen.waitForText({ role: 'heading', in: 'Call' }, 'Approve: allow spending of your tokens');
  await review.screen.waitForText({ name: 'Amount', in: 'Call' }, '0 TPT');
  await review.approve();
  await popup.waitForNoAllowance(spender.address);
  expect(await token.allowance(owner, spender.address)).toBe(0n);
});
