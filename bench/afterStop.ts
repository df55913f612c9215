/** The page's first request after the worker stopped (no warm-up): measured alone, as the page sees it. */
import type { PlaywrightChromium } from '../e2e/driver/chromium/session';
import type { Dapp } from '../e2e/pages/dapp';

export async function firstRequestAfterStop(browser: PlaywrightChromium, dapp: Dapp, method: string): Promise<number> {
  await browser.stopServiceWorker();
  return dapp.screen.evaluate(async (method) => {
    const ethereum = (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum;
    const start = performance.now();
    await ethereum.request({ method });
    return performance.now() - start;
  }, method);
}
