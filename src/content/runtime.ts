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

/** Firefox's `browser`, else Chrome's `chrome`. */
export function runtime(): Runtime {
  const scope = globalThis as unknown as { browser?: { runtime: Runtime }; chrome?: { runtime: Runtime } };
  return (scope.browser ?? scope.chrome)!.runtime;
}
