/**
 * Every origin a dapp is served from: a plain-http host that is not localhost is no secure context, and the provider
 * starts there too; its approvals mark it "Not secure", as a network attacker can act as it.
 */
import { WALLET_RDNS } from '../../src/shared/brand';
import { PLAIN_HTTP_HOST } from '../driver/hosts';
import { expect, test } from '../fixtures/test';
import { Dapp } from '../pages/dapp';
import { ApprovalWindow } from '../pages/approval';

test('a dapp on a plain-http host that is not localhost finds the provider through EIP-6963 and window.ethereum, and connects through a screen marking it "Not secure"', async ({ freshWallet, session, devnet }) => {
  const url = new URL(devnet.dappUrl);
  url.hostname = PLAIN_HTTP_HOST;
  const dapp = await Dapp.open(session, url.href);
  expect(await dapp.screen.evaluate(() => window.isSecureContext, null)).toBe(false);
  const announced = await dapp.screen.evaluate(
    () =>
      new Promise<string>((resolve) => {
        window.addEventListener('eip6963:announceProvider', (event) => resolve((event as CustomEvent<{ info: { rdns: string } }>).detail.info.rdns));
        window.dispatchEvent(new Event('eip6963:requestProvider'));
        // A provider that failed to start announces nothing.
        setTimeout(() => resolve('no provider announced'), 5000);
      }),
    null,
  );
  expect(announced).toBe(WALLET_RDNS);
  expect(await dapp.request('eth_chainId')).toEqual({ result: '0x7a69' });
  const connecting = dapp.request('eth_requestAccounts');
  const approval = await ApprovalWindow.next(session);
  expect(await approval.screen.text('Connection')).toBe('Not secure');
  expect(await approval.screen.text('Not secure site')).toBe(
    "This site's connection is not encrypted: anyone on your network can change what it asks you to sign, and see the accounts you choose.",
  );
  await approval.connect();
  expect(await connecting).toEqual({ result: [freshWallet.address.toLowerCase()] });
});
