/** The methods every dapp calls: eth_sendTransaction, personal_sign, eth_signTypedData_v4, EIP-2255, events. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { TypedDataEncoder, Wallet, parseEther, toQuantity, verifyMessage, verifyTypedData } from 'ethers';
import { VIEM_CLIENT_BUNDLE } from '../fixtures/clients';
import { chain } from '../fixtures/chain';
import { expect, test } from '../fixtures/test';
import { Dapp } from '../pages/dapp';
import { connect } from '../pages/flows';
import { ApprovalWindow } from '../pages/wallet';

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const typedData = (chainId: number) => ({
  types: {
    EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }],
    Mail: [{ name: 'from', type: 'Person' }, { name: 'to', type: 'Person' }, { name: 'contents', type: 'string' }],
    Person: [{ name: 'name', type: 'string' }, { name: 'wallet', type: 'address' }],
  },
  primaryType: 'Mail',
  domain: { name: 'Ether Mail', version: '1', chainId, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  message: { from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' }, to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }, contents: 'Hello, Bob!' },
});

test('eth_sendTransaction sends ETH after approval; the hash has a receipt; reject is 4001', async ({ wallet, dapp, context }) => {
  void wallet;
  const [from] = await connect(dapp, context);
  const to = Wallet.createRandom().address;
  const tx = { from, to, value: toQuantity(parseEther('0.25')) };

  const rejected = dapp.request('eth_sendTransaction', [tx]);
  await (await ApprovalWindow.next(context)).reject();
  expect(await rejected).toEqual({ error: { code: 4001, message: 'User rejected the request' } });

  const sending = dapp.request('eth_sendTransaction', [tx]);
  const approval = await ApprovalWindow.next(context);
  await expect(approval.page.getByLabel('Value')).toHaveText('0.25 ETH');
  await approval.page.getByLabel(/^Aggressive/).check();
  await approval.approve();
  const { result: hash } = (await sending) as { result: string };
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
  await expect.poll(async () => (await dapp.result<{ status: string } | null>('eth_getTransactionReceipt', [hash]))?.status).toBe('0x1');
  expect(await chain().getBalance(to)).toBe(parseEther('0.25'));
});

test('eth_sendTransaction without `to` deploys a contract', async ({ wallet, dapp, context }) => {
  void wallet;
  const [from] = await connect(dapp, context);
  const { bytecode } = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../contracts/build/TestToken.json'), 'utf8')) as { bytecode: string };
  const sending = dapp.request('eth_sendTransaction', [{ from, data: bytecode }]);
  const approval = await ApprovalWindow.next(context);
  await expect(approval.page.getByLabel('To', { exact: true })).toHaveText('Contract creation');
  await approval.approve();
  const { result: hash } = (await sending) as { result: string };
  await expect.poll(async () => (await dapp.result<{ contractAddress: string } | null>('eth_getTransactionReceipt', [hash]))?.contractAddress).toBeTruthy();
  const receipt = await dapp.result<{ contractAddress: string }>('eth_getTransactionReceipt', [hash]);
  expect((await chain().getCode(receipt.contractAddress)).length).toBeGreaterThan(100);
});

test('eth_sendTransaction validation: chainId mismatch, bad value, unauthorized from', async ({ wallet, dapp, context }) => {
  void wallet;
  const [from] = await connect(dapp, context);
  expect(await dapp.request('eth_sendTransaction', [{ from, to: ACCOUNT_1, value: '0x1', chainId: '0x1' }])).toEqual({
    error: { code: -32602, message: 'transaction.chainId 0x1 does not match the selected network 0x7a69 (Local devnet)' },
  });
  expect(await dapp.request('eth_sendTransaction', [{ from, to: ACCOUNT_1, value: '100' }])).toEqual({
    error: { code: -32602, message: expect.stringMatching(/^transaction\.value must be a hex number/) },
  });
  expect(await dapp.request('eth_sendTransaction', [{ from: ACCOUNT_1, to: ACCOUNT_0, value: '0x1' }])).toEqual({
    error: { code: 4100, message: expect.stringContaining(`Account ${ACCOUNT_1} is not authorized`) },
  });
});

test('personal_sign verifies; a SIWE message for another domain is flagged; reject is 4001', async ({ wallet, dapp, context }) => {
  void wallet;
  const [from] = await connect(dapp, context);
  const signing = dapp.request('personal_sign', ['0x48656c6c6f2c20776f726c64', from]);
  const approval = await ApprovalWindow.next(context);
  await expect(approval.page.getByLabel('Message')).toHaveText('Hello, world');
  await approval.sign();
  const { result: signature } = (await signing) as { result: string };
  expect(verifyMessage('Hello, world', signature)).toBe(from);

  const siwe = `evil.example wants you to sign in with your Ethereum account:\n${from}\n\nURI: https://evil.example\nVersion: 1\nChain ID: 31337\nNonce: 12345678\nIssued At: 2026-11-22T00:00:00Z`;
  const phishing = dapp.request('personal_sign', [siwe, from]);
  const warned = await ApprovalWindow.next(context);
  await expect(warned.page.getByRole('alert')).toContainText('This sign-in request is for evil.example');
  await warned.reject();
  expect(await phishing).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
});

test('eth_signTypedData_v4 verifies; a domain on another chain is refused', async ({ wallet, dapp, context }) => {
  void wallet;
  const [from] = await connect(dapp, context);
  const data = typedData(31337);
  const signing = dapp.request('eth_signTypedData_v4', [from, JSON.stringify(data)]);
  const approval = await ApprovalWindow.next(context);
  await expect(approval.page.getByLabel('Typed data')).toContainText('Hello, Bob!');
  await approval.sign();
  const { result: signature } = (await signing) as { result: string };
  const { EIP712Domain: _, ...types } = data.types;
  expect(verifyTypedData(data.domain, types, data.message, signature)).toBe(from);
  expect(TypedDataEncoder.getPrimaryType(types)).toBe('Mail');

  expect(await dapp.request('eth_signTypedData_v4', [from, typedData(1)])).toEqual({
    error: { code: -32602, message: 'typed data domain.chainId 1 does not match the selected network 31337 (0x7a69)' },
  });
});

test('EIP-2255 permissions, accountsChanged on account switch and revoke, unsupported methods', async ({ wallet, dapp, context }) => {
  await wallet.page.getByRole('button', { name: 'Add account' }).click();
  await expect(wallet.page.getByLabel('Account')).toContainText('Account 2');
  const requesting = dapp.request('wallet_requestPermissions', [{ eth_accounts: {} }]);
  const approval = await ApprovalWindow.next(context);
  await approval.page.getByRole('checkbox', { name: 'Account 2' }).check();
  await approval.connect();
  const { result: granted } = (await requesting) as { result: { parentCapability: string; caveats: { value: string[] }[] }[] };
  expect(granted[0].parentCapability).toBe('eth_accounts');
  expect(granted[0].caveats[0].value).toEqual([ACCOUNT_0, ACCOUNT_1]);
  expect(await dapp.result('wallet_getPermissions')).toEqual(granted);

  await dapp.record('accountsChanged');
  await wallet.page.getByLabel('Account').selectOption({ label: `Account 2 (${ACCOUNT_1.slice(0, 8)}…)` });
  await expect.poll(() => dapp.events('accountsChanged')).toEqual([[ACCOUNT_1, ACCOUNT_0]]);
  expect(await dapp.result('wallet_revokePermissions', [{ eth_accounts: {} }])).toBeNull();
  await expect.poll(() => dapp.events('accountsChanged')).toEqual([[ACCOUNT_1, ACCOUNT_0], []]);
  expect(await dapp.result('eth_accounts')).toEqual([]);

  expect(await dapp.request('eth_sign', [ACCOUNT_0, '0x00'])).toEqual({ error: { code: 4200, message: expect.stringMatching(/^eth_sign is not supported/) } });
  expect(await dapp.request('eth_subscribe', ['newHeads'])).toEqual({ error: { code: 4200, message: expect.stringMatching(/^eth_subscribe is not supported/) } });
});

test('viem walletClient sendTransaction, signMessage and signTypedData', async ({ wallet, dapp, context }) => {
  void wallet;
  await dapp.page.addScriptTag({ path: VIEM_CLIENT_BUNDLE });
  const [from] = await connect(dapp, context);
  const viem = (fn: string, ...args: unknown[]) =>
    dapp.page.evaluate(([fn, args]) => (window as unknown as { viemDapp: Record<string, (...a: unknown[]) => Promise<unknown>> }).viemDapp[fn as string](...(args as unknown[])), [fn, args] as const);

  const to = Wallet.createRandom().address;
  const sending = viem('sendTransaction', from, to, parseEther('0.1').toString());
  await (await ApprovalWindow.next(context)).approve();
  const hash = (await sending) as string;
  await expect.poll(async () => (await chain().getTransactionReceipt(hash))?.status).toBe(1);
  expect(await chain().getBalance(to)).toBe(parseEther('0.1'));

  const signing = viem('signMessage', from, 'gm from viem');
  await (await ApprovalWindow.next(context)).sign();
  expect(verifyMessage('gm from viem', (await signing) as string)).toBe(from);

  const data = typedData(31337);
  const typedSigning = viem('signTypedData', from, { domain: data.domain, types: data.types, primaryType: data.primaryType, message: data.message });
  await (await ApprovalWindow.next(context)).sign();
  const { EIP712Domain: _, ...types } = data.types;
  expect(verifyTypedData(data.domain, types, data.message, (await typedSigning) as string)).toBe(from);
});

test('two tabs sending at once get consecutive nonces and both land; events stay with their origin', async ({ freshWallet, dapp, context, devnet }) => {
  const [from] = await connect(dapp, context);
  const sameSite = new Dapp(await context.newPage());
  await sameSite.page.goto(devnet.dappUrl);
  const otherSite = new Dapp(await context.newPage());
  await otherSite.page.goto(devnet.dappUrl.replace('127.0.0.1', 'localhost'));
  await connect(otherSite, context);

  const tx = (value: string) => [{ from, to: ACCOUNT_1, value }];
  const first = dapp.request('eth_sendTransaction', tx('0x11'));
  const second = sameSite.request('eth_sendTransaction', tx('0x22'));
  const approval = await ApprovalWindow.next(context);
  await expect(approval.page.getByLabel('Queue')).toHaveText('Request 1 of 2');
  await approval.page.getByRole('button', { name: 'Approve' }).click();
  await expect(approval.page.getByLabel('Queue')).toHaveCount(0);
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
  await freshWallet.popup.revoke(new URL(dapp.page.url()).origin);
  await expect.poll(() => dapp.events('accountsChanged')).toEqual([[]]);
  expect(await otherSite.result('eth_accounts')).toEqual([from]);
  expect(await otherSite.events('accountsChanged')).toEqual([]);
});
