/**
 * Messages from the background to pages. Replies go to the exact frame that asked, so a reply can
 * be sent long after the request (an approval finished after a worker restart). Events go to every
 * tab; the content script forwards only those addressed to its own origin.
 */
import browser from 'webextension-polyfill';
import type { EventMessage, ProviderEventName, ResponseMessage, RpcResponse } from '../../shared/protocol';
import type { ReplyTarget } from './types';

export async function replyToPage(target: ReplyTarget, response: RpcResponse): Promise<void> {
  const message: ResponseMessage = { type: 'rpc-response', id: target.requestId, origin: target.origin, response };
  // Chrome can address the very document that asked; Firefox only the frame (the origin check covers it).
  const options = target.documentId ? { documentId: target.documentId } : { frameId: target.frameId };
  try {
    await browser.tabs.sendMessage(target.tabId, message, options as browser.Tabs.SendMessageOptionsType);
  } catch {
    // The tab was closed or navigated away: nobody is left to answer.
  }
}

/** `origin` "*" reaches every page (network changes concern all of them). */
export async function emitToOrigin(origin: string, event: ProviderEventName, data: unknown): Promise<void> {
  const message: EventMessage = { type: 'provider-event', origin, event, data };
  const tabs = await browser.tabs.query({});
  await Promise.all(
    tabs.map((tab) => (tab.id === undefined ? undefined : browser.tabs.sendMessage(tab.id, message).catch(() => undefined))),
  );
}
