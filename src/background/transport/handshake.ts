/**
 * A frame's port to the background (runtime.onConnect): who it is, as the browser tells; its page settings first;
 * then each request on it run and answered. The request itself is run by the caller's `run` (transport sits below
 * the method tables).
 */
import type browser from 'webextension-polyfill';
import { PROVIDER_PORT, isRequestMessage, type PageSettingsMessage, type ResponseMessage, type RpcRequest, type RpcResponse } from '../../shared/protocol';
import type { Networks } from '../networks/registry';
import { pageSettings } from '../settings/compatibility';
import type { SettingsStorage } from '../settings/settings';
import type { Frame, Frames } from './frames';
import { originOf } from './sender';
import type { ReplyTarget } from './types';

export interface RequestOrigin {
  /** Taken from the port's sender, never from the page. */
  origin: string;
  replyTo: ReplyTarget;
}

export interface HandshakeDeps {
  frames: Pick<Frames, 'connected' | 'disconnected' | 'reply'>;
  settings: Pick<SettingsStorage, 'get'>;
  networks: Pick<Networks, 'selected'>;
  /** A dapp request's answer; undefined when it comes later (an approval replies once the user decided). */
  run(request: RpcRequest, ctx: RequestOrigin): Promise<RpcResponse | undefined>;
}

/** Takes a port that connected: a tab's frame is served, anything else is told why not. */
export function acceptPort(deps: HandshakeDeps, port: browser.Runtime.Port): void {
  const { sender } = port;
  // Only a tab's frame can be answered; the browser, not the page, tells which one and its origin.
  if (port.name !== PROVIDER_PORT) return port.disconnect();
  if (sender?.tab?.id === undefined || sender.tab.id < 0) return refuseOutsideTabs(port, sender);
  const { documentId } = sender as browser.Runtime.MessageSender & { documentId?: string };
  const frame: Frame = { tabId: sender.tab.id, frameId: sender.frameId ?? 0, origin: originOf(sender) ?? 'null', ...(documentId ? { documentId } : {}) };
  void deps.frames.connected(frame, port);
  if (frame.origin !== 'null') sendPageSettings(deps, port, frame.origin);
  port.onMessage.addListener((message: unknown) => (isRequestMessage(message) ? serveFrame(deps, frame, message.id, message.request) : undefined));
  port.onDisconnect.addListener(() => void deps.frames.disconnected(frame, port));
}

/**
 * Not in a tab (another extension's page, or a context with tab id -1, which marks the wallet's own requests): every
 * request is told so, rather than the port closing, which the content script would take for a stopped worker and
 * answer by sending the same requests again.
 */
function refuseOutsideTabs(port: browser.Runtime.Port, sender: browser.Runtime.MessageSender | undefined): void {
  const origin = (sender && originOf(sender)) ?? 'null';
  port.onMessage.addListener((message: unknown) => {
    if (!isRequestMessage(message)) return;
    port.postMessage({ type: 'rpc-response', id: message.id, origin, response: { error: { code: 4100, message: 'The wallet answers pages in browser tabs only' } } } satisfies ResponseMessage);
  });
}

/**
 * The page's provider waits for its settings (isMetaMask) before it says it is ready: they come first on the port,
 * with the chain its content script answers eth_chainId with (a chainChanged sent meanwhile reaches this port too).
 */
function sendPageSettings(deps: HandshakeDeps, port: browser.Runtime.Port, origin: string): void {
  void Promise.all([
    pageSettings(deps.settings, origin).catch(() => ({ isMetaMask: true })),
    deps.networks.selected().then((network) => network.chainId, () => undefined),
  ])
    .then(([settings, chainId]) => port.postMessage({ type: 'page-settings', settings, ...(chainId ? { chainId } : {}) } satisfies PageSettingsMessage))
    // The page went away meanwhile.
    .catch(() => undefined);
}

/** A dapp request from a frame's port: run it, and reply on that port (or, later, wherever the frame is by then). */
function serveFrame(deps: HandshakeDeps, frame: Frame, requestId: string, request: RpcRequest): void {
  const replyTo: ReplyTarget = { tabId: frame.tabId, frameId: frame.frameId, origin: frame.origin, requestId, ...(frame.documentId ? { documentId: frame.documentId } : {}) };
  if (frame.origin === 'null') {
    // An opaque origin (a sandboxed frame) has no identity to act for.
    void deps.frames.reply(replyTo, { error: { code: 4100, message: 'The wallet cannot tell which site this frame belongs to' } });
    return;
  }
  void deps.run(request, { origin: frame.origin, replyTo }).then((response) => (response ? deps.frames.reply(replyTo, response) : undefined));
}
