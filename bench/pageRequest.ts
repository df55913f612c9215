/** A request of the wallet's own pages (its pages' method table), asked from the open popup as its screens ask it. */
import type { WalletPopup } from '../e2e/pages/wallet';

export async function pageRequest(popup: WalletPopup, method: string, params: unknown): Promise<void> {
  const reply = await popup.screen.evaluate(
    ({ method, params }) => (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<{ error?: { message: string } } | undefined> } } }).chrome.runtime.sendMessage({ type: 'page-request', method, params }),
    { method, params },
  );
  if (reply?.error) throw new Error(`${method}: ${reply.error.message}`);
}
