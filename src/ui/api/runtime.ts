/**
 * The browser's own `runtime.sendMessage` (a promise in Chrome's MV3 and in Firefox) and `storage.onChanged`, without
 * webextension-polyfill: the approval window's first script paints with them before anything else of the pages has loaded.
 */
interface Runtime {
  id?: string;
  sendMessage(message: unknown): Promise<unknown>;
}

interface Storage {
  onChanged?: { addListener(listener: () => void): void };
}

type Scope = { browser?: { runtime?: Runtime; storage?: Storage }; chrome?: { runtime?: Runtime; storage?: Storage } };

export function sendMessage(message: unknown): Promise<unknown> {
  const { browser, chrome } = globalThis as unknown as Scope;
  // Firefox's `browser` first: its `chrome` answers with callbacks.
  const runtime = [browser?.runtime, chrome?.runtime].find((r) => typeof r?.id === 'string');
  if (!runtime) return Promise.reject(new Error('The extension runtime is not available'));
  return runtime.sendMessage(message);
}

/** The browser's own `storage.onChanged`: the first script listens before the pages' store (stores/wallet.ts) has loaded. */
export function onStorageChanged(listener: () => void): void {
  const { browser, chrome } = globalThis as unknown as Scope;
  (browser?.storage ?? chrome?.storage)?.onChanged?.addListener(listener);
}
