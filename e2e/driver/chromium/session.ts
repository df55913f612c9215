/** Debian's Chromium with the built extension, driven by Playwright. */
import type { Page } from '@playwright/test';
import { poll } from '../poll';
import type { ChromiumSession } from '../types';
import { launchWithExtension, type LaunchedChromium } from './launch';
import { rmSync } from 'node:fs';
import { ChromiumScreen } from './screen';
import { traceDuring, type TraceEvent } from './tracing';
import { serviceWorkerHeap, serviceWorkerHeapProfiler, stopServiceWorker, type WorkerHeapProfiler } from './worker';

/**
 * The next test's Chromium, launched with the extension while the current test runs: a launch and the extension's
 * first start (its scripts, the shipped phishing list) take ~1.2 s of a test's ~6, mostly before its first screen
 * answers. Its popup is opened and painted too (`spare`): most tests start by opening it, which took another ~2 s. Its
 * profile is still new and no test has used it; until a test takes it, its worker has no account and sends nothing to
 * the chain.
 */
let ahead: { key: string; launched: Promise<LaunchedChromium>; popup: Promise<Page | undefined>; closed: boolean } | undefined;
/** Profiles launched ahead and not taken, removed when the test worker exits (Playwright ends their browsers). */
const unclaimed = new Set<string>();
process.once('exit', () => {
  for (const profile of unclaimed) rmSync(profile, { recursive: true, force: true });
});

/** What a launch varies in besides its extension: the browser's language ("es"), and whether it keeps the back/forward cache. */
interface Variant {
  language?: string;
  backForwardCache?: boolean;
}

function launchAhead(key: string, extensionDir: string, variant: Variant): NonNullable<typeof ahead> {
  const launched = launchWithExtension(extensionDir, variant);
  const spare = { key, launched, popup: launched.then(openPopup, () => undefined), closed: false };
  void launched.then(({ context, profileDir }) => {
    unclaimed.add(profileDir);
    context.once('close', () => (spare.closed = true));
  }, () => undefined);
  return spare;
}

/** The popup, once its first screen shows a button; none if it did not open (the test opens its own then). */
async function openPopup({ context, extensionId }: LaunchedChromium): Promise<Page | undefined> {
  const page = await context.newPage().catch(() => undefined);
  if (!page) return undefined;
  try {
    await page.goto(`chrome-extension://${extensionId}/popup.html`);
    await page.locator('button').first().waitFor({ timeout: 10_000 });
    return page;
  } catch {
    await page.close().catch(() => undefined);
    return undefined;
  }
}

/**
 * The launch started ahead for the same extension and variant if it is still up, else a new one. `startNextAhead`
 * starts the next one (and ends one started for another extension or variant).
 */
async function takeLaunch(extensionDir: string, variant: Variant, startNextAhead: boolean): Promise<{ launched: LaunchedChromium; popup?: Promise<Page | undefined> }> {
  const key = JSON.stringify([extensionDir, variant.language, variant.backForwardCache ?? false]);
  let taken: LaunchedChromium | undefined;
  let popup: Promise<Page | undefined> | undefined;
  if (ahead?.key === key) {
    const spare = ahead;
    ahead = undefined;
    taken = await spare.launched.catch(() => undefined);
    popup = spare.popup;
    if (taken) unclaimed.delete(taken.profileDir);
    if (taken && spare.closed) {
      await taken.close().catch(() => undefined);
      taken = undefined;
    }
  }
  if (startNextAhead) {
    if (ahead) void ahead.launched.then((other) => other.close(), () => undefined);
    ahead = launchAhead(key, extensionDir, variant);
  }
  return taken ? { launched: taken, popup } : { launched: await launchWithExtension(extensionDir, variant) };
}

export class PlaywrightChromium implements ChromiumSession {
  readonly name = 'chromium';
  /** Pages already handed to a test: a settled approval's window closes only after the page got its reply. */
  private readonly handedOut = new WeakSet<Page>();

  private constructor(
    private readonly extensionDir: string,
    private readonly variant: Variant,
    private launched: LaunchedChromium,
    /**
     * The popup opened ahead, until the test opens the popup (its first page, or one after opening web pages) or does
     * anything else first, which closes it: then the browser is as a test without it would have found it.
     */
    private spare: Promise<Page | undefined> | undefined,
  ) {}

  /**
   * `extensionDir`: a built extension, dist/chrome or a copy of it; `variant`: the browser's language ("es", else
   * English), the back/forward cache kept. `startNextAhead`: launch the next one now, while this one is used (the
   * tests' sessions; see `ahead`).
   */
  static async launch(extensionDir: string, variant: Variant = {}, { startNextAhead = false } = {}): Promise<PlaywrightChromium> {
    const { launched, popup } = await takeLaunch(extensionDir, variant, startNextAhead);
    return new PlaywrightChromium(extensionDir, variant, launched, popup);
  }

  /** The popup opened ahead if it opened and is still open, now the test's; none from then on. */
  private async takeSpare(): Promise<Page | undefined> {
    const spare = await this.spare;
    this.spare = undefined;
    return spare?.isClosed() === false ? spare : undefined;
  }

  private async closeSpare(): Promise<void> {
    await (await this.takeSpare())?.close();
  }

  private get baseUrl(): string {
    return `chrome-extension://${this.launched.extensionId}/`;
  }

  async openExtensionPage(path: string): Promise<ChromiumScreen> {
    const spare = await this.takeSpare();
    if (spare && path === 'popup.html') {
      this.handedOut.add(spare);
      return new ChromiumScreen(spare);
    }
    await spare?.close();
    const page = await this.launched.context.newPage();
    this.handedOut.add(page);
    await page.goto(this.baseUrl + path);
    return new ChromiumScreen(page);
  }

  async openPage(url: string): Promise<ChromiumScreen> {
    const page = await this.launched.context.newPage();
    await page.goto(url);
    return new ChromiumScreen(page);
  }

  async nextExtensionPage(path: string): Promise<ChromiumScreen> {
    await this.closeSpare();
    const page = await poll(`${path} to open`, async () =>
      this.launched.context.pages().find((p) => !this.handedOut.has(p) && p.url().startsWith(this.baseUrl + path)));
    this.handedOut.add(page);
    await page.waitForLoadState('domcontentloaded');
    return new ChromiumScreen(page);
  }

  async countExtensionPages(path: string): Promise<number> {
    await this.closeSpare();
    return this.launched.context.pages().filter((p) => p.url().startsWith(this.baseUrl + path)).length;
  }

  async screens(): Promise<ChromiumScreen[]> {
    return this.launched.context.pages().map((page) => new ChromiumScreen(page));
  }

  /**
   * Through CDP, from an open page of the extension (the worker's storage partition): the first one opened, the popup
   * when there is one, since an approval window may be closing.
   */
  async stopServiceWorker(): Promise<void> {
    await this.closeSpare();
    await stopServiceWorker(this.launched.context, this.extensionPage('Stopping the service worker'));
  }

  /** The service worker's JavaScript heap after a full garbage collection, in bytes (the bench). */
  async workerHeap(): Promise<number> {
    await this.closeSpare();
    return serviceWorkerHeap(this.launched.context, this.extensionPage('Reading the service worker\'s heap'));
  }

  /** The service worker's heap and its heap snapshots through one session (bench/heap.ts). */
  async workerHeapProfiler(): Promise<WorkerHeapProfiler> {
    await this.closeSpare();
    return serviceWorkerHeapProfiler(this.launched.context, this.extensionPage('Profiling the service worker\'s heap'));
  }

  /** Chrome's trace of `categories`, every process, while `action` runs (the bench's worker start). */
  async traceDuring(categories: string[], action: () => Promise<void>): Promise<TraceEvent[]> {
    await this.closeSpare();
    return traceDuring(this.launched.context, this.extensionPage('Tracing the browser'), categories, action);
  }

  private extensionPage(purpose: string): Page {
    const page = this.launched.context.pages().find((p) => p.url().startsWith(this.baseUrl));
    if (!page) throw new Error(`${purpose} needs an open page of the extension`);
    return page;
  }

  /** Evaluates `fn` in the extension's service worker that runs now (the bench reads the worker's marks). */
  async evaluateInWorker<T>(fn: () => T): Promise<T> {
    await this.closeSpare();
    const worker = await poll('the service worker', async () => this.launched.context.serviceWorkers().filter((w) => w.url().startsWith(this.baseUrl)).at(-1));
    return worker.evaluate(fn);
  }

  async relaunch(): Promise<void> {
    this.spare = undefined;
    await this.launched.close({ keepProfile: true });
    this.launched = await launchWithExtension(this.extensionDir, { ...this.variant, profileDir: this.launched.profileDir });
  }

  /**
   * The last launch owns the profile and deletes it. Closing also waits for the launch started ahead to be up: the
   * test runner starts tracing each browser a test made, and one made while the next test starts is traced twice.
   */
  async close(): Promise<void> {
    await this.launched.close();
    await ahead?.launched.catch(() => undefined);
  }
}
