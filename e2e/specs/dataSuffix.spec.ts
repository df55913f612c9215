/**
 * ERC-8021 dataSuffix on wallet_sendCalls: only a well-formed attribution, never a call. It is on chain after the
 * atomic transaction's calldata (Simple7702Account's executeBatch or the DeleGator's ERC-7821 execute), after the
 * sponsored userOp's callData, or after a sequential call's own data; the call is shown (words, dangers, the allowance
 * it records) as the contract executes it, the attribution beside it.
 */
import { Interface, MaxUint256, Wallet } from 'ethers';
import { Attribution } from 'ox/erc8021';
import { ENTRY_POINT_V08 } from '../../src/shared/contracts';
import { ERC7821_EXECUTE_ABI } from '../../src/shared/erc7821';
import { chain, token } from '../fixtures/chain';
import { deleGatorWallet } from '../fixtures/deleGatorWallet';
import { expect, importFreshWallet, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect, finalStatus, sentId } from '../pages/flows';

const ERC20 = new Interface(['function transfer(address to, uint256 amount)', 'function approve(address spender, uint256 amount)', 'function allowance(address owner, address spender) view returns (uint256)']);
const SUFFIX = Attribution.toDataSuffix({ codes: ['bc_test'] });
/** A contract that takes a call with no data (its receive()): the suffix must not become that call's data. */
const CONTRACT = ENTRY_POINT_V08;

test('a suffix that is calldata is refused before any window: it cannot move the user’s tokens', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  void freshWallet;
  const [from] = await connect(dapp, session);
  // The audit's proof: "0 ETH to the token" whose suffix is transfer(attacker, balance).
  const drain = ERC20.encodeFunctionData('transfer', [Wallet.createRandom().address, await token().balanceOf(from)]);
  for (const value of [drain, `${drain}${SUFFIX.slice(2)}`]) {
    const request = [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: false, calls: [{ to: devnet.addresses.testToken, value: '0x0' }], capabilities: { dataSuffix: { value } } }];
    expect(await dapp.request('wallet_sendCalls', request)).toMatchObject({ error: { code: -32602, message: expect.stringContaining('capabilities.dataSuffix.value') } });
  }
  expect(await session.countExtensionPages('approval.html')).toBe(0);
});

test('a plain batch carries the suffix only after data a call already has or on a transfer to a plain account', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  void freshWallet;
  const [from] = await connect(dapp, session);
  const recipient = Wallet.createRandom().address;
  const calls = [
    { to: CONTRACT, value: '0x0' },
    { to: devnet.addresses.testToken, value: '0x0', data: ERC20.encodeFunctionData('transfer', [recipient, 7n]) },
    { to: recipient, value: '0x5' },
  ];
  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: false, calls, capabilities: { dataSuffix: { value: SUFFIX } } }]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Attribution', /^bc_test \(ERC-8021, after the data of call 2, 3; changes nothing the calls do\)/);
  await approval.approve();
  const status = await finalStatus(dapp, sentId(await sending));
  expect(status.status).toBe(200);
  const inputs = await Promise.all(status.receipts.map(async (r) => (await chain().getTransaction(r.transactionHash))!.data));
  expect(inputs.map((data) => data.endsWith(SUFFIX.slice(2)))).toEqual([false, true, true]);
  expect(inputs[0]).toBe('0x');
  expect(await token().balanceOf(recipient)).toBe(7n);
});

test('a call whose data stops inside its arguments does not carry the attribution, which would finish them', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  void freshWallet;
  const [from] = await connect(dapp, session);
  // An approve's selector and the zeros of its spender's word: a schema-1 attribution after it would give the spender
  // (its registry address) and the amount (its codes), approve(attacker, ~2^248) behind 16 bytes the screen cannot word.
  const attacker = Wallet.createRandom().address;
  const cut = `${ERC20.getFunction('approve')!.selector}${'00'.repeat(12)}`;
  const suffix = Attribution.toDataSuffix({ codes: ['builder_code_for_this_dapp_2026'], codeRegistry: { address: attacker as `0x${string}`, chainId: 1 } });
  const calls = [{ to: devnet.addresses.testToken, value: '0x0', data: cut }];
  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: false, calls, capabilities: { dataSuffix: { value: suffix } } }]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Attribution', /^builder_code_for_this_dapp_2026 \(ERC-8021, not added: it would change what these calls do/);
  await approval.approveDespiteRevert();
  const status = await finalStatus(dapp, sentId(await sending));
  // The 16 bytes alone: the token refuses them, and grants nothing.
  expect((await chain().getTransaction(status.receipts[0].transactionHash))!.data).toBe(cut);
  const allowance = await chain().call({ to: devnet.addresses.testToken, data: ERC20.encodeFunctionData('allowance', [from, attacker]) });
  expect(ERC20.decodeFunctionResult('allowance', allowance)[0]).toBe(0n);
});

test('an unlimited approve in a sequential batch with an attribution is shown in words with its dangers, the attribution beside it, and its allowance is listed', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  const { popup } = freshWallet;
  const [from] = await connect(dapp, session);
  // A key, not a contract: the approve names both dangers and asks the second yes, as it does without an attribution.
  const spender = Wallet.createRandom().address;
  const approve = ERC20.encodeFunctionData('approve', [spender, MaxUint256]);
  const calls = [{ to: devnet.addresses.testToken, value: '0x0', data: approve }];
  // atomicRequired false from an account not delegated: one transaction per call, the attribution after its data.
  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: false, calls, capabilities: { dataSuffix: { value: SUFFIX } } }]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'heading', in: 'Call 1' }, 'Approve: allow spending of your tokens');
  expect(await approval.screen.text({ name: 'Amount', in: 'Call 1' })).toBe('Unlimited TST');
  const warnings = await approval.screen.texts('Approval warning');
  expect(warnings).toContainEqual(expect.stringMatching(/^Amount: unlimited\. The spender could take ALL of this token/));
  expect(warnings).toContainEqual(expect.stringContaining(`Spender ${spender} is not a contract`));
  expect(await approval.screen.text('Attribution')).toMatch(/^bc_test \(ERC-8021, after the data of call 1; changes nothing the calls do\)/);
  expect(await approval.screen.isEnabled('Approve')).toBe(false);
  await approval.approveDespiteDangers();
  const status = await finalStatus(dapp, sentId(await sending));
  expect(status.status).toBe(200);
  // On chain the approve carries the attribution after its data, and grants what the screen said.
  expect((await chain().getTransaction(status.receipts[0].transactionHash))!.data).toBe(`${approve}${SUFFIX.slice(2)}`);
  const allowance = await chain().call({ to: devnet.addresses.testToken, data: ERC20.encodeFunctionData('allowance', [from, spender]) });
  expect(ERC20.decodeFunctionResult('allowance', allowance)[0]).toBe(MaxUint256);
  await popup.waitForAllowance(spender, /may spend UNLIMITED TST/);
});

test('an atomic batch carries the suffix after the transaction’s calldata, where indexers read it', ONE_BROWSER, async ({ freshWallet, dapp, session, devnet }) => {
  void freshWallet;
  const [from] = await connect(dapp, session);
  const recipient = Wallet.createRandom().address;
  const calls = [{ to: CONTRACT, value: '0x0' }, { to: devnet.addresses.testToken, value: '0x0', data: ERC20.encodeFunctionData('transfer', [recipient, 5n]) }];
  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true, calls, capabilities: { dataSuffix: { value: SUFFIX } } }]);
  const approval = await ApprovalWindow.next(session);
  await approval.acceptUpgrade();
  await approval.screen.waitForText('Attribution', /^bc_test \(ERC-8021, after the transaction’s data; changes nothing the calls do\)/);
  await approval.approve();
  const status = await finalStatus(dapp, sentId(await sending));
  expect(status.status).toBe(200);
  const tx = (await chain().getTransaction(status.receipts[0].transactionHash))!;
  expect(tx.to?.toLowerCase()).toBe(from.toLowerCase());
  expect(tx.data.endsWith(SUFFIX.slice(2))).toBe(true);
  expect(await token().balanceOf(recipient)).toBe(5n);
});

test('an account on the DeleGator: the atomic batch’s ERC-7821 execute carries the suffix after its calldata, the calls shown and run as before', ONE_BROWSER, async ({ session, dapp }) => {
  const { account } = await deleGatorWallet(session);
  const [from] = await connect(dapp, session);
  expect(from).toBe(account.toLowerCase());
  const recipient = Wallet.createRandom().address;
  const calls = [{ to: token().target as string, value: '0x0', data: ERC20.encodeFunctionData('transfer', [recipient, 5n]) }];
  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true, calls, capabilities: { dataSuffix: { value: SUFFIX } } }]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Attribution', /^bc_test \(ERC-8021, after the transaction’s data; changes nothing the calls do\)/);
  await approval.approve();
  const status = await finalStatus(dapp, sentId(await sending));
  expect(status.status).toBe(200);
  const tx = (await chain().getTransaction(status.receipts[0].transactionHash))!;
  expect(tx.to?.toLowerCase()).toBe(from);
  expect(tx.data.startsWith(new Interface(ERC7821_EXECUTE_ABI).getFunction('execute')!.selector)).toBe(true);
  expect(tx.data.endsWith(SUFFIX.slice(2))).toBe(true);
  expect(await token().balanceOf(recipient)).toBe(5n);
});

test('a sponsored batch carries the suffix after the userOp’s callData', ONE_BROWSER, async ({ session, dapp, devnet }) => {
  await importFreshWallet(session, 0n, 100n);
  const [from] = await connect(dapp, session);
  const calls = [{ to: devnet.addresses.testToken, value: '0x0', data: ERC20.encodeFunctionData('transfer', [Wallet.createRandom().address, 3n]) }];
  const capabilities = { paymasterService: { url: devnet.paymasterUrl }, dataSuffix: { value: SUFFIX, optional: true } };
  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true, calls, capabilities }]);
  const approval = await ApprovalWindow.next(session);
  await approval.acceptUpgrade();
  await approval.screen.waitForText('Attribution', /^bc_test \(ERC-8021, after the user operation’s data/);
  await approval.approve();
  const status = await finalStatus(dapp, sentId(await sending), 30_000);
  expect(status.status).toBe(200);
  // The bundle's handleOps carries the userOp, whose callData ends with the suffix (then padding to 32 bytes).
  const bundle = (await chain().getTransaction(status.receipts[0].transactionHash))!.data;
  expect(bundle).toContain(SUFFIX.slice(2));
});
