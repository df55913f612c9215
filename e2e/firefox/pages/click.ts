/** Clicking a button in Firefox so that the page hears it. */
import type { Page } from 'puppeteer-core';
import { poll } from '../poll';
import { button } from './selectors';

/** How many click events the page's window has seen since the first call; undefined once the page is gone. */
function clicksSeen(page: Page): Promise<number | undefined> {
  return page
    .evaluate(() => {
      const w = window as unknown as { e2eClicks?: number };
      if (w.e2eClicks === undefined) {
        w.e2eClicks = 0;
        addEventListener('click', () => (w.e2eClicks! += 1), true);
      }
      return w.e2eClicks;
    })
    .catch(() => undefined);
}

/**
 * Clicks the button named `name` as a user does, and again while the page hears no click. The
 * approval window keeps a new request's buttons disabled for a moment (a `<fieldset disabled>`, so
 * one double click cannot answer two requests), and puppeteer's locator does not see a fieldset's
 * disabled state: a click in that moment fires only pointer events. A page gone right after the
 * click (an approval window closing) took it.
 */
export async function clickButton(page: Page, name: string): Promise<void> {
  await poll(`a click on ${name} to reach the page`, async () => {
    const before = await clicksSeen(page);
    if (before === undefined) throw new Error(`The page with the button ${name} is gone`);
    await page.locator(button(name)).click();
    const after = await clicksSeen(page);
    return after === undefined || after > before ? true : undefined;
  });
}
