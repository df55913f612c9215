/**
 * The extension API the worker uses, straight from the browser, without webextension-polyfill (whose wrapping took
 * 2 ms of every worker start and 10 KB of its script): Firefox's `browser`, else Chrome's `chrome`, whose MV3 APIs return promises too (a
 * tab's listener that sends no answer resolves `tabs.sendMessage` to undefined, as the polyfill did). Firefox's
 * `chrome` answers with callbacks, so `browser` comes first; typed by the polyfill's declarations, which both follow.
 */
import type Browser from 'webextension-polyfill';

type Api = typeof Browser;
type Scope = { browser?: Api; chrome?: Api };

function extensionApi(): Api {
  const { browser, chrome } = globalThis as unknown as Scope;
  const found = [browser, chrome].find((api) => typeof api?.runtime?.id === 'string');
  if (!found) throw new Error('The extension API is not available');
  return found;
}

/** The API, looked up on first use (tests import the modules that use it without a browser). */
export const browser: Api = new Proxy({} as Api, { get: (_target, area) => Reflect.get(extensionApi(), area) as unknown });

/** A runtime message's answer, or undefined to leave it to another listener. */
export type MessageListener = (message: unknown, sender: Browser.Runtime.MessageSender) => Promise<unknown> | undefined;

type NativeListener = (message: unknown, sender: Browser.Runtime.MessageSender, sendResponse: (answer?: unknown) => void) => boolean;

/**
 * Listens to runtime messages, answering with what `listener` resolves to: through `sendResponse` and `true`, which
 * both browsers honour (a returned promise is not answered by every Chrome).
 */
export function onRuntimeMessage(listener: MessageListener): void {
  const native: NativeListener = (message, sender, sendResponse) => {
    const answer = listener(message, sender);
    if (!answer) return false;
    answer.then(sendResponse, (error: Error) => {
      console.error('[runtime] a message found no answer', error);
      sendResponse();
    });
    return true;
  };
  (browser.runtime.onMessage.addListener as unknown as (listener: NativeListener) => void)(native);
}
