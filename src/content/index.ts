/**
 * Relay between the page and the background. It checks envelopes and copies only the fields the
 * protocol defines; it decides nothing and keeps no state but what is still on its way and the chain id
 * the background last named on the open port, which answers eth_chainId without a round trip to the worker
 * (the most asked request of all). The background learns the page's origin from the browser, not from
 * anything relayed here. It opens its port to the background at injection in a top frame, and in a subframe (most are
 * ads and embeds that never use the wallet) when its page first uses the provider; the port's first message is the
 * page's settings (isMetaMask) and the selected chain; the provider gets the settings with "content-ready",
 * before any request of the page is answered.
 */
import { ErrorCode } from '../shared/errors';
import { randomId } from '../shared/randomId';
import { runtime, type Port } from './runtime';
import {
  CONTENT_TARGET,
  INPAGE_TARGET,
  PROVIDER_PORT,
  isInpageReady,
  isRequestMessage,
  isToPageMessage,
  type RequestMessage,
  isPageSettingsMessage,
  type PageSettings,
  type ToPageMessage,
} from '../shared/protocol';
import { listenInFrame, sendInFrame } from '../shared/windowChannel';

/** This script's id for the page (a new one after an extension restart); made on first use, not in every frame. */
let instanceId: string | undefined;
const instance = (): string => (instanceId ??= randomId());
const DEFAULT_SETTINGS: PageSettings = { isMetaMask: true };
/** Settled by the first port's first message, or with the defaults when there is no port to hear them on. */
let settingsHeard: (settings: PageSettings) => void = () => undefined;
let settingsKnown = false;
const settings = new Promise<PageSettings>((resolve) => {
  settingsHeard = (heard) => {
    settingsKnown = true;
    resolve(heard);
  };
});
const ready = (): void => void settings.then((pageSettings) => toPage({ type: 'content-ready', instance: instance(), settings: pageSettings }));

/** An answer that cannot be written as JSON (Firefox's port carries what JSON cannot) still settles, as an error. */
function toPage(message: ToPageMessage): void {
  try {
    sendInFrame(INPAGE_TARGET, JSON.stringify(message));
  } catch (error) {
    if (message.type !== 'rpc-response') return;
    const failed = { code: ErrorCode.internal, message: `The wallet's answer could not be passed to the page: ${(error as Error).message}` };
    sendInFrame(INPAGE_TARGET, JSON.stringify({ ...message, response: { error: failed } }));
  }
}

/** Requests handed to the background and not answered yet. */
const unanswered = new Map<string, RequestMessage>();
let port: Port | null = null;
/** A port was opened here once: a subframe whose page never used the provider needs none, even back from the cache. */
let used = false;
/**
 * The selected chain as the background named it on the open port: first with the settings, then by every chainChanged
 * (which the worker sends before it answers the switch). Forgotten with the port: a new worker names it again.
 */
let chainId: string | undefined;
/** Asked on a port this script closed as the page went into the back/forward cache, and not answered there. */
let stranded: RequestMessage[] = [];

/**
 * The port to the background, opened at injection (its first message is the page's settings). When the worker
 * stops, the port closes: what it was asked and never answered goes again on a new one (an approval it already
 * holds is not asked twice, and is answered when the user decides); otherwise the next request opens it.
 */
function connection(): Port {
  if (port) return port;
  const opened = runtime().connect({ name: PROVIDER_PORT });
  // What a worker sends while this frame's port is closed (it stopped meanwhile) comes by tab messaging, and only to
  // a frame that connected once. Not asked before: the extension API's first use builds its bindings, ~0.3 ms in each
  // frame, which a page of many frames that never use the wallet pays for nothing.
  if (!used) {
    runtime().onMessage.addListener(fromTab);
    followCache();
  }
  used = true;
  opened.onMessage.addListener(fromBackground);
  opened.onDisconnect.addListener(() => {
    // A port this script closed itself (the page went into the back/forward cache) was replaced already.
    if (port !== opened) return;
    port = null;
    chainId = undefined;
    settingsHeard(DEFAULT_SETTINGS);
    if (unanswered.size > 0) resend();
  });
  port = opened;
  // Sent again by whichever opens the first port after the cache: the page may ask before this script hears pageshow.
  const again = stranded;
  stranded = [];
  again.filter((message) => unanswered.has(message.id)).forEach(send);
  return opened;
}

function send(message: RequestMessage): void {
  try {
    connection().postMessage(message);
  } catch (error) {
    // The extension was reloaded or removed: this script is orphaned.
    unanswered.delete(message.id);
    toPage({ type: 'rpc-response', id: message.id, origin: window.origin, response: { error: { code: ErrorCode.disconnected, message: `The wallet is unavailable: ${(error as Error).message}` } } });
  }
}

const resend = () => [...unanswered.values()].forEach(send);

function fromBackground(message: unknown): void {
  if (isPageSettingsMessage(message)) {
    // A chainChanged that came first on this port is newer than the chain read for the settings.
    if (port) chainId ??= message.chainId;
    return settingsHeard({ isMetaMask: message.settings.isMetaMask });
  }
  if (!isToPageMessage(message)) return;
  if (message.type === 'content-ready') return;
  // Replies and events are for one origin: a frame that navigated elsewhere meanwhile must not see them.
  if (message.type === 'rpc-response' && message.origin !== window.origin) return;
  if (message.type === 'provider-event' && message.origin !== '*' && message.origin !== window.origin) return;
  if (message.type === 'rpc-response') unanswered.delete(message.id);
  if (message.type === 'provider-event' && message.event === 'chainChanged' && port) chainId = typeof message.data === 'string' ? message.data : undefined;
  toPage(message);
}

function fromTab(message: unknown): undefined {
  fromBackground(message);
}

/** eth_chainId without params, answered from the chain the background named; anything else about it goes there. */
function answeredHere(message: RequestMessage): boolean {
  const { method, params } = message.request;
  if (method !== 'eth_chainId' || chainId === undefined || !(params === undefined || (Array.isArray(params) && params.length === 0))) return false;
  toPage({ type: 'rpc-response', id: message.id, origin: window.origin, response: { result: chainId } });
  return true;
}

/** Opens the port if it is not open; without an extension behind this script any more (reloaded), requests say so. */
function open(): void {
  try {
    connection();
  } catch {
    settingsHeard(DEFAULT_SETTINGS);
  }
}

listenInFrame(CONTENT_TARGET, (message) => {
  if (isInpageReady(message)) {
    open();
    // A subframe's provider that started after this script said it is here did not hear it (nothing listened yet): it
    // hears it now, so that its requests go at once rather than after the port's settings.
    if (window.top !== window && !settingsKnown) toPage({ type: 'content-ready', instance: instance() });
    return ready();
  }
  // A page sends its unanswered requests again to a content script that started after an extension restart; one
  // this script already passed on is on its way.
  if (!isRequestMessage(message) || unanswered.has(message.id) || answeredHere(message)) return;
  const request: RequestMessage = { type: 'rpc-request', id: message.id, request: { method: message.request.method, params: message.request.params } };
  unanswered.set(request.id, request);
  send(request);
});

// An opaque origin (a sandboxed frame) has no identity to connect with: the provider there refuses every request, and
// so does the worker.
if (window.origin === 'null') {
  settingsHeard(DEFAULT_SETTINGS);
} else if (window.top === window) {
  open();
  ready();
} else if (document.readyState !== 'loading') {
  // Injected into a page already loaded (Firefox re-injects this script into open tabs when the add-on restarts): says
  // it is here, without settings until the port brings them, so that a provider already in use sends its unanswered
  // requests again, which opens the port. At a frame's start no provider has been used yet (both scripts run before
  // the page's), and one that starts later asks (inpage-ready): saying it there cost every frame of a page its event.
  toPage({ type: 'content-ready', instance: instance() });
}

// A page going into the back/forward cache closes its port (no event can reach it there, so the chain it names may go
// stale); restored, it connects again, is told the chain and listed once more, and sends what was never answered (on
// that first port, which the page's own request may open first: a subframe's page listened for pageshow before this
// script did, and Chrome's resume event comes before pageshow).
// Listened for from the first port on: a frame that never opened one has nothing to close or open again. Only the
// browser's events count: a page's script can dispatch these too (untrusted), and each pair would otherwise open a port
// to the worker, which costs it storage work no request budget covers, and send every unanswered request again.
function followCache(): void {
  window.addEventListener('pagehide', (event) => {
    if (!event.isTrusted || !event.persisted || !port) return;
    const closing = port;
    port = null;
    chainId = undefined;
    stranded = [...unanswered.values()];
    closing.disconnect();
  });
  window.addEventListener('pageshow', (event) => {
    if (!event.isTrusted || !event.persisted || window.origin === 'null' || port) return;
    try {
      connection();
    } catch {
      // No extension behind this script any more.
    }
  });
}
