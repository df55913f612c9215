/** The page's first request after the worker stopped (no warm-up): measured alone, as the page sees it. */
import type { PlaywrightChromium } from '../e2e/driver/chromium/session';
import type { Dapp } from '../e2e/pages/dapp';

/**
 * `marks`: two names the page also stamps into Chrome's trace (console.timeStamp) as it asks and as it has the answer
 * (workerStartTrace.ts).
 */
export async function firstRequestAfterStop(browser: PlaywrightChromium, dapp: Dapp, method: string, marks?: [asked: string, answered: string]): Promise<number> {
  await browser.stopServiceWorker();
  return dapp.screen.evaluate(async ([method, marks]) => {
    const ethereum = (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum;
    if (marks) console.timeStamp(marks[0]);
    const start = performance.now();
    await ethereum.request({ method });
    const elapsed = performance.now() - start;
    if (marks) console.timeStamp(marks[1]);
    return elapsed;
  }, [method, marks] as const);
}
