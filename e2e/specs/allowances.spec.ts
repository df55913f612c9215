/** Approvals: an allowance granted through the wallet is listed as it stands on chain, and revoked with a reviewed transaction. */
import { Interface, Wallet, parseEther } from 'ethers';
import { TEST_TOKEN_ADDRESS } from '../../devnet/constants';
import { chain } from '../fixtures/chain';
import { expect, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';

const ERC20 = new Interface(['function approve(address spender, uint256 amount)', 'function allowance(address owner, address spender) view returns (uint256)']);

test('an approve sent through the wallet is listed with what is left, and its revoke (reviewed, sent) takes it off', async ({ freshWallet, dapp, session }) => {
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
  const left = ERC20.decodeFunctionResult('allowance', await chain().call({ to: TEST_TOKEN_ADDRESS, data: ERC20.encodeFunctionData('allowance', [from, spender]) }))[0];
  expect(left).toBe(0n);
});
