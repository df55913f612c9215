/**
 * The few primitives a page object or a spec may use, so that one spec drives both browsers: Chromium
 * through Playwright (driver/chromium/) and Firefox through puppeteer-core over WebDriver BiDi
 * (driver/firefox/). Elements are found as a user finds them, by what the screens name them.
 */

export type Role = 'alert' | 'button' | 'checkbox' | 'combobox' | 'heading' | 'img' | 'list' | 'listitem' | 'main' | 'option' | 'radio' | 'region';

/**
 * An element by its accessible name: a string is the element an aria-label or a <label> names ("Execution",
 * "Password"); with `role`, an element of that role named so (a button by its aria-label or its text, an img by its
 * alt); without `name`, any element of that role; `in` looks only inside another element. Every primitive that
 * reads or acts on one element refuses a target that matches several, as Playwright's strict locators do.
 */
export type Target = string | { role?: Role; name?: string | RegExp; in?: Target };

/** A text as Playwright's toHaveText compares it: a string equals the whitespace-collapsed text, a RegExp matches it. */
export type Expected = string | RegExp;

/** One page or window: an extension page, an approval window or a web page. */
export interface Screen {
  /** Clicks the button `name` (its aria-label or its text) once it is enabled, as a user does. */
  click(name: string): Promise<void>;
  /** Double-clicks the button `name` once it is enabled: both clicks land where it was, whatever is there by the second. */
  doubleClick(name: string): Promise<void>;
  /** Replaces the text of the field that `label` names. */
  fill(label: string, value: string): Promise<void>;
  /** Checks a checkbox or a radio button. */
  check(target: Target): Promise<void>;
  /** Picks the option whose text is `option` in a <select>. */
  select(target: Target, option: string): Promise<void>;
  /** Chooses the file at `path` (on this machine) in the file input `label` names, as the user picks it in the dialog. */
  chooseFile(label: string, path: string): Promise<void>;

  /** Waits until the element is shown. */
  waitFor(target: Target): Promise<void>;
  /** The element's text once it is shown, whitespace collapsed. */
  text(target: Target): Promise<string>;
  /** Every matching element's text, once one is shown. */
  texts(target: Target): Promise<string[]>;
  /** Waits until the element reads `expected`: screens load and refresh balances and statuses on their own. */
  waitForText(target: Target, expected: Expected): Promise<void>;
  /** How many elements match now. */
  count(target: Target): Promise<number>;
  waitForCount(target: Target, count: number): Promise<void>;
  /** Whether the button can be clicked now (a button inside a disabled <fieldset> cannot). */
  isEnabled(name: string): Promise<boolean>;

  /** Runs `fn` in the page; arguments and result cross as JSON-like values. */
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Runs `fn` in the page until it returns something truthy, and returns that. */
  waitForFunction<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Loads a script file into the page, as a <script> would. */
  addScript(path: string): Promise<void>;
  url(): Promise<string>;
  reload(): Promise<void>;
  /** Loads `url` in this tab, as a user who types its address; resolves once it loaded. */
  goto(url: string): Promise<void>;
  /** The browser's Back button; resolves once the page before is shown again (loaded, or restored from the back/forward cache). */
  goBack(): Promise<void>;

  /** Waits until the page is gone (an approval window closes once its queue is empty). */
  waitForClose(): Promise<void>;
  /** Closes the page as the user would. */
  close(): Promise<void>;
  screenshot(path: string): Promise<void>;
  /** Sets the viewport, e.g. to the toolbar popup's 360 × 600 for its screenshots. */
  setSize(width: number, height: number): Promise<void>;
}

/** The browser with the extension loaded, in a fresh profile. */
export interface BrowserSession {
  readonly name: 'chromium' | 'firefox';
  /** A new tab showing one of the extension's pages ("popup.html"), loaded. */
  openExtensionPage(path: string): Promise<Screen>;
  /** A new tab showing a web page, loaded. */
  openPage(url: string): Promise<Screen>;
  /**
   * The next page of the extension at `path` (a prefix: "approval.html", "popup.html?") that the extension opened
   * itself and that was not handed out before, once it is there.
   */
  nextExtensionPage(path: string): Promise<Screen>;
  /** How many pages of the extension at `path` are open now. */
  countExtensionPages(path: string): Promise<number>;
  /** Every page open now, for screenshots of a failed test. */
  screens(): Promise<Screen[]>;
  close(): Promise<void>;
}

/** What only Chromium can do here. */
export interface ChromiumSession extends BrowserSession {
  readonly name: 'chromium';
  /** Stops the extension's service worker, as Chrome does when it is idle; the next event starts it again. */
  stopServiceWorker(): Promise<void>;
  /** Closes the browser and starts it again on the same profile: storage.local stays, the wallet is locked. */
  relaunch(): Promise<void>;
}

/** What only Firefox can do here. */
export interface FirefoxSession extends BrowserSession {
  readonly name: 'firefox';
  /**
   * Reloads the add-on as an update would: its pages close, its background starts again, storage.local stays.
   * Resolves once a page loaded from `webUrl` gets the provider again.
   */
  reloadAddon(webUrl: string): Promise<void>;
}
