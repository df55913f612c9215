/**
 * MetaMask's test-dapp, unchanged, against the wallet: its Sign Permit and Sign Typed Data V4 buttons. Each approval
 * names what is asked and its dangers before Sign; each signature recovers to the account with eth-sig-util, here
 * against the message the page means and on the page with its own Verify button.
 */
import { SignTypedDataVersion, recoverTypedSignature } from '@metamask/eth-sig-util';
import type { JsonRpcServer } from '../fixtures/jsonRpcServer';
import { TEST_DAPP_CONTRACT, TEST_DAPP_MAIL, TEST_DAPP_SPENDER, startTestDappServer, testDappPermit } from '../fixtures/testDapp';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { TestDapp } from '../pages/testDapp';

let server: JsonRpcServer;
test.beforeAll(async () => {
  server = await startTestDappServer();
});
test.afterAll(async () => server.stop());

const recovered = (data: object, signature: string) => recoverTypedSignature({ data: data as never, signature, version: SignTypedDataVersion.V4 });

test('the test-dapp\'s Permit is named with its dangers and signed only after a second yes; its Mail is shown as signed; both signatures recover', ONE_BROWSER, async ({ wallet, session }) => {
  void wallet;
  const page = await TestDapp.open(session, server.url);
  const from = await page.connect(session);

  await page.press('signPermit');
  const permit = await ApprovalWindow.next(session);
  await permit.screen.waitForText({ role: 'heading', name: 'Permit: allow spending of your tokens' }, 'Permit: allow spending of your tokens');
  expect(await permit.screen.text('Amount')).toMatch(/^3,000 units of 0xCcCC…cccC \(unknown token/);
  expect(await permit.screen.text('Valid until')).toBe('3554-06-09 16:53 UTC');
  expect(await permit.screen.texts('Signature warning')).toEqual([
    `The message is signed for ${TEST_DAPP_CONTRACT} as the token, but that contract does not answer like a token on this network.`,
    expect.stringContaining(`Spender ${TEST_DAPP_SPENDER} is not a contract`),
    expect.stringMatching(/^Valid until is [\d,]+ years away/),
  ]);
  expect(await permit.screen.isEnabled('Sign')).toBe(false);
  await permit.signDespiteDangers();
  const permitSignature = await page.result('signPermitResult');
  expect(recovered(testDappPermit(from), permitSignature)).toBe(from.toLowerCase());
  await page.press('signPermitVerify');
  expect(await page.result('signPermitVerifyResult')).toBe(from.toLowerCase());

  await page.press('signTypedDataV4');
  const mail = await ApprovalWindow.next(session);
  await mail.screen.waitFor({ role: 'heading', name: 'Mail' });
  const shown = await mail.screen.text('Typed data');
  for (const part of ['Ether Mail', 'Hello, Bob!', 'Cow', 'Bob', '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB']) expect(shown).toContain(part);
  expect(await mail.screen.texts('Signature warning')).toEqual([`The contract this message is for (${TEST_DAPP_CONTRACT}) has no code on this network.`]);
  await mail.sign();
  const mailSignature = await page.result('signTypedDataV4Result');
  expect(recovered(TEST_DAPP_MAIL, mailSignature)).toBe(from.toLowerCase());
  await page.press('signTypedDataV4Verify');
  expect(await page.result('signTypedDataV4VerifyResult')).toBe(from.toLowerCase());
});
