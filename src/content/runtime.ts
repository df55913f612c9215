/**
 * The little of the extension API the content script uses, straight from the browser: it runs in every frame of every
 * page, so it carries no polyfill (Chrome's `chrome.runtime` and Firefox's `browser.runtime` both have these, with the
 * same shapes; the background and the wallet's pages keep webextension-polyfill).
 */
interface RuntimeEvent<L> {
  addListener(listener: L): void;
}

export interface Port {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: RuntimeEvent<(message: unknown) => void>;
  onDisconnect: RuntimeEvent<() => void>;
}

export interface Runtime {
  connect(info: { name: string }): Port;
  /** A listener that returns nothing sends no answer. */
  onMessage: RuntimeEvent<(message: unknown) => undefined>;
}

type Scope = { chrome?: { runtime?: Runtime & { id?: string } }; browser?: { runtime?: Runtime & { id?: string } } };

/**
 * The extension's runtime: Chrome's `chrome.runtime` (Firefox has it too), else Firefox's `browser.runtime`, each
 * only when it names the extension (`id`): in Chrome's isolated world a page element with `id="browser"` is a global.
 */
export function runtime(): Runtime {
  const { chrome, browser } = globalThis as unknown as Scope;
  const found = [chrome?.runtime, browser?.runtime].find((r) => typeof r?.id === 'string');
  if (!found) throw new Error('The extension runtime is not available');
  return found;
}
