/**
 * Relay between the page and the background. It checks envelopes and copies only the fields the
 * protocol defines; it decides nothing and keeps no state. The background learns the page's
 * origin from the browser, not from anything relayed here. At injection it asks the background
 * for the page's settings (isMetaMask), which the provider gets with "content-ready": before any
 * request of the page is answered.
 */
import browser from 'webextension-polyfill';
import { ErrorCode } from '../shared/errors';
import {
  CONTENT_TARGET,
  INPAGE_TARGET,
  isInpageReady,
  isRequestMessage,
  isToPageMessage,
  type RequestMessage,
  type PageSettings,
  type PageSettingsRequest,
  type ToPageMessage,
  type WindowEnvelope,
} from '../shared/protocol';

const instance = crypto.randomUUID();
const DEFAULT_SETTINGS: PageSettings = { isMetaMask: true };
const asked: PageSettingsRequest = { type: 'page-settings' };
const settings: Promise<PageSettings> = browser.runtime.sendMessage(asked).then(
  (answer) => (typeof (answer as PageSettings | undefined)?.isMetaMask === 'boolean' ? { isMetaMask: (answer as PageSettings).isMetaMask } : DEFAULT_SETTINGS),
  () => DEFAULT_SETTINGS,
);
const ready = (): void => void settings.then((pageSettings) => toPage({ type: 'content-ready', instance, settings: pageSettings }));

const toPage = (data: ToPageMessage): void => {
  const envelope: WindowEnvelope<ToPageMessage> = { target: INPAGE_TARGET, data };
  window.postMessage(envelope, window.origin);
};

window.addEventListener('message', (event: MessageEvent<WindowEnvelope<unknown>>) => {
  if (event.source !== window || event.origin !== window.origin || event.data?.target !== CONTENT_TARGET) return;
  const message = event.data.data;
  if (isInpageReady(message)) return ready();
  if (!isRequestMessage(message)) return;
  const request: RequestMessage = { type: 'rpc-request', id: message.id, request: { method: message.request.method, params: message.request.params } };
  toPage({ type: 'request-ack', id: message.id });
  browser.runtime.sendMessage(request).catch((error: Error) => {
    toPage({ type: 'rpc-response', id: message.id, origin: window.origin, response: { error: { code: ErrorCode.disconnected, message: `The wallet is unavailable: ${error.message}` } } });
  });
});

// An opaque origin (sandboxed frame) cannot be posted to by origin, and the provider there refuses every request.
if (window.origin !== 'null') ready();

browser.runtime.onMessage.addListener((message: unknown) => {
  if (!isToPageMessage(message)) return undefined;
  if (message.type === 'content-ready' || message.type === 'request-ack') return undefined;
  // Replies and events are for one origin: a frame that navigated elsewhere meanwhile must not see them.
  if (message.type === 'rpc-response' && message.origin !== window.origin) return undefined;
  if (message.type === 'provider-event' && message.origin !== '*' && message.origin !== window.origin) return undefined;
  toPage(message);
  return undefined;
});
