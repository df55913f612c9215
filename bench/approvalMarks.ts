/** From a page's request to the marks its approval window sets (the UI marks them), in either browser. */
import type { BrowserSession, Screen } from '../e2e/driver/types';
import { ApprovalWindow } from '../e2e/pages/approval';
import type { Dapp } from '../e2e/pages/dapp';

/** The page's global where it notes when it sent the request. */
const SENT_AT = '__requestSentAt';

/**
 * When `screen` set `mark`, as a time since the epoch, once it has: `navigation` is its page starting to load (its time
 * origin), `nav:<field>` that field of its navigation timing, `a|b` the first of the marks `a` and `b`. Read from the
 * entry, so how often the driver asks adds nothing to the figure.
 */
export async function markedAt(screen: Screen, mark: string): Promise<number> {
  const at = await screen.waitForFunction((name) => {
    if (name === 'navigation') return performance.timeOrigin;
    if (name.startsWith('nav:')) {
      const timing = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const at = timing?.[name.slice(4) as 'responseEnd'];
      return at ? performance.timeOrigin + at : undefined;
    }
    const times = name.split('|').flatMap((one) => performance.getEntriesByName(one).map((entry) => entry.startTime));
    return times.length > 0 ? performance.timeOrigin + Math.min(...times) : undefined;
  }, mark);
  return at!;
}

/**
 * `rounds` times (ten unless told): from `dapp`'s request to each of `marks` in the approval window it opens, then
 * rejected; the samples of each mark. The request starts when the page calls `ethereum.request`, as the page noted it
 * (taken before the driver's call, it would include one round trip of the driver: up to 45 ms in Firefox). Marks as
 * `markedAt` reads them: before `navigation`, the worker and the browser's opening of the window; after it, the page's
 * own work (`nav:responseEnd`: its HTML arrived; `nav:domInteractive`: parsed; `planning-painted|approval-painted`:
 * the window's first paint, of the request or of its planning).
 */
export async function untilMarks(session: BrowserSession, dapp: Dapp, marks: string[], method: string, params: unknown[], rounds = 10): Promise<number[][]> {
  const samples = marks.map(() => [] as number[]);
  for (let i = 0; i < rounds; i++) {
    const asking = dapp.request(method, params, SENT_AT);
    // Should a mark never come, its error is the one reported, not this request's as the browser closes.
    asking.catch(() => undefined);
    const approval = await ApprovalWindow.next(session);
    const sentAt = await dapp.screen.evaluate((key) => (window as unknown as Record<string, number>)[key], SENT_AT);
    for (const [index, mark] of marks.entries()) samples[index].push((await markedAt(approval.screen, mark)) - sentAt);
    await approval.reject();
    await asking;
  }
  return samples;
}
