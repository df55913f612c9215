/** One Chromium page, driven by Playwright: its locators by role and label, and its retrying assertions, do the waiting. */
import { expect, type Locator, type Page } from '@playwright/test';
import { WAIT_TIMEOUT_MS } from '../poll';
import type { Expected, Screen, Target } from '../types';
import { expectedInUiLanguage, inUiLanguage, nameInUiLanguage, namesInUiLanguage, valueInUiLanguage } from '../uiLanguage';

/**
 * Resolves once `element` is enabled (a disabled `<fieldset>` around it disables it too) or gone, or after
 * `timeoutMs`, when Playwright's click takes over and reports what it waited for. The approval window arms its
 * buttons a second after a screen comes on view (ui/approval/useArming.ts); Playwright retries a disabled button
 * after 20, 100 and 100 ms and then every 500 ms, so its click alone lands up to half a second after they woke up.
 */
function untilEnabled(element: Element, timeoutMs: number): Promise<void> {
  // No named function inside: run through tsx (the bench), each would call a __name helper the page does not have.
  let observer: MutationObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new Promise<void>((resolve) => {
    if (!element.matches(':disabled') || !element.isConnected) return resolve();
    observer = new MutationObserver(() => {
      if (!element.matches(':disabled') || !element.isConnected) resolve();
    });
    timer = setTimeout(resolve, timeoutMs);
    observer.observe(document, { attributes: true, childList: true, subtree: true });
  }).finally(() => {
    observer?.disconnect();
    clearTimeout(timer);
  });
}

/** Longer than any arming; a button disabled for longer is waited for by Playwright's click (its actionTimeout). */
const ARMING_WAIT_MS = 5_000;

const normalized = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * Passes once `assertion` (a Playwright assertion given `QUICK`) passes, within playwright.config.ts's `expect.timeout`.
 * Playwright's assertions and waits ask again after 20, 50, 100 and 100 ms, then every 500 ms, unless their timeout is
 * under 2.5 s, when they go on every 100 ms: what appeared after a third of a second was seen up to half a second late,
 * several times in most tests. So each try is given 2 s and tried again until the usual 10 s have passed.
 */
const soon = (assertion: () => Promise<unknown>): Promise<void> => expect(assertion).toPass({ intervals: [0], timeout: 10_000 });
const QUICK = { timeout: 2_000 };

export class ChromiumScreen implements Screen {
  constructor(readonly page: Page) {}

  async click(name: string): Promise<void> {
    await (await this.whenEnabled(await this.inFront(this.button(name)))).click();
  }

  async doubleClick(name: string): Promise<void> {
    await (await this.inFront(this.button(name))).dblclick();
  }

  async fill(label: string, value: string): Promise<void> {
    await (await this.shown(this.labelled(this.page, label))).fill(valueInUiLanguage(value));
  }

  async check(target: Target): Promise<void> {
    await (await this.whenEnabled(await this.inFront(this.locate(target)))).check();
  }

  async select(target: Target, option: string): Promise<void> {
    await (await this.whenEnabled(await this.inFront(this.locate(target)))).selectOption({ label: inUiLanguage(option) });
  }

  chooseFile(label: string, path: string): Promise<void> {
    return this.labelled(this.page, label).setInputFiles(path);
  }

  async waitFor(target: Target): Promise<void> {
    await this.shown(this.locate(target));
  }

  async text(target: Target): Promise<string> {
    return normalized(await (await this.shown(this.locate(target))).textContent());
  }

  async texts(target: Target): Promise<string[]> {
    const elements = this.locate(target);
    await soon(() => expect(elements.first()).toBeAttached(QUICK));
    return (await elements.allTextContents()).map(normalized);
  }

  async waitForText(target: Target, expected: Expected): Promise<void> {
    const element = this.locate(target);
    await soon(() => expect(element).toHaveText(expectedInUiLanguage(expected), QUICK));
  }

  count(target: Target): Promise<number> {
    return this.locate(target).count();
  }

  async waitForCount(target: Target, count: number): Promise<void> {
    const elements = this.locate(target);
    await soon(() => expect(elements).toHaveCount(count, QUICK));
  }

  isEnabled(name: string): Promise<boolean> {
    return this.button(name).isEnabled();
  }

  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return this.page.evaluate(fn as (arg: unknown) => Promise<R>, arg);
  }

  async waitForFunction<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    const handle = await this.page.waitForFunction(fn as (arg: unknown) => Promise<R>, arg, { timeout: WAIT_TIMEOUT_MS });
    return (await handle.jsonValue()) as R;
  }

  async addScript(path: string): Promise<void> {
    await this.page.addScriptTag({ path });
  }

  async url(): Promise<string> {
    return this.page.url();
  }

  async reload(): Promise<void> {
    await this.page.reload();
  }

  async goto(url: string): Promise<void> {
    await this.page.goto(url);
  }

  /**
   * Playwright's wait for "load" never ends for a page restored from the back/forward cache (no load event there), and
   * it answers no response for one, as for no page before.
   */
  async goBack(): Promise<void> {
    await this.page.goBack({ waitUntil: 'commit' });
    await this.page.waitForFunction(() => document.readyState === 'complete');
  }

  async waitForClose(): Promise<void> {
    if (!this.page.isClosed()) await this.page.waitForEvent('close', { timeout: WAIT_TIMEOUT_MS });
  }

  close(): Promise<void> {
    return this.page.close();
  }

  async screenshot(path: string): Promise<void> {
    await this.page.screenshot({ path });
  }

  setSize(width: number, height: number): Promise<void> {
    return this.page.setViewportSize({ width, height });
  }

  /**
   * `control` once it is enabled, as soon as it is (see untilEnabled); the screens specs wait so for the arming to end
   * before a picture, where `expect(...).toBeEnabled()` alone asks again after 100, 250, 500 and 1000 ms.
   */
  async whenEnabled(control: Locator): Promise<Locator> {
    await control.evaluate(untilEnabled, ARMING_WAIT_MS);
    return control;
  }

  /**
   * `element` once shown, in the tab brought to the front: a user acts in the tab they see, and a tab behind another
   * gets an animation frame about once a second, so Playwright's check that the element is still (two frames) took 2 s
   * a click.
   */
  private async inFront(element: Locator): Promise<Locator> {
    await this.shown(element);
    await this.page.bringToFront();
    return element;
  }

  /** `element` once it is visible, looked for every 50 ms (see `soon`). */
  async shown(element: Locator): Promise<Locator> {
    await soon(() => expect(element).toBeVisible(QUICK));
    return element;
  }

  /** The button `name` (its aria-label or its text), in the browser's language. */
  button(name: string): Locator {
    return this.inEither(name, (said) => this.page.getByRole('button', { name: said, exact: true }));
  }

  /**
   * The element named `name` in the browser's language (any of its words for it: "Revert" is two in Japanese), or as
   * written: a screen shows some names as they came (an ERC-7730 descriptor's "Amount"), which a catalogue may have too.
   */
  private inEither(name: string, find: (name: string) => Locator): Locator {
    const names = namesInUiLanguage(name);
    return [...names, ...(names.includes(name) ? [] : [name])].map(find).reduce((either, next) => either.or(next));
  }

  private labelled(scope: Page | Locator, label: string): Locator {
    return this.inEither(label, (said) => scope.getByLabel(said, { exact: true }));
  }

  private locate(target: Target): Locator {
    if (typeof target === 'string') return this.labelled(this.page, target);
    const scope = target.in === undefined ? this.page : this.locate(target.in);
    const { role, name } = target;
    if (typeof name === 'string') return role ? this.inEither(name, (said) => scope.getByRole(role, { name: said, exact: true })) : this.labelled(scope, name);
    const pattern = name === undefined ? undefined : nameInUiLanguage(name);
    if (!role) return scope.getByLabel(pattern ?? '', { exact: true });
    return scope.getByRole(role, pattern === undefined ? {} : { name: pattern, exact: true });
  }
}
