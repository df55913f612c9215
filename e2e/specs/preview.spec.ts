/**
 * Approvals show what will happen before the user signs: the batch is simulated (eth_simulateV1 with traceTransfers)
 * and the account's changes are listed; what the screen said is what lands. A node without the method still works.
 */
import { Interface, MaxUint256, Wallet, id, parseEther, toQuantity } from 'ethers';
import { chain, token } from '../fixtures/chain';
import { onFaultyChain, startFaultyChain, batchOn } from '../fixtures/faultyChain';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect, finalStatus, requestTokenAndEthBatch, sentId } from '../pages/flows';

const ERC20 = new Interface(['function transfer(address to, uint256 amount)', 'function approve(address spender, uint256 amount)', 'function mint(address to, uint256 amount)']);

test('an ERC-20 + ETH batch shows exactly what the account sends, and that is what lands', async ({ freshWallet, dapp, session, devnet }) => {
  const [from] = await connect(dapp, session);
  const { recipient, approval, sending } = await requestTokenAndEthBatch(dapp, session, from, devnet.addresses.testToken);
  await approval.screen.waitForText('You send', /^1\.5 TST\s*0\.001 ETH$/);
  await approval.screen.waitForText('Fee', /^Fee up to 0\.0\d+ ETH$/);
  await approval.screen.waitForText({ role: 'heading', in: 'Call 1' }, 'Send a token');
  await approval.screen.waitForText({ name: 'Amount', in: 'Call 1' }, '1.5 TST');
  expect(await approval.screen.count({ role: 'alert' })).toBe(0);
  await approval.approve();

  expect((await finalStatus(dapp, sentId(await sending))).status).toBe(200);
  expect(await token().balanceOf(recipient)).toBe(parseEther('1.5'));
  expect(await token().balanceOf(freshWallet.address)).toBe(parseEther('1000') - parseEther('1.5'));
  expect(await chain().getBalance(recipient)).toBe(parseEther('0.001'));
});

test('an unlimited approval is shown as what it allows, with warnings naming the spender; Approve waits for a second yes', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  void freshWallet;
  const [from] = await connect(dapp, session);
  const spender = Wallet.createRandom().address;
  const sending = dapp.request('eth_sendTransaction', [{ from, to: devnet.addresses.testToken, data: ERC20.encodeFunctionData('approve', [spender, MaxUint256]) }]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('You allow', /may spend UNLIMITED TST$/);
  await approval.screen.waitForText({ role: 'heading', in: 'Call' }, 'Approve: allow spending of your tokens');
  expect(await approval.screen.text({ name: 'Amount', in: 'Call' })).toBe('Unlimited TST');
  const warnings = await approval.screen.texts('Approval warning');
  expect(warnings).toContainEqual(expect.stringMatching(/^Amount: unlimited\. The spender could take ALL of this token/));
  expect(warnings).toContainEqual(expect.stringContaining(`Spender ${spender} is not a contract`));
  expect(await approval.screen.isEnabled('Approve')).toBe(false);
  await approval.reject();
  expect(await sending).toMatchObject({ error: { code: 4001 } });
});

test('a token that calls itself TST from another contract: its row names the contract and the preview flags the look-alike', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  void freshWallet;
  const [from] = await connect(dapp, session);
  // A copy of the devnet's TST at another address: same symbol, not the contract the devnet build knows.
  const fake = Wallet.createRandom().address;
  await chain().send('anvil_setCode', [fake, await chain().getCode(devnet.addresses.testToken)]);
  const sending = dapp.request('eth_sendTransaction', [{ from, to: fake, data: ERC20.encodeFunctionData('mint', [from, parseEther('1000')]) }]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('You receive', `1,000 TST (${fake.slice(0, 6)}…${fake.slice(-4)})`);
  await approval.screen.waitForText('Look-alike token', `The TST here is the contract ${fake.toLowerCase()}, not the real TST (${devnet.addresses.testToken}): it only uses its symbol. Fake tokens like this one lure people into swaps and approvals.`);
  await approval.reject();
  expect(await sending).toMatchObject({ error: { code: 4001 } });
});

test('a contract that pays out only where the base fee reads 0 (a bare simulation): the preview runs in the real next block and shows what lands, nothing', ONE_BROWSER, async ({ freshWallet, dapp, session }) => {
  void freshWallet;
  const [from] = await connect(dapp, session);
  // Raw bytecode, no Solidity: if BASEFEE is 0, log a Transfer of 1,000 tokens from itself to the caller; else stop.
  const bait = Wallet.createRandom().address;
  const transferTopic = id('Transfer(address,address,uint256)').slice(2);
  await chain().send('anvil_setCode', [bait, `0x48603957683635c9adc5dea0000060005233307f${transferTopic}60206000a35b00`]);
  const sending = dapp.request('eth_sendTransaction', [{ from, to: bait }]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Preview', /^No balance changes\./);
  expect(await approval.screen.count('You receive')).toBe(0);
  await approval.reject();
  expect(await sending).toMatchObject({ error: { code: 4001 } });
});

test('a node without eth_simulateV1: "No preview", and the batch still goes through', ONE_BROWSER, async ({ session, dapp }) => {
  const faulty = await startFaultyChain();
  try {
    const account = await onFaultyChain(session, dapp, faulty);
    faulty.proxy.set('eth_simulateV1', 'unsupported');
    const recipient = Wallet.createRandom().address;
    const sending = dapp.request('wallet_sendCalls', batchOn(account.address, 'no-preview', [{ to: recipient, value: toQuantity(parseEther('0.01')) }]));
    const approval = await ApprovalWindow.next(session);
    await approval.screen.waitForText('Preview', /^No preview: this network cannot simulate/);
    await approval.approve();
    await sending;
    await expect.poll(async () => (await dapp.result<{ status: number }>('wallet_getCallsStatus', ['no-preview'])).status).toBe(200);
    expect(await faulty.provider.getBalance(recipient)).toBe(parseEther('0.01'));
  } finally {
    await faulty.stop();
  }
});
