/** wallet_showCallsStatus: the wallet's own Activity view of one batch, in a popup window. */
import browser from 'webextension-polyfill';

export async function openActivity(origin: string, id: string): Promise<void> {
  const url = browser.runtime.getURL(`popup.html?${new URLSearchParams({ origin, batch: id })}`);
  await browser.windows.create({ url, type: 'popup', width: 380, height: 640, focused: true });
}
