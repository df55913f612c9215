/** The methods every dapp calls: eth_sendTransaction, personal_sign, personal_ecRecover, typed data (v1, v3, v4), EIP-2255, events. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SignTypedDataVersion, recoverPersonalSignature, recoverTypedSignature } from '@metamask/eth-sig-util';
import { Wallet, getAddress, parseEther, toQuantity, verifyMessage, verifyTypedData } from 'ethers';
import { chain } from '../fixtures/chain';
import { ACCOUNT_0, ACCOUNT_1, expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { Dapp } from '../pages/dapp';
import { connect } from '../pages/flows';
import { accountEntry } from '../pages/wallet';

const typedData = (chainId: number) => ({
  types: {
    EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }],
    Mail: [{ name: 'from', type: 'Person' }, { name: 'to', type: 'Person' }, { name: 'contents', type: 'string' }],
    Person: [{ name: 'name', type: 'string' }, { name: 'wallet', type: 'address' }],
    // Not reachable from Mail: the most copied example carries it, and wallets ignore it.
    Group: [{ name: 'name', type: 'string' }, { name: 'members', type: 'Person[]' }],
  },
  primaryType: 'Mail' as const,
  domain: { name: 'Ether Mail', version: '1', chainId, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  message: { from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' }, to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }, contents: 'Hello, Bob!' },
});

test('eth_sendTransaction sends ETH after approval; the hash has a receipt; reject is 4001', async ({ wallet, dapp, session }) => {
  void wallet;
  const [from] = await connect(dapp, session);
  const to = Wallet.createRandom().address;
  const tx = { from, to, value: toQuantity(parseEther('0.25')) };

  const rejected = dapp.request('eth_sendTransaction', [tx]);
  await (await ApprovalWindow.next(session)).reject();
  expect(await rejected).toEqual({ error: { code: 4001, message: 'User rejected the request' } });

  const sending = dapp.request('eth_sendTransaction', [tx]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Value', '0.25 ETH');
  await approval.chooseFee('Aggressive');
  await approval.approve();
  const { result: hash } = (await sending) as { result: string };
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
  await expect.poll(async () => (await dapp.result<{ status: string } | null>('eth_getTransactionReceipt', [hash]))?.status).toBe('0x1');
  expect(await chain().getBalance(to)).toBe(parseEther('0.25'));
});

test('eth_sendTransaction without `to` deploys a contract', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  const [from] = await connect(dapp, session);
  const { bytecode } = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../contracts/build/TestToken.json'), 'utf8')) as { bytecode: string };
  const sending = dapp.request('eth_sendTransaction', [{ from, data: bytecode }]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('To', 'Contract creation');
  await approval.approve();
  const { result: hash } = (await sending) as { result: string };
  await expect.poll(async () => (await dapp.result<{ contractAddress: string } | null>('eth_getTransactionReceipt', [hash]))?.contractAddress).toBeTruthy();
  const receipt = await dapp.result<{ contractAddress: string }>('eth_getTransactionReceipt', [hash]);
  expect((await chain().getCode(receipt.contractAddress)).length).toBeGreaterThan(100);
});

test('eth_sendTransaction: each bad field is refused with -32602 naming it, before any window; unauthorized from is 4100', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  const [from] = await connect(dapp, session);
  const refused = async (fields: Record<string, unknown>) => {
    const outcome = await dapp.request('eth_sendTransaction', [{ from, to: ACCOUNT_1, ...fields }]);
    expect(outcome).toMatchObject({ error: { code: -32602 } });
    return (outcome as { error: { message: string } }).error.message;
  };
  expect(await refused({ type: '0x5' })).toBe('transaction.type 0x5 is not supported: eth_sendTransaction takes 0x0, 0x1 or 0x2 (type 0x4 only through wallet_sendCalls)');
  expect(await refused({ chainId: '0x1' })).toBe('transaction.chainId 0x1 does not match the selected network 0x7a69 (Local devnet)');
  expect(await refused({ value: '100' })).toMatch(/^transaction\.value must be a hex number/);
  expect(await refused({ value: `0x1${'0'.repeat(64)}` })).toMatch(/^transaction\.value 0x10+ is above 2\^256 - 1$/);
  expect(await refused({ nonce: '0x20000000000000' })).toBe('transaction.nonce 0x20000000000000 is above 2^53 - 1');
  for (const field of ['gas', 'gasLimit', 'gasPrice', 'nonce']) expect(await refused({ [field]: '-0x1' })).toMatch(new RegExp(`^transaction\\.${field} must be a hex number`));
  expect(await refused({ maxFeePerGas: 'lots', maxPriorityFeePerGas: '0x1' })).toMatch(/^transaction\.maxFeePerGas must be a hex number/);
  expect(await refused({ maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x' })).toMatch(/^transaction\.maxPriorityFeePerGas must be a hex number/);
  expect(await refused({ gasPrice: '0x1', maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1' })).toBe('transaction has both gasPrice and EIP-1559 fees; send one kind');
  expect(await refused({ maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' })).toBe('transaction.maxPriorityFeePerGas 2 is above transaction.maxFeePerGas 1');
  expect(await refused({ data: '0x12', input: '0x34' })).toBe('transaction.data and transaction.input differ; send one of them');
  expect(await refused({ to: '0x1234' })).toMatch(/^transaction\.to must be a 20-byte hex address/);
  expect(await session.countExtensionPages('approval.html')).toBe(0);
  expect(await dapp.request('eth_sendTransaction', [{ from: ACCOUNT_1, to: ACCOUNT_0, value: '0x1' }])).toEqual({
    error: { code: 4100, message: expect.stringContaining(`Account ${ACCOUNT_1} is not authorized`) },
  });
});

test('eth_sendTransaction as older libraries send it: gasLimit, input, leading zeros, from in capitals', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  const [from] = await connect(dapp, session);
  const to = Wallet.createRandom().address;
  const sending = dapp.request('eth_sendTransaction', [{ from: `0x${from.slice(2).toUpperCase()}`, to, value: '0x01', gasLimit: '0x05208', input: '0x', type: '0x02' }]);
  await (await ApprovalWindow.next(session)).approve();
  const { result: hash } = (await sending) as { result: string };
  await expect.poll(async () => (await dapp.result<{ status: string } | null>('eth_getTransactionReceipt', [hash]))?.status).toBe('0x1');
  expect(await chain().getBalance(to)).toBe(1n);
});

test('personal_sign verifies; a SIWE message for another domain is flagged; reject is 4001', async ({ wallet, dapp, session }) => {
  void wallet;
  const [from] = await connect(dapp, session);
  const signing = dapp.request('personal_sign', ['0x48656c6c6f2c20776f726c64', from]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Message', 'Hello, world');
  await approval.sign();
  const { result: signature } = (await signing) as { result: string };
  expect(verifyMessage('Hello, world', signature)).toBe(getAddress(from));

  const siwe = `evil.example wants you to sign in with your Ethereum account:\n${from}\n\nURI: https://evil.example\nVersion: 1\nChain ID: 31337\nNonce: 12345678\nIssued At: 2026-11-22T00:00:00Z`;
  const phishing = dapp.request('personal_sign', [siwe, from]);
  const warned = await ApprovalWindow.next(session);
  await warned.screen.waitForText({ role: 'alert' }, /This sign-in request is for evil\.example/);
  await warned.reject();
  expect(await phishing).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
});

test('eth_signTypedData_v4, _v3 and v1 verify with eth-sig-util and personal_ecRecover; a domain on another chain is refused', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  const [from] = await connect(dapp, session);
  const data = typedData(31337);
  const signTyped = async (method: string, params: unknown[], shown: RegExp): Promise<string> => {
    const signing = dapp.request(method, params);
    const approval = await ApprovalWindow.next(session);
    await approval.screen.waitForText('Typed data', shown);
    await approval.sign();
    return ((await signing) as { result: string }).result;
  };
  const v4 = await signTyped('eth_signTypedData_v4', [from, JSON.stringify(data)], /Hello, Bob!/);
  expect(recoverTypedSignature({ data, signature: v4, version: SignTypedDataVersion.V4 })).toBe(from.toLowerCase());
  const { EIP712Domain: _, Group: _group, ...types } = data.types;
  expect(verifyTypedData(data.domain, types, data.message, v4)).toBe(getAddress(from));
  const v3 = await signTyped('eth_signTypedData_v3', [from, data], /Hello, Bob!/);
  expect(recoverTypedSignature({ data, signature: v3, version: SignTypedDataVersion.V3 })).toBe(from.toLowerCase());
  const legacy = [{ type: 'string', name: 'greeting', value: 'Hi, Alice!' }, { type: 'uint32', name: 'count', value: 42 }];
  const v1 = await signTyped('eth_signTypedData', [legacy, from], /Hi, Alice!/);
  expect(recoverTypedSignature({ data: legacy, signature: v1, version: SignTypedDataVersion.V1 })).toBe(from.toLowerCase());

  const signing = dapp.request('personal_sign', ['0x48656c6c6f', from]);
  await (await ApprovalWindow.next(session)).sign();
  const { result: personal } = (await signing) as { result: string };
  expect(recoverPersonalSignature({ data: '0x48656c6c6f', signature: personal })).toBe(from.toLowerCase());
  expect(await dapp.result('personal_ecRecover', ['0x48656c6c6f', personal])).toBe(from.toLowerCase());

  expect(await dapp.request('eth_signTypedData_v4', [from, typedData(1)])).toEqual({
    error: { code: -32602, message: 'typed data domain.chainId 1 does not match the selected network 31337 (0x7a69)' },
  });
  // Only the domain is signed when it is the primaryType: the screen shows no message (eth-sig-util's digest).
  const domainOnly = { ...data, primaryType: 'EIP712Domain' };
  const domainSigning = dapp.request('eth_signTypedData_v4', [from, JSON.stringify(domainOnly)]);
  const domainApproval = await ApprovalWindow.next(session);
  await domainApproval.screen.waitForText('Typed data', /Only the domain is signed: there is no message\.$/);
  expect(await domainApproval.screen.text('Typed data')).not.toContain('Hello, Bob!');
  await domainApproval.sign();
  const { result: domainSignature } = (await domainSigning) as { result: string };
  expect(recoverTypedSignature({ data: domainOnly as never, signature: domainSignature, version: SignTypedDataVersion.V4 })).toBe(from.toLowerCase());

  // MetaMask test-dapp's "invalid verifying contract type": refused before any window.
  const invalid = { ...data, domain: { ...data.domain, verifyingContract: 'invalidVerifyingContract' } };
  expect(await dapp.request('eth_signTypedData_v4', [from, JSON.stringify(invalid)])).toEqual({
    error: { code: -32602, message: 'typed data domain.verifyingContract must be an address (0x and 40 hex digits), got "invalidVerifyingContract"' },
  });
  expect(await session.countExtensionPages('approval.html')).toBe(0);
});

test('EIP-2255 permissions, accountsChanged on account switch and revoke, unsupported methods', async ({ wallet, dapp, session }) => {
  await wallet.addAccount();
  expect(await wallet.accounts()).toEqual([accountEntry('Account 1', ACCOUNT_0), accountEntry('Account 2', ACCOUNT_1)]);
  const requesting = dapp.request('wallet_requestPermissions', [{ eth_accounts: {} }]);
  const approval = await ApprovalWindow.next(session);
  await approval.chooseAccount('Account 2');
  await approval.connect();
  const { result: granted } = (await requesting) as { result: { parentCapability: string; caveats: { value: string[] }[] }[] };
  expect(granted[0].parentCapability).toBe('eth_accounts');
  expect(granted[0].caveats[0].value).toEqual([ACCOUNT_0, ACCOUNT_1].map((a) => a.toLowerCase()));
  expect(await dapp.result('wallet_getPermissions')).toEqual(granted);

  await dapp.record('accountsChanged');
  await wallet.selectAccount('Account 2');
  await expect.poll(() => dapp.events('accountsChanged')).toEqual([[ACCOUNT_1.toLowerCase(), ACCOUNT_0.toLowerCase()]]);
  expect(await dapp.result('wallet_revokePermissions', [{ eth_accounts: {} }])).toBeNull();
  await expect.poll(() => dapp.events('accountsChanged')).toEqual([[ACCOUNT_1.toLowerCase(), ACCOUNT_0.toLowerCase()], []]);
  expect(await dapp.result('eth_accounts')).toEqual([]);

  expect(await dapp.request('eth_sign', [ACCOUNT_0, '0x00'])).toEqual({ error: { code: 4200, message: expect.stringMatching(/^eth_sign is not supported/) } });
  expect(await dapp.request('eth_subscribe', ['syncing'])).toEqual({ error: { code: -32602, message: expect.stringContaining('subscription kind must be one of newHeads, logs') } });
});

test('viem walletClient sendTransaction, signMessage and signTypedData', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  await dapp.loadViem();
  const [from] = await connect(dapp, session);

  const to = Wallet.createRandom().address;
  const sending = dapp.viem<string>('sendTransaction', from, to, parseEther('0.1').toString());
  await (await ApprovalWindow.next(session)).approve();
  const hash = await sending;
  await expect.poll(async () => (await chain().getTransactionReceipt(hash))?.status).toBe(1);
  expect(await chain().getBalance(to)).toBe(parseEther('0.1'));

  const signing = dapp.viem<string>('signMessage', from, 'gm from viem');
  await (await ApprovalWindow.next(session)).sign();
  expect(verifyMessage('gm from viem', await signing)).toBe(getAddress(from));

  const data = typedData(31337);
  const typedSigning = dapp.viem<string>('signTypedData', from, { domain: data.domain, types: data.types, primaryType: data.primaryType, message: data.message });
  await (await ApprovalWindow.next(session)).sign();
  expect(recoverTypedSignature({ data, signature: await typedSigning, version: SignTypedDataVersion.V4 })).toBe(from.toLowerCase());
});

test('two tabs sending at once get consecutive nonces and both land; events stay with their origin', async ({ freshWallet, dapp, session, devnet }) => {
  const [from] = await connect(dapp, session);
  const sameSite = await Dapp.open(session, devnet.dappUrl);
  const otherSite = await Dapp.open(session, devnet.dappUrl.replace('127.0.0.1', 'localhost'));
  await connect(otherSite, session);

  const tx = (value: string) => [{ from, to: ACCOUNT_1, value }];
  const first = dapp.request('eth_sendTransaction', tx('0x11'));
  const second = sameSite.request('eth_sendTransaction', tx('0x22'));
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Queue', 'Request 1 of 2');
  await approval.press('Approve');
  await approval.screen.waitForCount('Queue', 0);
  await approval.approve();
  const hashes = [((await first) as { result: string }).result, ((await second) as { result: string }).result];
  const mined = await Promise.all(hashes.map(async (hash) => {
    await expect.poll(async () => (await chain().getTransactionReceipt(hash))?.status).toBe(1);
    return (await chain().getTransaction(hash))!.nonce;
  }));
  expect(mined.sort()).toEqual([0, 1]);
  expect(await chain().getTransactionCount(freshWallet.address)).toBe(2);

  // Revoking the first site reaches its pages only.
  await dapp.record('accountsChanged');
  await otherSite.record('accountsChanged');
  await freshWallet.popup.revoke(dapp.origin);
  await expect.poll(() => dapp.events('accountsChanged')).toEqual([[]]);
  expect(await otherSite.result('eth_accounts')).toEqual([from]);
  expect(await otherSite.events('accountsChanged')).toEqual([]);
});
