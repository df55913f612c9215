/**
 * Debian's Firefox ESR with the built add-on, in a fresh profile, driven by puppeteer-core over WebDriver BiDi.
 *
 * Firefox's BiDi leaves extension documents out of its events (Bug 1755014): no navigation or
 * load events and no destroyed context, so for a moz-extension:// tab `page.goto` never returns
 * and `page.url()` stays about:blank. Scripts and input do work in them. So this driver navigates
 * without waiting and reads `location.href` from the document itself.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { poll } from './poll';

/** The address of the document in `page`, or undefined once the page is gone (or between documents). */
export function hrefOf(page: Page): Promise<string | undefined> {
  return page.evaluate(() => location.href).catch(() => undefined);
}

export class FirefoxWallet {
  /** Approval windows already handed to a test: a settled approval's window closes only after the page got its reply. */
  private readonly seenApprovals = new WeakSet<Page>();

  private constructor(
    readonly browser: Browser,
    /** moz-extension://<uuid>/ */
    readonly baseUrl: string,
  ) {}

  /** `addonDir`: a built add-on, dist/firefox or a copy of it. */
  static async launch(addonDir: string): Promise<FirefoxWallet> {
    const addonId: string = JSON.parse(readFileSync(resolve(addonDir, 'manifest.json'), 'utf8')).browser_specific_settings.gecko.id;
    // Firefox gives each add-on a random internal UUID for its moz-extension:// host; presetting
    // the pref that maps ids to UUIDs makes the host known in advance.
    const uuid = randomUUID();
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
      headless: true,
      // Without it, BiDi refuses to navigate a tab to a moz-extension:// URL.
      args: ['--remote-allow-system-access'],
      extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [addonId]: uuid }) },
    });
    try {
      const installed = await browser.installExtension(addonDir);
      if (installed !== addonId) throw new Error(`Installed add-on ${installed}, expected ${addonId}`);
      return new FirefoxWallet(browser, `moz-extension://${uuid}/`);
    } catch (error) {
      await browser.close();
      throw error;
    }
  }

  /** A new tab showing one of the add-on's pages ("popup.html"), loaded. */
  async openExtensionPage(path: string): Promise<Page> {
    const url = this.baseUrl + path;
    const page = await this.browser.newPage();
    await navigateWithoutWaiting(page, url);
    await poll(`${url} to load`, async () =>
      (await page.evaluate(() => `${location.href} ${document.readyState}`).catch(() => '')) === `${url} complete` || undefined);
    return page;
  }

  /** The approval window the add-on opens next (with windows.create); the ones returned before are skipped. */
  nextApproval(): Promise<Page> {
    return poll('the approval window', async () => {
      for (const page of await this.browser.pages()) {
        if (this.seenApprovals.has(page) || !(await hrefOf(page))?.startsWith(`${this.baseUrl}approval.html`)) continue;
        this.seenApprovals.add(page);
        return page;
      }
      return undefined;
    });
  }

  /** How many approval windows are open now. */
  async openApprovals(): Promise<number> {
    const hrefs = await Promise.all((await this.browser.pages()).map(hrefOf));
    return hrefs.filter((href) => href?.startsWith(`${this.baseUrl}approval.html`)).length;
  }

  /**
   * Reloads the add-on as an update would (runtime.reload from `extensionPage`): its pages close,
   * its background starts again, storage.local stays. Resolves once a page loaded from `webUrl`
   * gets the provider again, so the add-on is up: opening its pages before that can hang.
   */
  async reloadAddon(extensionPage: Page, webUrl: string): Promise<void> {
    await extensionPage
      .evaluate(() => (globalThis as unknown as { browser: { runtime: { reload(): void } } }).browser.runtime.reload())
      .catch(() => undefined);
    await poll('the add-on to stop', async () => ((await hrefOf(extensionPage)) === undefined ? true : undefined));
    // Opened only now: a tab opened while the add-on's own tabs close can fail to attach.
    const probe = await this.browser.newPage();
    try {
      await poll('the add-on to start again', async () => {
        await probe.goto(webUrl);
        return (await probe.evaluate(() => 'ethereum' in window)) || undefined;
      });
    } finally {
      await probe.close();
    }
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}

// page.goto would wait for the load event that never comes (see above), so this sends the BiDi
// navigate command itself, through puppeteer's frame object, which its public types do not show.
async function navigateWithoutWaiting(page: Page, url: string): Promise<void> {
  const frame = page.mainFrame() as unknown as { browsingContext: { navigate(url: string, wait: 'none'): Promise<void> } };
  await frame.browsingContext.navigate(url, 'none');
}
