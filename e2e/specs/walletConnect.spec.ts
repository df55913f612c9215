/** ERC-7846 wallet_connect with Sign-In with Ethereum, through viem's experimental connect action and as a raw request. */
import { getAddress, verifyMessage } from 'ethers';
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';

type Connected = { accounts: { address: string; capabilities: { unstable_signInWithEthereum?: { message: string; signature: string } } }[] };

const SIGN_IN_MESSAGE = 'Sign-in message of Account 1';

test('viem connect with sign-in: one screen shows the message, the signature verifies, the site is connected', async ({ wallet, dapp, session }) => {
  void wallet;
  await dapp.loadViem();
  const nonce = 'n0nce' + Date.now().toString(36);
  const connecting = dapp.viem<Connected>('connectWithSignIn', { nonce, chainId: 31337, statement: 'Sign in to the demo dapp', expirationTime: '2099-01-01T00:00:00.000Z' });
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText(SIGN_IN_MESSAGE, /^127\.0\.0\.1:4173 wants you to sign in with your Ethereum account:\s+0x/);
  const shown = await approval.screen.text(SIGN_IN_MESSAGE);
  expect(shown).toContain(`Nonce: ${nonce}`);
  expect(shown).toContain('Sign in to the demo dapp URI: http://127.0.0.1:4173 Version: 1 Chain ID: 31337');
  expect(await approval.screen.count({ role: 'alert' })).toBe(0);
  await approval.connectAndSignIn();

  const { accounts } = await connecting;
  expect(accounts).toHaveLength(1);
  const [{ address, capabilities }] = accounts;
  const { message, signature } = capabilities.unstable_signInWithEthereum!;
  expect(message.replace(/\s+/g, ' ')).toBe(shown);
  expect(verifyMessage(message, signature)).toBe(getAddress(address));
  expect(validateSiweMessage({ message: parseSiweMessage(message), address: address as `0x${string}`, domain: '127.0.0.1:4173', nonce })).toBe(true);
  expect(await dapp.result('eth_accounts')).toEqual([address.toLowerCase()]);
});

test('wallet_connect: rejecting or closing answers 4001 and connects nothing; a sign-in for another domain is flagged', ONE_BROWSER, async ({ wallet, dapp, session }) => {
  void wallet;
  const request = (signInWithEthereum: Record<string, unknown>) => dapp.request('wallet_connect', [{ version: '1', capabilities: { signInWithEthereum } }]);

  const rejected = request({ nonce: '12345678', chainId: '0x7a69' });
  await (await ApprovalWindow.next(session)).reject();
  expect(await rejected).toEqual({ error: { code: 4001, message: 'User rejected the request' } });
  expect(await dapp.result('eth_accounts')).toEqual([]);

  const closed = request({ nonce: '12345678' });
  await (await ApprovalWindow.next(session)).close();
  expect(await closed).toEqual({ error: { code: 4001, message: 'User rejected the request' } });

  const phishing = request({ nonce: '12345678', domain: 'bank.example', uri: 'https://bank.example/login' });
  const warned = await ApprovalWindow.next(session);
  await warned.screen.waitForText({ role: 'alert' }, /This sign-in request is for bank\.example, but it comes from http:\/\/127\.0\.0\.1:4173/);
  await warned.screen.waitForText(SIGN_IN_MESSAGE, /^bank\.example wants you to sign in/);
  await warned.reject();
  expect(await phishing).toEqual({ error: { code: 4001, message: 'User rejected the request' } });

  expect(await dapp.request('wallet_connect', [{ version: '1', capabilities: { signInWithEthereum: { nonce: 'short' } } }])).toEqual({
    error: { code: -32602, message: 'capabilities.signInWithEthereum.nonce must be at least 8 letters or digits, got "short"' },
  });
});
