/**
 * Debian's Firefox ESR with the built add-on, in a fresh profile, driven by puppeteer-core over WebDriver BiDi.
 *
 * Firefox's BiDi leaves extension documents out of its events (Bug 1755014): no navigation or
 * load events and no destroyed context, so for a moz-extension:// tab `page.goto` never returns
 * and `page.url()` stays about:blank. Scripts and input do work in them. So this driver navigates
 * without waiting and reads `location.href` from the document itself.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { poll } from '../poll';
import type { FirefoxSession } from '../types';
import { FirefoxScreen, hrefOf } from './screen';
import { PLAIN_HTTP_HOST, PLAIN_HTTP_SUBDOMAIN } from '../hosts';

const FIREFOX = { browser: 'firefox', executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', headless: true } as const;

/**
 * A profile Firefox has started in once, without the add-on: each launch gets a copy of it, still a profile of its own.
 * A profile's first start costs more than a second one (here 2.3–2.8 s against 1.2–1.5 s), and every test starts one.
 */
let template: Promise<string> | undefined;
async function freshProfile(): Promise<string> {
  template ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'batch-wallet-firefox-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    await (await puppeteer.launch({ ...FIREFOX, userDataDir: dir })).close();
    return dir;
  })().catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  const profile = mkdtempSync(join(tmpdir(), 'batch-wallet-firefox-'));
  cpSync(await template, profile, { recursive: true });
  return profile;
}

/** A Firefox started in a fresh profile (the add-on goes in before a test is given it). */
interface Started {
  browser: Browser;
  profile: string;
  /** The internal UUID its preferences give the add-on, so its moz-extension:// host is known in advance. */
  uuid: string;
  /** Its popup, opened and painted ahead (see `ahead`): none if it did not open. */
  popup?: Promise<Page | undefined>;
}

/**
 * The next launch's Firefox, started while the current test runs, with the add-on installed: starting one takes ~1.5 s
 * of a Firefox test's ~6 and installing the add-on ~0.3 s, most of it waiting. Its popup is opened and painted too
 * (`Started.popup`): most tests start by opening it, which took another ~2.5 s. Its profile is still new and no test has
 * used it; until a test takes it, the add-on has no account and sends nothing to the chain.
 */
let ahead: { key: string; started: Promise<Started> } | undefined;
/** Profiles (and their Firefox) not handed to a session yet, ended when the test worker exits. */
const unclaimed = new Map<string, Browser | undefined>();
process.once('exit', () => {
  for (const [profile, browser] of unclaimed) {
    const pid = browser?.process()?.pid;
    if (pid !== undefined) killGroup(pid);
    rmSync(profile, { recursive: true, force: true });
  }
});

async function start(addonId: string, prefs: Record<string, unknown>): Promise<Started> {
  // Firefox gives each add-on a random internal UUID for its moz-extension:// host; presetting
  // the pref that maps ids to UUIDs makes the host known in advance.
  const uuid = randomUUID();
  const profile = await freshProfile();
  unclaimed.set(profile, undefined);
  const browser = await puppeteer.launch({
    ...FIREFOX,
    userDataDir: profile,
    // Without it, BiDi refuses to navigate a tab to a moz-extension:// URL.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [addonId]: uuid }), 'network.dns.localDomains': `${PLAIN_HTTP_HOST},${PLAIN_HTTP_SUBDOMAIN}`, ...prefs },
  }).catch((error: unknown) => {
    unclaimed.delete(profile);
    rmSync(profile, { recursive: true, force: true });
    throw error;
  });
  unclaimed.set(profile, browser);
  return { browser, profile, uuid };
}

async function install({ browser }: Started, addonDir: string, addonId: string): Promise<void> {
  const installed = await browser.installExtension(addonDir);
  if (installed !== addonId) throw new Error(`Installed add-on ${installed}, expected ${addonId}`);
}

/** Navigates a new tab to one of the add-on's pages; resolves once its document has loaded. */
async function openAddonPage(page: Page, url: string): Promise<void> {
  await navigateWithoutWaiting(page, url);
  await poll(`${url} to load`, async () =>
    (await page.evaluate(() => `${location.href} ${document.readyState}`).catch(() => '')) === `${url} complete` || undefined);
}

/** The popup of a Firefox started ahead, once its first screen shows a button; none if it did not (the test opens its own). */
async function openPopup({ browser, uuid }: Started): Promise<Page | undefined> {
  let page: Page | undefined;
  try {
    page = await browser.newPage();
    await openAddonPage(page, `moz-extension://${uuid}/popup.html`);
    await page.waitForSelector('button', { timeout: 10_000 });
    return page;
  } catch {
    await page?.close().catch(() => undefined);
    return undefined;
  }
}

/** A started Firefox no session will use (it crashed while waiting, or the next launch wants other preferences). */
function discard({ browser, profile }: Started): void {
  const pid = browser.process()?.pid;
  if (pid !== undefined) killGroup(pid);
  unclaimed.delete(profile);
  rmSync(profile, { recursive: true, force: true });
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

export class PuppeteerFirefox implements FirefoxSession {
  readonly name = 'firefox';
  /** Pages already handed to a test: a settled approval's window closes only after the page got its reply. */
  private readonly handedOut = new WeakSet<Page>();

  private constructor(
    private readonly browser: Browser,
    /** moz-extension://<uuid>/ */
    private readonly baseUrl: string,
    /** Its own copy of the template profile, removed when it closes. */
    private readonly profile: string,
    /**
     * The popup opened ahead, until the test opens the popup (its first page, or one after opening web pages) or does
     * anything else first, which closes it: then the browser is as a test without it would have found it.
     */
    private spare: Promise<Page | undefined> | undefined,
  ) {
    unclaimed.delete(profile);
  }

  /** The popup opened ahead if it opened and is still open, now the test's; none from then on. */
  private async takeSpare(): Promise<Page | undefined> {
    const spare = await this.spare;
    this.spare = undefined;
    return spare && (await hrefOf(spare)) !== undefined ? spare : undefined;
  }

  private async closeSpare(): Promise<void> {
    await (await this.takeSpare())?.close();
  }

  /**
   * `addonDir`: a built add-on, dist/firefox or a copy of it. `prefs`: more of Firefox's preferences (the bench
   * shortens the event page's idle timeout). `startNextAhead`: start the next launch's Firefox now, while this one is
   * used (the tests' sessions; see `ahead`).
   */
  static async launch(addonDir: string, prefs: Record<string, unknown> = {}, { startNextAhead = false } = {}): Promise<PuppeteerFirefox> {
    const addonId: string = JSON.parse(readFileSync(resolve(addonDir, 'manifest.json'), 'utf8')).browser_specific_settings.gecko.id;
    const key = JSON.stringify([addonDir, prefs]);
    let spare: Started | undefined;
    if (ahead?.key === key) {
      spare = await ahead.started.catch(() => undefined);
      ahead = undefined;
      if (spare && !spare.browser.connected) discard(spare);
    }
    const started = spare?.browser.connected ? spare : await start(addonId, prefs);
    if (startNextAhead) {
      if (ahead) void ahead.started.then(discard, () => undefined);
      ahead = { key, started: start(addonId, prefs).then((next) => install(next, addonDir, addonId).then(() => Object.assign(next, { popup: openPopup(next) }), (error: unknown) => {
        discard(next);
        throw error;
      })) };
      ahead.started.catch(() => undefined);
    }
    const session = new PuppeteerFirefox(started.browser, `moz-extension://${started.uuid}/`, started.profile, started.popup);
    try {
      if (started !== spare) await install(started, addonDir, addonId);
      return session;
    } catch (error) {
      await session.close();
      throw error;
    }
  }

  async openExtensionPage(path: string): Promise<FirefoxScreen> {
    const spare = await this.takeSpare();
    if (spare && path === 'popup.html') {
      this.handedOut.add(spare);
      return new FirefoxScreen(spare);
    }
    await spare?.close();
    const page = await this.browser.newPage();
    this.handedOut.add(page);
    await openAddonPage(page, this.baseUrl + path);
    return new FirefoxScreen(page);
  }

  async openPage(url: string): Promise<FirefoxScreen> {
    const page = await this.browser.newPage();
    await page.goto(url);
    return new FirefoxScreen(page);
  }

  async nextExtensionPage(path: string): Promise<FirefoxScreen> {
    await this.closeSpare();
    return poll(`${path} to open`, async () => {
      for (const page of await this.browser.pages()) {
        if (this.handedOut.has(page) || !(await hrefOf(page))?.startsWith(this.baseUrl + path)) continue;
        this.handedOut.add(page);
        return new FirefoxScreen(page);
      }
      return undefined;
    });
  }

  async countExtensionPages(path: string): Promise<number> {
    await this.closeSpare();
    const hrefs = await Promise.all((await this.browser.pages()).map(hrefOf));
    return hrefs.filter((href) => href?.startsWith(this.baseUrl + path)).length;
  }

  async screens(): Promise<FirefoxScreen[]> {
    return (await this.browser.pages()).map((page) => new FirefoxScreen(page));
  }

  /**
   * runtime.reload from one of the add-on's pages (opened for it when none is). Opening the add-on's
   * pages before it is up again can hang, hence the probe through a web page.
   */
  async reloadAddon(webUrl: string): Promise<void> {
    await this.closeSpare();
    const extensionPage = (await this.extensionPage()) ?? (await this.openExtensionPage('popup.html')).page;
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

  /**
   * Ends Firefox with its content processes (puppeteer starts it as the leader of its own process group) instead of
   * asking it to shut down: the profile is thrown away, and the orderly shutdown took 0.6–1.2 s a test.
   */
  async close(): Promise<void> {
    try {
      const firefox = this.browser.process();
      if (firefox?.pid !== undefined && firefox.exitCode === null && firefox.signalCode === null) {
        const exited = once(firefox, 'exit');
        process.kill(-firefox.pid, 'SIGKILL');
        await exited;
      }
      await this.browser.close();
    } finally {
      // A content process killed with the group may still be writing its last files there (ENOTEMPTY): tried again.
      rmSync(this.profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    }
  }

  private async extensionPage(): Promise<Page | undefined> {
    for (const page of await this.browser.pages()) if ((await hrefOf(page))?.startsWith(this.baseUrl)) return page;
    return undefined;
  }
}

// page.goto would wait for the load event that never comes (see above), so this sends the BiDi
// navigate command itself, through puppeteer's frame object, which its public types do not show.
async function navigateWithoutWaiting(page: Page, url: string): Promise<void> {
  const frame = page.mainFrame() as unknown as { browsingContext: { navigate(url: string, wait: 'none'): Promise<void> } };
  await frame.browsingContext.navigate(url, 'none');
}
