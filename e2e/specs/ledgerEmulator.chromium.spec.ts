/**
 * The devnet's Ledger emulator as the browser reaches it: the devnet build's pages (which use it in place of WebHID,
 * src/ui/ledger/device.ts) are answered; a web page is refused before the emulator acts on its request.
 */
import { expect, test } from '../fixtures/test';

const GET_APP_AND_VERSION = 'b001000000';

test('an extension page gets the Ledger emulator\'s answers; a web page can neither read it nor lock it', async ({ session, dapp, devnet }) => {
  const url = devnet.ledgerEmulatorUrl;
  const page = await session.openExtensionPage('popup.html');
  const answer = await page.evaluate(async ({ url, apdu }) => {
    const response = await fetch(`${url}/apdu`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: apdu }) });
    return ((await response.json()) as { data: string }).data;
  }, { url, apdu: GET_APP_AND_VERSION });
  // "Ethereum" in ASCII, then the status word 0x9000.
  expect(answer).toContain('457468657265756d');
  expect(answer.endsWith('9000')).toBe(true);

  const fromPage = await dapp.screen.evaluate(async (url) => {
    const tries = [
      fetch(`${url}/state`, { method: 'POST', body: JSON.stringify({ locked: true }) }),
      fetch(`${url}/state`, { method: 'POST', mode: 'no-cors', body: JSON.stringify({ locked: true }) }),
    ];
    return Promise.all(tries.map((request) => request.then((response) => (response.type === 'opaque' ? 'opaque' : 'read'), () => 'refused')));
  }, url);
  expect(fromPage[0]).toBe('refused');
  const state = (await (await fetch(`${url}/state`)).json()) as { locked: boolean };
  expect(state.locked).toBe(false);
});
