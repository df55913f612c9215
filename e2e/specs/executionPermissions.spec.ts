/**
 * Execution permissions (ERC-7715) with MetaMask's own smart-accounts-kit as the dapp's client: the site asks for an
 * erc20-token-periodic grant, the user reads it in words and grants it, and the session key redeems it through the
 * DelegationManager with the kit, within the period's amount and not beyond. Activity lists each grant and names what a
 * revoke revoked; Revoke all raises the account's nonce, which stops every grant it signed. A plain account's first grant
 * upgrades it to the DeleGator (and deploys the DeleGator where the chain lacks it), named on the grant screen; leaving
 * a third party's delegate asks for a second yes.
 */
import { getSmartAccountsEnvironment } from '@metamask/smart-accounts-kit';
import { erc7710WalletActions } from '@metamask/smart-accounts-kit/actions';
import { overrideDeployedEnvironment } from '@metamask/smart-accounts-kit/utils';
import { Interface, Wallet, parseEther, toQuantity } from 'ethers';
import { createWalletClient, defineChain, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DELEGATOR_V08, SIMPLE_7702_ACCOUNT, delegationCode } from '../../src/shared/contracts';
import { poll } from '../driver/poll';
import { chain, fund, token } from '../fixtures/chain';
import { deleGatorWallet } from '../fixtures/deleGatorWallet';
import type { DevnetInfo } from '../fixtures/devnetInfo';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import type { BrowserSession } from '../driver/types';
import { ApprovalWindow } from '../pages/approval';
import type { Dapp } from '../pages/dapp';
import { connect, finalStatus, sentId } from '../pages/flows';

const ERC20 = new Interface(['function transfer(address to, uint256 amount)']);
const devnet = defineChain({ id: 31337, name: 'Local devnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } });

// The devnet has the framework at mainnet's addresses (devnet/delegationFramework.ts), which the kit does not list for it.
overrideDeployedEnvironment(31337, '1.3.0', getSmartAccountsEnvironment(1));

/** "0x7099…79C8", as Activity shortens an address. */
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

type Granted = { context: Hex; delegationManager: Hex; from: Hex; to: Hex; permission: { type: string; data: Record<string, unknown> } };

/** The site asks, through the kit, that a new session key may spend 10 TST a day from the account. */
function askDailyTokens(dapp: Dapp, info: DevnetInfo, sessionKey: { address: string }): Promise<Granted[]> {
  return dapp.client<Granted[]>('smartAccountsKit', 'requestExecutionPermissions', [{
    chainId: 31337, to: sessionKey.address, expiry: Math.floor(Date.now() / 1000) + 3600,
    permission: { type: 'erc20-token-periodic', isAdjustmentAllowed: false, data: { tokenAddress: info.addresses.testToken, periodAmount: parseEther('10').toString(), periodDuration: 86_400 } },
  }]);
}

/** The session key spends `amount` TST to a new address through the grant, with the kit, as the site's server would; returns the address. */
async function spendAs(sessionKey: { address: string; privateKey: string }, granted: Granted, info: DevnetInfo, amount: bigint): Promise<string> {
  await fund(sessionKey.address, parseEther('1'), 0n);
  const account = privateKeyToAccount(sessionKey.privateKey as Hex);
  const redeemer = createWalletClient({ account, chain: devnet, transport: http(info.rpcUrl) }).extend(erc7710WalletActions());
  const recipient = Wallet.createRandom().address;
  await chain().waitForTransaction(await redeemer.sendTransactionWithDelegation({
    account, chain: devnet, to: info.addresses.testToken as Hex, data: ERC20.encodeFunctionData('transfer', [recipient, amount]) as Hex,
    permissionContext: granted.context, delegationManager: granted.delegationManager,
  }));
  return recipient;
}

/** An atomic batch and a sponsored batch from the account, each to status 200. */
async function batchesStillRun(dapp: Dapp, session: BrowserSession, info: DevnetInfo, from: string): Promise<void> {
  const transfer = (to: string) => ({ to: info.addresses.testToken, value: '0x0', data: ERC20.encodeFunctionData('transfer', [to, 21n]) });
  const recipient = Wallet.createRandom().address;
  const atomic = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true, calls: [transfer(recipient), { to: recipient, value: toQuantity(1n) }] }]);
  const review = await ApprovalWindow.next(session);
  expect(await review.screen.count({ role: 'button', name: 'Upgrade account' })).toBe(0);
  await review.approve();
  expect(await finalStatus(dapp, sentId(await atomic))).toMatchObject({ status: 200, atomic: true });
  const sponsored = dapp.request('wallet_sendCalls', [{
    version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true, calls: [transfer(recipient)], capabilities: { paymasterService: { url: info.paymasterUrl } },
  }]);
  await (await ApprovalWindow.next(session)).approve();
  expect(await finalStatus(dapp, sentId(await sponsored), 30_000)).toMatchObject({ status: 200, atomic: true });
  expect(await token().balanceOf(recipient)).toBe(42n);
}

test('a site grants an erc20-token-periodic permission with the kit; its session key spends within it until the user revokes it in Permissions', async ({ session, dapp, devnet: info }) => {
  const { account, popup } = await deleGatorWallet(session);
  await connect(dapp, session);
  await dapp.loadClient('smartAccountsKit');
  const sessionKey = Wallet.createRandom();
  await fund(sessionKey.address, parseEther('1'), 0n);
  const expiry = Math.floor(Date.now() / 1000) + 7 * 86_400;

  const granting = dapp.client<Granted[]>('smartAccountsKit', 'requestExecutionPermissions', [{
    chainId: 31337, to: sessionKey.address, expiry,
    permission: { type: 'erc20-token-periodic', isAdjustmentAllowed: false, data: { tokenAddress: info.addresses.testToken, periodAmount: parseEther('10').toString(), periodDuration: 86_400, justification: 'Daily API credits' } },
  }]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Permission in words', /^Up to 10 TST per day, until \w{3} \d+ \w{3} \d{4}, \d\d:\d\d\.$/);
  await approval.screen.waitForText('Justification', '“Daily API credits”');
  await approval.grant();
  const [granted] = await granting;
  expect(granted).toMatchObject({ from: account, to: sessionKey.address, permission: { type: 'erc20-token-periodic' } });
  expect(await dapp.client<Granted[]>('smartAccountsKit', 'getGrantedExecutionPermissions')).toEqual([granted]);
  await popup.waitForActivityLine(new RegExp(`^Permission granted to ${short(sessionKey.address)}: up to 10 TST per day on ${new URL(info.dappUrl).origin}`));

  // The session key redeems with the kit, as the site's server would.
  const sessionAccount = privateKeyToAccount(sessionKey.privateKey as Hex);
  const redeemer = createWalletClient({ account: sessionAccount, chain: devnet, transport: http(info.rpcUrl) }).extend(erc7710WalletActions());
  const recipient = Wallet.createRandom().address;
  const spend = (amount: bigint) => redeemer.sendTransactionWithDelegation({
    account: sessionAccount, chain: devnet, to: info.addresses.testToken as Hex, data: ERC20.encodeFunctionData('transfer', [recipient, amount]) as Hex,
    permissionContext: granted.context, delegationManager: granted.delegationManager,
  });
  await chain().waitForTransaction(await spend(parseEther('6')));
  expect(await token().balanceOf(recipient)).toBe(parseEther('6'));
  await expect(spend(parseEther('5'))).rejects.toThrow(/transfer-amount-exceeded/);
  expect(await token().balanceOf(account)).toBe(parseEther('94'));

  // Permissions shows it in words with what the chain says was spent; Revoke is a reviewed transaction.
  await popup.waitForGrant(sessionKey.address, 'Permission in words', /^Up to 10 TST per day, until /);
  await popup.waitForGrant(sessionKey.address, 'Spent', '6 TST spent this period');
  await popup.revokeGrant(sessionKey.address);
  await (await ApprovalWindow.next(session)).approve();
  await popup.waitForGrant(sessionKey.address, 'Revoked', 'Revoked');
  await expect.poll(() => spend(1n).then(() => 'redeemed', (error: Error) => error.message), { intervals: [200] }).toMatch(/reverted/);
  expect(await dapp.client<Granted[]>('smartAccountsKit', 'getGrantedExecutionPermissions')).toEqual([]);
  await popup.waitForActivityLine(new RegExp(`^Permission revoked: up to 10 TST per day to ${short(sessionKey.address)} on ${new URL(info.dappUrl).origin}`));
});

test('Revoke all: one reviewed transaction raises the account\'s nonce, after which no grant it signed can be redeemed', ONE_BROWSER, async ({ session, dapp, devnet: info }) => {
  const { account, popup } = await deleGatorWallet(session);
  await connect(dapp, session);
  await dapp.loadClient('smartAccountsKit');
  const grant = async (amount: string) => {
    const sessionKey = Wallet.createRandom();
    await fund(sessionKey.address, parseEther('1'), 0n);
    const granting = dapp.client<Granted[]>('smartAccountsKit', 'requestExecutionPermissions', [{
      chainId: 31337, to: sessionKey.address, expiry: Math.floor(Date.now() / 1000) + 3600,
      permission: { type: 'erc20-token-periodic', isAdjustmentAllowed: false, data: { tokenAddress: info.addresses.testToken, periodAmount: parseEther(amount).toString(), periodDuration: 86_400 } },
    }]);
    await (await ApprovalWindow.next(session)).grant();
    const [granted] = await granting;
    const sessionAccount = privateKeyToAccount(sessionKey.privateKey as Hex);
    const redeemer = createWalletClient({ account: sessionAccount, chain: devnet, transport: http(info.rpcUrl) }).extend(erc7710WalletActions());
    const spend = () => redeemer.sendTransactionWithDelegation({
      account: sessionAccount, chain: devnet, to: info.addresses.testToken as Hex, data: ERC20.encodeFunctionData('transfer', [Wallet.createRandom().address, 1n]) as Hex,
      permissionContext: granted.context, delegationManager: granted.delegationManager,
    });
    return { session: sessionKey.address, spend };
  };
  const grants = [await grant('10'), await grant('20')];
  await popup.revokeAllGrants(account, 'Local devnet');
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('To', getSmartAccountsEnvironment(1).caveatEnforcers.NonceEnforcer);
  await approval.approve();
  for (const { session: to, spend } of grants) {
    await popup.waitForGrant(to, 'Revoked', 'Revoked');
    await expect(spend()).rejects.toThrow(/reverted/);
  }
  await popup.waitForActivityLine(new RegExp(`^Permission revoked: up to 10 TST per day to ${short(grants[0].session)}`));
  await popup.waitForActivityLine(new RegExp(`^Permission revoked: up to 20 TST per day to ${short(grants[1].session)}`));
});

test('the user lowers the amount where the site allows it: the grant and the chain hold the lower amount', ONE_BROWSER, async ({ session, dapp, devnet: info }) => {
  await deleGatorWallet(session);
  await connect(dapp, session);
  await dapp.loadClient('smartAccountsKit');
  const sessionKey = Wallet.createRandom();
  const granting = dapp.client<Granted[]>('smartAccountsKit', 'requestExecutionPermissions', [{
    chainId: 31337, to: sessionKey.address, expiry: Math.floor(Date.now() / 1000) + 3600,
    permission: { type: 'erc20-token-periodic', isAdjustmentAllowed: true, data: { tokenAddress: info.addresses.testToken, periodAmount: parseEther('10').toString(), periodDuration: 86_400 } },
  }]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.fill('Amount', '11');
  expect(await approval.screen.isEnabled('Grant')).toBe(false);
  await approval.screen.fill('Amount', '4');
  await approval.grant();
  const [granted] = await granting;
  expect(granted.permission.data.periodAmount).toBe(parseEther('4').toString());
  await fund(sessionKey.address, parseEther('1'), 0n);
  const redeemer = createWalletClient({ account: privateKeyToAccount(sessionKey.privateKey as Hex), chain: devnet, transport: http(info.rpcUrl) }).extend(erc7710WalletActions());
  await expect(redeemer.sendTransactionWithDelegation({
    account: privateKeyToAccount(sessionKey.privateKey as Hex), chain: devnet, to: info.addresses.testToken as Hex,
    data: ERC20.encodeFunctionData('transfer', [Wallet.createRandom().address, parseEther('5')]) as Hex, permissionContext: granted.context, delegationManager: granted.delegationManager,
  })).rejects.toThrow(/transfer-amount-exceeded/);
});

test('a grant that starts now is redeemed at once on a chain whose head is behind the clock (a mainnet head can be 12 s old)', ONE_BROWSER, async ({ session, dapp, devnet: info }) => {
  await deleGatorWallet(session);
  await connect(dapp, session);
  await dapp.loadClient('smartAccountsKit');
  await chain().send('evm_setTime', [Math.floor(Date.now() / 1000) - 60]);
  try {
    await poll('a head a minute behind', async () => ((await chain().getBlock('latest'))!.timestamp < Date.now() / 1000 - 50 ? true : undefined));
    const sessionKey = Wallet.createRandom();
    const granting = askDailyTokens(dapp, info, sessionKey);
    await (await ApprovalWindow.next(session)).grant();
    const [granted] = await granting;
    expect(await token().balanceOf(await spendAs(sessionKey, granted, info, parseEther('1')))).toBe(parseEther('1'));
  } finally {
    await chain().send('evm_setTime', [Math.floor(Date.now() / 1000)]);
  }
});

test('a site revokes its own grant (wallet_revokeExecutionPermission): a reviewed transaction, after which the grant is gone', ONE_BROWSER, async ({ session, dapp }) => {
  await deleGatorWallet(session);
  await connect(dapp, session);
  await dapp.loadClient('smartAccountsKit');
  const granting = dapp.client<Granted[]>('smartAccountsKit', 'requestExecutionPermissions', [{
    chainId: 31337, to: Wallet.createRandom().address, expiry: Math.floor(Date.now() / 1000) + 3600,
    permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: parseEther('0.1').toString() } },
  }]);
  await (await ApprovalWindow.next(session)).grant();
  const [granted] = await granting;
  const revoking = dapp.request('wallet_revokeExecutionPermission', [{ permissionContext: granted.context }]);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('To', granted.delegationManager);
  await approval.approve();
  expect(await revoking).toEqual({ result: {} });
  expect(await dapp.client<Granted[]>('smartAccountsKit', 'getGrantedExecutionPermissions')).toEqual([]);
  expect(await dapp.request('wallet_revokeExecutionPermission', [{ permissionContext: granted.context }])).toMatchObject({ error: { code: -32602 } });
});

test('a bad request is refused before any window: an expiry that has passed, a session account of the wallet', ONE_BROWSER, async ({ session, dapp, devnet: info }) => {
  const { account } = await deleGatorWallet(session);
  await connect(dapp, session);
  const request = (to: string, expiry: number) => dapp.request('wallet_requestExecutionPermissions', [{
    chainId: '0x7a69', to, rules: [{ type: 'expiry', data: { timestamp: expiry } }],
    permission: { type: 'erc20-token-periodic', isAdjustmentAllowed: false, data: { tokenAddress: info.addresses.testToken, periodAmount: '0x1', periodDuration: 86_400 } },
  }]);
  expect(await request(Wallet.createRandom().address, Math.floor(Date.now() / 1000) - 60)).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/expiry .* has passed/) } });
  expect(await request(account, Math.floor(Date.now() / 1000) + 60)).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/one of this wallet's accounts/) } });
  expect(await session.countExtensionPages('approval.html')).toBe(0);
});

test("a page cannot get the account's own authorization signed as typed data: a delegation for the DelegationManager, a userOp for the DeleGator account; no window opens", ONE_BROWSER, async ({ session, dapp }) => {
  const { account } = await deleGatorWallet(session);
  await connect(dapp, session);
  const EIP712Domain = [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }];
  // What the kit's redeemDelegations checks: with it, the attacker's key would run any call as the account.
  const delegation = {
    types: { EIP712Domain, Delegation: [{ name: 'delegate', type: 'address' }, { name: 'delegator', type: 'address' }, { name: 'authority', type: 'bytes32' }, { name: 'caveats', type: 'Caveat[]' }, { name: 'salt', type: 'uint256' }], Caveat: [{ name: 'enforcer', type: 'address' }, { name: 'terms', type: 'bytes' }] },
    primaryType: 'Delegation',
    domain: { name: 'DelegationManager', version: '1', chainId: 31337, verifyingContract: getSmartAccountsEnvironment(1).DelegationManager },
    message: { delegate: Wallet.createRandom().address, delegator: account, authority: `0x${'f'.repeat(64)}`, caveats: [], salt: '1' },
  };
  // What the DeleGator's validateUserOp checks: with it, anyone could send a userOp that runs any call as the account.
  const userOp = {
    types: { EIP712Domain, PackedUserOperation: ['address sender', 'uint256 nonce', 'bytes initCode', 'bytes callData', 'bytes32 accountGasLimits', 'uint256 preVerificationGas', 'bytes32 gasFees', 'bytes paymasterAndData', 'address entryPoint'].map((f) => ({ type: f.split(' ')[0], name: f.split(' ')[1] })) },
    primaryType: 'PackedUserOperation',
    domain: { name: 'EIP7702StatelessDeleGator', version: '1', chainId: 31337, verifyingContract: account },
    message: { sender: account, nonce: '0', initCode: '0x', callData: '0xe9ae5c53', accountGasLimits: `0x${'0'.repeat(63)}1`, preVerificationGas: '1', gasFees: `0x${'0'.repeat(63)}1`, paymasterAndData: '0x', entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108' },
  };
  for (const typed of [delegation, userOp]) {
    expect(await dapp.request('eth_signTypedData_v4', [account, JSON.stringify(typed)])).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/authorizes your account's own calls/) } });
  }
  expect(await session.countExtensionPages('approval.html')).toBe(0);
});

test('a page cannot have the account put back in force a grant the user revoked: its enableDelegation is refused, no window opens', ONE_BROWSER, async ({ session, dapp }) => {
  const { account } = await deleGatorWallet(session);
  await connect(dapp, session);
  const manager = new Interface(['function enableDelegation((address delegate, address delegator, bytes32 authority, (address enforcer, bytes terms, bytes args)[] caveats, uint256 salt, bytes signature) delegation)']);
  // The revoked grant as its site holds it (its permission context decodes to this delegation).
  const revoked = [Wallet.createRandom().address, account, `0x${'f'.repeat(64)}`, [], 1n, '0x1234'];
  const data = manager.encodeFunctionData('enableDelegation', [revoked]);
  const to = getSmartAccountsEnvironment(1).DelegationManager;
  expect(await dapp.request('eth_sendTransaction', [{ from: account, to, data }])).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/re-enables a permission/) } });
  expect(await dapp.request('wallet_sendCalls', [{ version: '2.0.0', from: account, chainId: '0x7a69', atomicRequired: true, calls: [{ to, data }] }])).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/re-enables a permission/) } });
  expect(await session.countExtensionPages('approval.html')).toBe(0);
});

test('a plain account’s first grant upgrades it to the DeleGator, named on the screen; then grants, batches and Revert to a plain account all work', ONE_BROWSER, async ({ session, dapp, devnet: info, freshWallet }) => {
  const { popup, address } = freshWallet;
  expect(await chain().getCode(address)).toBe('0x');
  const [from] = await connect(dapp, session);
  await dapp.loadClient('smartAccountsKit');
  const sessionKey = Wallet.createRandom();
  const granting = askDailyTokens(dapp, info, sessionKey);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Upgrade in words', /^Approving also upgrades this account to the Delegation Framework’s smart account \(MetaMask’s DeleGator, audited\): one transaction from your account to itself, sent before/);
  await approval.screen.waitForText('Replaces', 'Nothing: a plain account');
  await approval.screen.waitForText('Delegate', /^EIP7702StatelessDeleGator /);
  await approval.screen.waitForText('Upgrade fee', /\d ETH$/);
  expect(await approval.screen.count('Deploy fee')).toBe(0);
  await approval.grant();
  const [granted] = await granting;
  expect(granted).toMatchObject({ from: address, to: sessionKey.address });
  expect(await chain().getCode(address)).toBe(delegationCode(DELEGATOR_V08));
  expect(await dapp.result('wallet_getCapabilities', [from, ['0x7a69']])).toMatchObject({ '0x7a69': { atomic: { status: 'supported' } } });
  // Activity lists the upgrade as the transaction it is, and the grant after it.
  await popup.waitForActivityLine(/^Upgrade to the Delegation Framework’s smart account \(DeleGator\)$/);
  await popup.waitForActivityLine(new RegExp(`^Permission granted to ${short(sessionKey.address)}: up to 10 TST per day`));
  await popup.waitForActivityStatuses(['Granted', 'Confirmed']);

  const recipient = await spendAs(sessionKey, granted, info, parseEther('6'));
  expect(await token().balanceOf(recipient)).toBe(parseEther('6'));

  await batchesStillRun(dapp, session, info, from);
  await popup.screen.click('Settings');
  await popup.screen.click('Account type (EIP-7702)');
  await popup.screen.waitForText('Account type', /^Delegated to EIP7702StatelessDeleGator/);
  await popup.screen.click('Revert to a plain account');
  await (await ApprovalWindow.next(session)).approve();
  await popup.screen.waitForText('Account type', 'Plain account');
  expect(await chain().getCode(address)).toBe('0x');
});

test('on a chain without the DeleGator, the first grant deploys it (named on the screen with its fee), then upgrades the account', ONE_BROWSER, async ({ session, dapp, devnet: info, freshWallet }) => {
  // A chain that never had it: no code, and nonce 0 (CREATE2 refuses an address whose nonce moved).
  const [deployed, nonce] = await Promise.all([chain().getCode(DELEGATOR_V08), chain().getTransactionCount(DELEGATOR_V08)]);
  await chain().send('anvil_setCode', [DELEGATOR_V08, '0x']);
  await chain().send('anvil_setNonce', [DELEGATOR_V08, '0x0']);
  try {
    await connect(dapp, session);
    await dapp.loadClient('smartAccountsKit');
    const sessionKey = Wallet.createRandom();
    const granting = askDailyTokens(dapp, info, sessionKey);
    const approval = await ApprovalWindow.next(session);
    await approval.screen.waitForText('Upgrade in words', /after one that deploys the DeleGator on Local devnet, where it is not yet/);
    await approval.screen.waitForText('Deploy fee', /\d ETH$/);
    await approval.grant();
    const [granted] = await granting;
    expect(await chain().getCode(DELEGATOR_V08)).toBe(deployed);
    expect(await chain().getCode(freshWallet.address)).toBe(delegationCode(DELEGATOR_V08));
    expect(await token().balanceOf(await spendAs(sessionKey, granted, info, parseEther('1')))).toBe(parseEther('1'));
  } finally {
    await chain().send('anvil_setCode', [DELEGATOR_V08, deployed]);
    await chain().send('anvil_setNonce', [DELEGATOR_V08, toQuantity(nonce)]);
  }
});

test('an account on Simple7702Account: the grant screen names the delegate it replaces, and the grant moves it to the DeleGator', ONE_BROWSER, async ({ session, dapp, devnet: info, freshWallet }) => {
  const [from] = await connect(dapp, session);
  const atomic = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true, calls: [{ to: Wallet.createRandom().address, value: toQuantity(1n) }] }]);
  const upgrade = await ApprovalWindow.next(session);
  await upgrade.acceptUpgrade();
  await upgrade.approve();
  expect(await finalStatus(dapp, sentId(await atomic))).toMatchObject({ status: 200 });
  expect(await chain().getCode(freshWallet.address)).toBe(delegationCode(SIMPLE_7702_ACCOUNT));

  await dapp.loadClient('smartAccountsKit');
  const sessionKey = Wallet.createRandom();
  const granting = askDailyTokens(dapp, info, sessionKey);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Upgrade in words', /smart account \(MetaMask’s DeleGator, audited\), in place of Simple7702Account \(ERC-4337 v0\.8\): one transaction/);
  await approval.screen.waitForText('Replaces', /^Simple7702Account \(ERC-4337 v0\.8\) /);
  await approval.grant();
  const [granted] = await granting;
  expect(await chain().getCode(freshWallet.address)).toBe(delegationCode(DELEGATOR_V08));
  expect(await token().balanceOf(await spendAs(sessionKey, granted, info, parseEther('2')))).toBe(parseEther('2'));
});

test('an account on a delegate the wallet did not set: the grant screen warns what replacing it leaves behind, and Grant waits for a second yes', ONE_BROWSER, async ({ session, dapp, devnet: info, freshWallet }) => {
  // Any contract the wallet did not set stands for a third party's smart account.
  const foreign = info.addresses.testToken;
  await chain().send('anvil_setCode', [freshWallet.address, delegationCode(foreign as Hex)]);
  await connect(dapp, session);
  await dapp.loadClient('smartAccountsKit');
  const sessionKey = Wallet.createRandom();
  const granting = askDailyTokens(dapp, info, sessionKey);
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Upgrade warning', new RegExp(`^This account delegates now to ${foreign}, a contract this wallet did not set\\. The upgrade replaces it`, 'i'));
  // Armed (Reject wakes up), Grant still waits for the second yes.
  await expect.poll(() => approval.screen.isEnabled('Reject')).toBe(true);
  expect(await approval.screen.isEnabled('Grant')).toBe(false);
  await approval.grantDespiteDangers();
  await granting;
  expect(await chain().getCode(freshWallet.address)).toBe(delegationCode(DELEGATOR_V08));
});
