/**
 * Clear signing: a signature request in words, with its dangers named before Sign, and the signature still the one
 * eth-sig-util recovers. The devnet's test token (TST) is the Permit's verifying contract, so its amount is read on chain.
 * A descriptor file the user adds in Settings (chosen as from the file dialog) words the calls its context binds, only those.
 */
import { SignTypedDataVersion, recoverPersonalSignature, recoverTypedSignature } from '@metamask/eth-sig-util';
import { readFileSync, writeFileSync } from 'node:fs';
import { Interface, MaxUint256, Wallet, keccak256, parseEther, toUtf8Bytes } from 'ethers';
import { TEST_COLLECTIBLE_ADDRESS, TEST_PERMIT_TOKEN_ADDRESS, TEST_TOKEN_ADDRESS } from '../../devnet/constants';
import { chain, mintCollectible } from '../fixtures/chain';
import { eip2612Permit, permit2Single, seaportListing } from '../fixtures/permits';
import { ACCOUNT_1, expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';

const ERC20 = new Interface(['function approve(address spender, uint256 amount)', 'function mint(address to, uint256 value)', 'function allowance(address owner, address spender) view returns (uint256)']);
const unlimitedPermit = (owner: string, spender: string) =>
  eip2612Permit({ name: 'Test Token', address: TEST_TOKEN_ADDRESS }, { owner, spender, value: MaxUint256.toString(), nonce: 0, deadline: 4102444800 });

test('an unlimited Permit to an account without code: in words, its dangers named, Sign only after a second yes; the signature recovers; a batch approving the same reads the same', async ({ wallet, dapp, session }) => {
  void wallet;
  const [from] = await connect(dapp, session);
  const spender = Wallet.createRandom().address;
  const data = unlimitedPermit(from, spender);
  const signing = dapp.request('eth_signTypedData_v4', [from, JSON.stringify(data)]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'heading', name: 'Permit: allow spending of your tokens' }, 'Permit: allow spending of your tokens');
  expect(await approval.screen.text('Amount')).toBe('Unlimited TST');
  expect(await approval.screen.text('Valid until')).toBe('2100-01-01 00:00 UTC');
  const warnings = await approval.screen.texts('Signature warning');
  expect(warnings).toContainEqual(expect.stringMatching(/^Amount: unlimited\. The spender could take ALL of this token/));
  expect(warnings).toContainEqual(expect.stringContaining(`Spender ${spender} is not a contract`));
  expect(warnings).toContainEqual(expect.stringMatching(/^Valid until is \d+ years away/));
  expect(await approval.screen.isEnabled('Sign')).toBe(false);
  await approval.signDespiteDangers();
  const { result: signature } = (await signing) as { result: string };
  expect(recoverTypedSignature({ data: data as never, signature, version: SignTypedDataVersion.V4 })).toBe(from.toLowerCase());

  // The same grant as a call in a batch: the same allowance wording and the same danger rows (a call has no deadline).
  const approveCall = { to: TEST_TOKEN_ADDRESS, value: '0x0', data: ERC20.encodeFunctionData('approve', [spender, MaxUint256]) };
  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: false, calls: [approveCall] }]);
  const batch = await ApprovalWindow.next(session);
  await batch.screen.waitForText({ role: 'heading', in: 'Call 1' }, 'Approve: allow spending of your tokens');
  expect(await batch.screen.text({ name: 'Amount', in: 'Call 1' })).toBe('Unlimited TST');
  expect(await batch.screen.texts('Approval warning')).toEqual(warnings.filter((w) => !w.startsWith('Valid until')));
  expect(await batch.screen.isEnabled('Approve')).toBe(false);
  await batch.reject();
  expect(await sending).toMatchObject({ error: { code: 4001 } });
});

test("an unlimited approve with a site's own bytes after its arguments: in words with both dangers and the bytes named, Approve only after a second yes; sent, it grants and is listed as shown", ONE_BROWSER, async ({ freshWallet, dapp, session }) => {
  const { popup } = freshWallet;
  const [from] = await connect(dapp, session);
  // The token's decoder ignores the 4 bytes and runs the unlimited approve: the screen must say so, not show bytes.
  const spender = Wallet.createRandom().address;
  const data = `${ERC20.encodeFunctionData('approve', [spender, MaxUint256])}deadbeef`;
  const expectShown = async (approval: ApprovalWindow, call: string) => {
    await approval.screen.waitForText({ role: 'heading', in: call }, 'Approve: allow spending of your tokens');
    expect(await approval.screen.text({ name: 'Amount', in: call })).toBe('Unlimited TST');
    const warnings = await approval.screen.texts('Approval warning');
    expect(warnings).toContainEqual(expect.stringMatching(/^Amount: unlimited\. The spender could take ALL of this token/));
    expect(warnings).toContainEqual(expect.stringContaining(`Spender ${spender} is not a contract`));
    expect(warnings).toContainEqual(expect.stringMatching(/^This call's data has 4 bytes after its arguments \(0xdeadbeef\)\. The function ignores them/));
    expect(await approval.screen.text('Bytes after the arguments')).toMatch(/^After the arguments \(4 bytes\)\s*0xdeadbeef$/);
    expect(await approval.screen.isEnabled('Approve')).toBe(false);
  };

  const batch = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: false, calls: [{ to: TEST_TOKEN_ADDRESS, value: '0x0', data }] }]);
  const batchApproval = await ApprovalWindow.next(session);
  await expectShown(batchApproval, 'Call 1');
  await batchApproval.reject();
  expect(await batch).toMatchObject({ error: { code: 4001 } });

  const sending = dapp.request('eth_sendTransaction', [{ from, to: TEST_TOKEN_ADDRESS, data }]);
  const approval = await ApprovalWindow.next(session);
  await expectShown(approval, 'Call');
  await approval.approveDespiteDangers();
  const { result: hash } = (await sending) as { result: string };
  expect((await chain().getTransaction(hash))!.data).toBe(data);
  const allowance = await chain().call({ to: TEST_TOKEN_ADDRESS, data: ERC20.encodeFunctionData('allowance', [from, spender]) });
  expect(ERC20.decodeFunctionResult('allowance', allowance)[0]).toBe(MaxUint256);
  await popup.waitForAllowance(spender, /may spend UNLIMITED TST/);
});

test("an approve to the user's own second account names that account, beside its address; a stranger shows only the address", ONE_BROWSER, async ({ wallet, dapp, session }) => {
  const [from] = await connect(dapp, session);
  await wallet.addAccount();
  const stranger = Wallet.createRandom().address;
  const calls = [ACCOUNT_1, stranger].map((spender) => ({ to: TEST_TOKEN_ADDRESS, value: '0x0', data: ERC20.encodeFunctionData('approve', [spender, parseEther('5')]) }));
  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: false, calls }]);
  const batch = await ApprovalWindow.next(session);
  await batch.screen.waitForText({ role: 'heading', in: 'Call 2' }, 'Approve: allow spending of your tokens');
  expect(await batch.screen.text({ name: 'Spender', in: 'Call 1' })).toBe('Account 2 (your account) 0x7099…79C8');
  expect(await batch.screen.text({ name: 'Spender', in: 'Call 2' })).toBe(`${stranger.slice(0, 6)}…${stranger.slice(-4)}`);
  await batch.reject();
  expect(await sending).toMatchObject({ error: { code: 4001 } });
});

test('a Permit2 PermitSingle for an unlimited amount to an account without code: in words, both dangers named, Sign only after a second yes; the signature recovers', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  const [from] = await connect(dapp, session);
  const spender = Wallet.createRandom().address;
  // Permit2 has no code on the devnet: a signature needs only its address and the chain id.
  const data = permit2Single(TEST_TOKEN_ADDRESS, spender);
  const signing = dapp.request('eth_signTypedData_v4', [from, JSON.stringify(data)]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'heading', name: 'Permit2: allow spending of a token' }, 'Permit2: allow spending of a token');
  expect(await approval.screen.text('Amount')).toBe('Unlimited TST');
  const warnings = await approval.screen.texts('Signature warning');
  expect(warnings).toContainEqual(expect.stringMatching(/^Amount: unlimited\. The spender could take ALL of this token/));
  expect(warnings).toContainEqual(expect.stringContaining(`Spender ${spender} is not a contract`));
  expect(await approval.screen.isEnabled('Sign')).toBe(false);
  await approval.signDespiteDangers();
  const { result: signature } = (await signing) as { result: string };
  expect(recoverTypedSignature({ data: data as never, signature, version: SignTypedDataVersion.V4 })).toBe(from.toLowerCase());
});

test('a Seaport listing of a held NFT for 0.0001 ETH is named a give-away', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  const [from] = await connect(dapp, session);
  const tokenId = await mintCollectible(from);
  const order = seaportListing(from, TEST_COLLECTIBLE_ADDRESS, tokenId, 100_000_000_000_000n);
  const signing = dapp.request('eth_signTypedData_v4', [from, JSON.stringify(order)]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText({ role: 'heading', name: 'Seaport order: list or offer assets' }, 'Seaport order: list or offer assets');
  expect(await approval.screen.text('You give')).toBe('NFT (ERC-721)');
  expect(await approval.screen.text('Payment')).toBe('0.0001 ETH');
  expect(await approval.screen.texts('Signature warning')).toContainEqual('This order gives your assets away for almost nothing: you receive only 0.0001 ETH.');
  await approval.signDespiteDangers();
  const { result: signature } = (await signing) as { result: string };
  expect(recoverTypedSignature({ data: order as never, signature, version: SignTypedDataVersion.V4 })).toBe(from.toLowerCase());
});

test('personal_sign of a 32-byte hash: shown as hex, named a hash, Sign only after a second yes; the signature recovers', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  const [from] = await connect(dapp, session);
  const hash = keccak256(toUtf8Bytes('an order the site does not show'));
  const signing = dapp.request('personal_sign', [hash, from]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Message', hash);
  expect(await approval.screen.texts('Signature warning')).toEqual([expect.stringMatching(/^This is a 32-byte hash, not a message/)]);
  expect(await approval.screen.isEnabled('Sign')).toBe(false);
  await approval.signDespiteDangers();
  const { result: signature } = (await signing) as { result: string };
  expect(recoverPersonalSignature({ data: hash, signature })).toBe(from.toLowerCase());
});

test("a descriptor file the user adds in Settings words a devnet contract's call; one bound to another chain or address does not apply, one bound nowhere is refused, one planted in storage.local is not used", ONE_BROWSER, async ({ wallet, dapp, session }, testInfo) => {
  /** An ERC-7730 v2 file for the test tokens' mint, bound to `deployments`; it says it was reviewed, which no file of the user's can. */
  const descriptorFile = (name: string, intent: string, deployments?: { chainId: number; address: string }[]) => {
    const path = testInfo.outputPath(name);
    const fields = [
      { path: 'to', label: 'Minted to', format: 'addressName' },
      { path: 'value', label: 'Amount minted', format: 'tokenAmount', params: { tokenPath: '@.to' } },
    ];
    writeFileSync(path, JSON.stringify({ context: { contract: deployments ? { deployments } : {} }, metadata: { owner: 'Devnet tests' }, display: { formats: { 'mint(address to,uint256 value)': { intent, fields } } }, reviewedBy: ['Patrick Collins (Cyfrin)'] }));
    return path;
  };
  // Without deployments it would word every contract's mint on every chain: refused, and not listed.
  expect(await wallet.refusedDescriptor(descriptorFile('any-mint.json', 'Mint anything'))).toBe(
    'any-mint.json: context.contract.deployments must name the chain and address of each contract the file describes (a file of your own applies only where it says)',
  );
  await wallet.addDescriptors([
    descriptorFile('tst-mint.json', 'Mint Test Tokens', [{ chainId: 31337, address: TEST_TOKEN_ADDRESS }]),
    // The permit token's mint, but on mainnet; and on the devnet, at another contract.
    descriptorFile('tpt-mint-elsewhere.json', 'Mint Permit Tokens', [{ chainId: 1, address: TEST_PERMIT_TOKEN_ADDRESS }, { chainId: 31337, address: TEST_COLLECTIBLE_ADDRESS }]),
  ]);
  // What a page's content script can write to storage.local on Firefox: a file wording the permit token's mint, where
  // the files were kept before. It is not the user's: nothing uses it.
  const planted = JSON.parse(readFileSync(descriptorFile('planted.json', 'Planted mint', [{ chainId: 31337, address: TEST_PERMIT_TOKEN_ADDRESS }]), 'utf8')) as unknown;
  await wallet.screen.evaluate(async (json) => {
    type Area = { get(key: string): Promise<{ userDescriptors?: unknown[] }>; set(v: object): Promise<void> };
    const storage = (globalThis as unknown as { chrome: { storage: { local: Area } } }).chrome.storage.local;
    const { userDescriptors = [] } = await storage.get('userDescriptors');
    await storage.set({ userDescriptors: [...userDescriptors, { name: 'planted.json', json }] });
  }, planted);
  const [from] = await connect(dapp, session);
  const calls = [TEST_TOKEN_ADDRESS, TEST_PERMIT_TOKEN_ADDRESS].map((to) => ({ to, value: '0x0', data: ERC20.encodeFunctionData('mint', [from, parseEther('5')]) }));
  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: false, calls }]);
  const batch = await ApprovalWindow.next(session);
  await batch.screen.waitForText({ role: 'heading', in: 'Call 1' }, 'Mint Test Tokens');
  expect(await batch.screen.text({ name: 'Amount minted', in: 'Call 1' })).toBe('5 TST');
  expect(await batch.screen.text('Call 1')).not.toContain('Reviewed by');
  const unbound = await batch.screen.text('Call 2');
  expect(unbound).toContain('mint(address,uint256)');
  expect(unbound).not.toContain('Mint Permit Tokens');
  expect(unbound).not.toContain('Planted mint');
  await batch.reject();
  expect(await sending).toMatchObject({ error: { code: 4001 } });
});
