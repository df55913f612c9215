/**
 * The browser's own `runtime.sendMessage` (a promise in Chrome's MV3 and in Firefox), without webextension-polyfill:
 * the approval window's first script paints with it before anything else of the pages has loaded.
 */
interface Runtime {
  id?: string;
  sendMessage(message: unknown): Promise<unknown>;
}

type Scope = { browser?: { runtime?: Runtime }; chrome?: { runtime?: Runtime } };

export function sendMessage(message: unknown): Promise<unknown> {
  const { browser, chrome } = globalThis as unknown as Scope;
  // Firefox's `browser` first: its `chrome` answers with callbacks.
  const runtime = [browser?.runtime, chrome?.runtime].find((r) => typeof r?.id === 'string');
  if (!runtime) return Promise.reject(new Error('The extension runtime is not available'));
  return runtime.sendMessage(message);
}
