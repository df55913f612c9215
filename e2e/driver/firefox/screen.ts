/** One Firefox page, driven by puppeteer-core over WebDriver BiDi; the waiting that Playwright does itself, done by polling. */
import type { ElementHandle, Page } from 'puppeteer-core';
import { poll } from '../poll';
import type { Expected, Screen, Target } from '../types';
import { probe, toQuery, type Facts } from './find';

/** The address of the document in `page`, or undefined once the page is gone (or between documents). */
export function hrefOf(page: Page): Promise<string | undefined> {
  return page.evaluate(() => location.href).catch(() => undefined);
}

const describe = (target: Target): string => JSON.stringify(target, (_key, value) => (value instanceof RegExp ? String(value) : value));

const matches = (text: string, expected: Expected): boolean => (typeof expected === 'string' ? text === expected : expected.test(text));

export class FirefoxScreen implements Screen {
  constructor(readonly page: Page) {}

  /** Clicks as a user does, until the page hears it (see clickUntilHeard). */
  click(name: string): Promise<void> {
    return this.clickUntilHeard({ role: 'button', name });
  }

  /** Both clicks of one double click, in one input action, once the button is enabled in the tab brought to the front. */
  async doubleClick(name: string): Promise<void> {
    const target = { role: 'button', name } as const;
    const ready = (facts: Facts) => facts.visible && facts.enabled;
    const button = await this.element(target, ready);
    // Being brought to the front may have disarmed the window's buttons: wait for them again.
    await this.waitForFacts(`${describe(target)} to be ready`, target, ready);
    await button.click({ count: 2 });
  }

  async fill(label: string, value: string): Promise<void> {
    const field = await this.element(label, (facts) => facts.visible && facts.enabled);
    // Text inserted over the selected text replaces it, in one input event, as Playwright's fill does (typing it key by
    // key over BiDi took ~5 ms a character: 0.3 s for a recovery phrase).
    await field.evaluate((element) => {
      (element as HTMLInputElement).focus();
      (element as HTMLInputElement).select();
    });
    if (value === '') await field.press('Backspace');
    else await field.evaluate((_element, text) => document.execCommand('insertText', false, text), value);
    const typed = await field.evaluate((element) => (element as HTMLInputElement).value);
    if (typed !== value) throw new Error(`The field ${label} reads ${JSON.stringify(typed)} after typing ${JSON.stringify(value)}`);
  }

  async check(target: Target): Promise<void> {
    const box = await this.element(target, (facts) => facts.visible && facts.enabled);
    if (!(await box.evaluate((element) => (element as HTMLInputElement).checked))) await this.clickUntilHeard(target);
    await this.waitForFacts(`${describe(target)} to be checked`, target, (facts) => facts.checked);
  }

  /** Waits for the option as Playwright's selectOption does: a list's options may come after it (the Send screen's tokens). */
  async select(target: Target, option: string): Promise<void> {
    const { field, value } = await poll(`the list ${describe(target)} to have the option ${option}`, async () => {
      const field = await this.element(target, (facts) => facts.visible && facts.enabled);
      const value = await field.evaluate(
        (element, option) => [...(element as HTMLSelectElement).options].find((o) => o.text.replace(/\s+/g, ' ').trim() === option)?.value,
        option,
      );
      return value === undefined ? undefined : { field, value };
    });
    await field.select(value);
  }

  /** WebDriver BiDi's input.setFiles: the input gets the file and fires input and change, as after the dialog. */
  async chooseFile(label: string, path: string): Promise<void> {
    const input = await this.element(label, (facts) => facts.visible && facts.enabled);
    await (input as ElementHandle<HTMLInputElement>).uploadFile(path);
  }

  async waitFor(target: Target): Promise<void> {
    await this.waitForFacts(`${describe(target)} to be shown`, target, (facts) => facts.visible);
  }

  async text(target: Target): Promise<string> {
    return (await this.waitForFacts(`${describe(target)} to be shown`, target, (facts) => facts.visible)).text;
  }

  async texts(target: Target): Promise<string[]> {
    const all = await poll(`${describe(target)} to be there`, async () => {
      const found = await this.facts(target);
      return found.length > 0 ? found : undefined;
    });
    return all.map((facts) => facts.text);
  }

  async waitForText(target: Target, expected: Expected): Promise<void> {
    let last: string | undefined;
    await this.waitForFacts(`${describe(target)} to read ${String(expected)}`, target, (facts) => matches((last = facts.text), expected)).catch(
      (error: Error) => {
        throw new Error(`${error.message}; it reads ${JSON.stringify(last)}`);
      },
    );
  }

  async count(target: Target): Promise<number> {
    return (await this.facts(target)).length;
  }

  async waitForCount(target: Target, count: number): Promise<void> {
    let last = 0;
    await poll(`${count} of ${describe(target)}`, async () => ((last = await this.count(target)) === count ? true : undefined)).catch((error: Error) => {
      throw new Error(`${error.message}; there are ${last}`);
    });
  }

  async isEnabled(name: string): Promise<boolean> {
    return (await this.waitForFacts(`the button ${name}`, { role: 'button', name }, () => true)).enabled;
  }

  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return this.page.evaluate(fn as (arg: unknown) => Promise<R>, arg) as Promise<R>;
  }

  waitForFunction<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return poll(`${fn.name || 'a condition'} in the page`, async () => (await this.evaluate(fn, arg)) || undefined);
  }

  async addScript(path: string): Promise<void> {
    await this.page.addScriptTag({ path });
  }

  async url(): Promise<string> {
    const href = await hrefOf(this.page);
    if (href === undefined) throw new Error('The page is gone');
    return href;
  }

  /** Firefox reports no load of an extension page (see session.ts): the old document's mark is gone once the new one is there. */
  async reload(): Promise<void> {
    await this.page.evaluate(() => {
      (window as unknown as { e2eOldDocument: boolean }).e2eOldDocument = true;
      setTimeout(() => location.reload());
    });
    await poll('the page to load again', async () =>
      (await this.page.evaluate(() => !('e2eOldDocument' in window) && document.readyState === 'complete').catch(() => false)) || undefined);
  }

  /** A web page's tab (Firefox reports no load of an extension page: see reload). */
  async goto(url: string): Promise<void> {
    await this.page.goto(url);
  }

  /** Puppeteer's goBack waits for a load, which a page restored from the back/forward cache does not have. */
  async goBack(): Promise<void> {
    const before = await this.url();
    await this.page.evaluate(() => void setTimeout(() => history.back()));
    await poll('the page before to show', async () => {
      const shown = await this.page.evaluate(() => document.readyState === 'complete' && location.href).catch(() => false);
      return shown && shown !== before ? true : undefined;
    });
  }

  /** Firefox reports no close of an extension page (see session.ts), so this asks the page until it is gone. */
  async waitForClose(): Promise<void> {
    await poll('the page to close', async () => ((await hrefOf(this.page)) === undefined ? true : undefined));
  }

  close(): Promise<void> {
    return this.page.close();
  }

  async screenshot(path: string): Promise<void> {
    await this.page.screenshot({ path });
  }

  setSize(width: number, height: number): Promise<void> {
    return this.page.setViewport({ width, height });
  }

  private facts(target: Target): Promise<Facts[]> {
    return this.page.evaluate(probe, toQuery(target), 'facts' as const) as Promise<Facts[]>;
  }

  /** Waits until exactly one element matches and `ready` holds for it; several matching is an error, as in Playwright. */
  private waitForFacts(what: string, target: Target, ready: (facts: Facts) => boolean): Promise<Facts> {
    return poll(what, async () => {
      const found = await this.facts(target);
      if (found.length > 1) throw new Error(`${found.length} elements match ${describe(target)}, expected one`);
      return found.length === 1 && ready(found[0]) ? found[0] : undefined;
    });
  }

  /**
   * The one element `target` names, once `ready`, in the tab brought to the front: a user acts in the tab they see,
   * and Firefox throttles a background tab, where a click or a keystroke takes seconds to land.
   */
  private async element(target: Target, ready: (facts: Facts) => boolean): Promise<ElementHandle> {
    await this.waitForFacts(`${describe(target)} to be ready`, target, ready);
    await this.page.bringToFront();
    const element = (await this.page.evaluateHandle(probe, toQuery(target), 'first' as const)).asElement();
    if (!element) throw new Error(`${describe(target)} went away`);
    await (element as ElementHandle).evaluate(untilStill);
    return element as ElementHandle;
  }

  /**
   * Clicks as a user does, and again while the page hears no click. The approval window disarms its controls on
   * every new screen and whenever it is raised (ui/approval/useArming.ts): bringing the tab to the front may do
   * that between the check for enabled and the click, and a click it ignores, or one on a disabled control, never
   * reaches the page. A page gone right after the click (an approval window closing) took it.
   */
  private async clickUntilHeard(target: Target): Promise<void> {
    await poll(`a click on ${describe(target)} to reach the page`, async () => {
      const before = await this.clicksHeard();
      if (before === undefined) throw new Error(`The page with ${describe(target)} is gone`);
      await (await this.element(target, (facts) => facts.visible && facts.enabled)).click();
      const after = await this.clicksHeard();
      return after === undefined || after > before ? true : undefined;
    });
  }

  /**
   * How many click events reached the page's window since the first call, bubbling: one the page stops on its way
   * (an approval window ignoring it) does not count. Undefined once the page is gone.
   */
  private clicksHeard(): Promise<number | undefined> {
    return this.page
      .evaluate(() => {
        const w = window as unknown as { e2eClicks?: number };
        if (w.e2eClicks === undefined) {
          w.e2eClicks = 0;
          addEventListener('click', () => (w.e2eClicks! += 1));
        }
        return w.e2eClicks;
      })
      .catch(() => undefined);
  }
}

/**
 * Resolves once the element's box is the same two frames running (at most 60 frames; the tab is in front, so it runs them), as Playwright's "stable"
 * waits: a line that loads above a button (Home's values in dollars) moves it, and a click aimed at where it was
 * lands on the page beside it.
 */
function untilStill(element: Element): Promise<void> {
  return new Promise((resolve) => {
    let last = '';
    let frames = 0;
    const step = () => {
      const { x, y, width, height } = element.getBoundingClientRect();
      const box = `${x} ${y} ${width} ${height}`;
      if (box === last || ++frames > 60) resolve();
      else {
        last = box;
        requestAnimationFrame(step);
      }
    };
    requestAnimationFrame(step);
  });
}
