/**
 * Client libraries nobody here wrote, bundled into the page and run through their ordinary flows against the devnet:
 * ethers v5, web3.js v4 and wagmi core (injected connector found through EIP-6963). Every signature is checked with
 * @metamask/eth-sig-util, and the personal ones also with personal_ecRecover through the wallet.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SignTypedDataVersion, recoverPersonalSignature, recoverTypedSignature, type MessageTypes, type TypedMessage } from '@metamask/eth-sig-util';
import { TypedDataEncoder, Wallet, parseEther } from 'ethers';
import { chain, token } from '../fixtures/chain';
import { ACCOUNT_0, expect, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import type { Dapp } from '../pages/dapp';

const domain = { name: 'Ether Mail', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' };
const types = {
  Person: [{ name: 'name', type: 'string' }, { name: 'wallet', type: 'address' }],
  Mail: [{ name: 'from', type: 'Person' }, { name: 'to', type: 'Person' }, { name: 'contents', type: 'string' }],
};
const message = { from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' }, to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }, contents: 'Hello, Bob!' };
/** The typed data as the libraries send it: EIP712Domain derived from the domain, primaryType Mail. */
const typedData = TypedDataEncoder.getPayload(domain, types, message) as TypedMessage<MessageTypes>;

async function expectPersonalSigner(dapp: Dapp, text: string, signature: string, account: string): Promise<void> {
  expect(recoverPersonalSignature({ data: text, signature })).toBe(account.toLowerCase());
  expect(await dapp.result('personal_ecRecover', [text, signature])).toBe(account.toLowerCase());
}

/** The result of `work`, once the user has decided each window it opens, in order. */
async function approving<T>(session: Parameters<typeof ApprovalWindow.next>[0], work: Promise<T>, decisions: ((w: ApprovalWindow) => Promise<void>)[]): Promise<T> {
  for (const decide of decisions) await decide(await ApprovalWindow.next(session));
  return work;
}
const connectWindow = (w: ApprovalWindow) => w.connect();
const approveWindow = (w: ApprovalWindow) => w.approve();
const signWindow = (w: ApprovalWindow) => w.sign();

test('ethers v5 Web3Provider: connect, getNetwork, getBalance, sendTransaction, signMessage, _signTypedData, deploy and call', async ({ wallet, dapp, session }) => {
  void wallet;
  await dapp.loadClient('ethers5');
  const [account] = await approving(session, dapp.client<string[]>('ethers5', 'connect'), [connectWindow]);
  expect(account).toBe(ACCOUNT_0.toLowerCase());
  expect(await dapp.client('ethers5', 'getNetwork')).toEqual({ chainId: 31337, name: 'unknown' });
  expect(BigInt(await dapp.client<string>('ethers5', 'getBalance', account))).toBe(await chain().getBalance(account));

  const to = Wallet.createRandom().address;
  const sent = await approving(session, dapp.client<{ status: number }>('ethers5', 'sendTransaction', to, parseEther('0.01').toString()), [approveWindow]);
  expect(sent.status).toBe(1);
  expect(await chain().getBalance(to)).toBe(parseEther('0.01'));

  const signature = await approving(session, dapp.client<string>('ethers5', 'signMessage', 'gm from ethers v5'), [signWindow]);
  await expectPersonalSigner(dapp, 'gm from ethers v5', signature, account);
  const typed = await approving(session, dapp.client<string>('ethers5', 'signTypedData', domain, types, message), [signWindow]);
  expect(recoverTypedSignature({ data: typedData, signature: typed, version: SignTypedDataVersion.V4 })).toBe(account);

  const { abi, bytecode } = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../contracts/build/TestToken.json'), 'utf8')) as { abi: unknown[]; bytecode: string };
  const deployed = await approving(session, dapp.client<{ address: string; read: string }>('ethers5', 'deployAndCall', abi, bytecode, 'mint', [to, 42], 'balanceOf', [to]), [approveWindow, approveWindow]);
  expect(deployed.read).toBe('42');
  expect((await chain().getCode(deployed.address)).length).toBeGreaterThan(100);
});

test('web3.js v4: requestAccounts, getChainId, sendTransaction, personal.sign, signTypedData', async ({ wallet, dapp, session }) => {
  void wallet;
  await dapp.loadClient('web3');
  const [account] = await approving(session, dapp.client<string[]>('web3', 'requestAccounts'), [connectWindow]);
  expect(account).toBe(ACCOUNT_0.toLowerCase());
  expect(await dapp.client('web3', 'getChainId')).toBe('31337');

  const to = Wallet.createRandom().address;
  const sent = await approving(session, dapp.client<{ status: string }>('web3', 'sendTransaction', account, to, parseEther('0.01').toString()), [approveWindow]);
  expect(sent.status).toBe('1');
  expect(await chain().getBalance(to)).toBe(parseEther('0.01'));

  const signature = await approving(session, dapp.client<string>('web3', 'personalSign', 'gm from web3', account), [signWindow]);
  await expectPersonalSigner(dapp, 'gm from web3', signature, account);
  const typed = await approving(session, dapp.client<string>('web3', 'signTypedData', account, typedData), [signWindow]);
  expect(recoverTypedSignature({ data: typedData, signature: typed, version: SignTypedDataVersion.V4 })).toBe(account);
});

test('wagmi core, injected connector through EIP-6963: connect, getAccount, sendCalls, getCallsStatus, signTypedData, watchAsset', async ({ freshWallet, dapp, session, devnet }) => {
  await dapp.loadClient('wagmi');
  const connectors = await dapp.client<{ id: string; name: string }[]>('wagmi', 'connectors');
  expect(connectors).toContainEqual(expect.objectContaining({ id: 'dev.batchwallet', name: 'Batch Wallet' }));
  await approving(session, dapp.client('wagmi', 'connect', 'dev.batchwallet'), [connectWindow]);
  expect(await dapp.client('wagmi', 'account')).toEqual({ address: freshWallet.address, chainId: 31337, status: 'connected', connector: 'Batch Wallet' });

  const recipient = Wallet.createRandom().address;
  const { id } = await approving(session, dapp.client<{ id: string }>('wagmi', 'sendCalls', [{ to: recipient, value: '7' }, { to: recipient, value: '8' }]), [approveWindow]);
  await expect.poll(async () => (await dapp.client<{ status: string }>('wagmi', 'getCallsStatus', id)).status, { intervals: [100] }).toBe('success');
  expect(await chain().getBalance(recipient)).toBe(15n);

  const typed = await approving(session, dapp.client<string>('wagmi', 'signTypedData', { domain, types, primaryType: 'Mail', message }), [signWindow]);
  expect(recoverTypedSignature({ data: typedData, signature: typed, version: SignTypedDataVersion.V4 })).toBe(freshWallet.address.toLowerCase());

  const watched = await approving(session, dapp.client<boolean>('wagmi', 'watchAsset', devnet.addresses.testToken, 'TST', 18), [(w) => w.addToken()]);
  expect(watched).toBe(true);
  expect(await token().balanceOf(freshWallet.address)).toBe(parseEther('1000'));
});
