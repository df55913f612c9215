/**
 * Messages between the three layers. Page ↔ content script travel as events on the frame's window named for the
 * receiving side (windowChannel.ts); content script ↔ background on a port (runtime.connect), or by tabs
 * messaging when the background answers a frame whose port closed (the worker had stopped).
 */
import type { RpcErrorObject } from './errors';

export const INPAGE_TARGET = 'batchwallet:inpage';
export const CONTENT_TARGET = 'batchwallet:content';
/** The name of the content script's port to the background. */
export const PROVIDER_PORT = 'batchwallet:provider';

export interface RpcRequest {
  method: string;
  params?: unknown;
}

export type RpcResponse = { result: unknown } | { error: RpcErrorObject };

/** Page → content script → background. */
export interface RequestMessage {
  type: 'rpc-request';
  /** The provider's: a UUID, a count after it (src/inpage/provider.ts). */
  id: string;
  request: RpcRequest;
}

/** Background → content script → page; forwarded only to a page of `origin`, the one that asked. */
export interface ResponseMessage {
  type: 'rpc-response';
  id: string;
  origin: string;
  response: RpcResponse;
}

/** EIP-1193's events; `message` carries subscriptions' data (`{ type: 'eth_subscription', data: { subscription, result } }`). */
export type ProviderEventName = 'connect' | 'disconnect' | 'chainChanged' | 'accountsChanged' | 'message';

/** Background → content script → page; `origin` "*" goes to every page. */
export interface EventMessage {
  type: 'provider-event';
  origin: string;
  event: ProviderEventName;
  data: unknown;
}

/**
 * The two scripts start in no fixed order, so each says it is ready: the page side holds its
 * requests until the content script has said so, and the content script answers "inpage-ready".
 * A content script that comes back after an extension restart (Firefox re-injects it into open
 * tabs) has a new `instance`: the page then sends again every request still unanswered, since the
 * old one's background is gone with whatever it was asked (the new content script passes each id
 * on once; a request that asks the user is asked once, by its id).
 */
export interface ContentReady {
  type: 'content-ready';
  instance: string;
  /** Absent from a subframe's content script until its port is open (it opens when the page uses the provider). */
  settings?: PageSettings;
}

/** What the provider of a page is told at load, from the user's settings for its origin. */
export interface PageSettings {
  isMetaMask: boolean;
}

/**
 * Background → content script, first on every port it opens: the settings of the frame's origin (the browser names it)
 * and the selected chain, which the content script answers eth_chainId with until chainChanged says otherwise.
 */
export interface PageSettingsMessage {
  type: 'page-settings';
  settings: PageSettings;
  /** Absent when the wallet could not read it: eth_chainId then goes to the background. */
  chainId?: string;
}

export function isPageSettingsMessage(value: unknown): value is PageSettingsMessage {
  const m = value as PageSettingsMessage | null;
  return (
    typeof m === 'object' && m !== null && m.type === 'page-settings' && typeof m.settings?.isMetaMask === 'boolean' &&
    (m.chainId === undefined || typeof m.chainId === 'string')
  );
}

export interface InpageReady {
  type: 'inpage-ready';
}

export type ToPageMessage = ResponseMessage | EventMessage | ContentReady;
export type ToContentMessage = RequestMessage | InpageReady;

export function isInpageReady(value: unknown): value is InpageReady {
  return typeof value === 'object' && value !== null && (value as InpageReady).type === 'inpage-ready';
}

/**
 * Ids are kept with the approvals they asked for and with their answers (in session storage, whose room is small): one
 * longer than any the provider makes comes from a page's script, and is not passed on.
 */
export const MAX_REQUEST_ID_LENGTH = 128;

export function isRequestMessage(value: unknown): value is RequestMessage {
  const m = value as RequestMessage | null;
  return (
    typeof m === 'object' && m !== null && m.type === 'rpc-request' && typeof m.id === 'string' && m.id.length <= MAX_REQUEST_ID_LENGTH &&
    typeof m.request === 'object' && m.request !== null && typeof m.request.method === 'string'
  );
}

export function isToPageMessage(value: unknown): value is ToPageMessage {
  const m = value as ToPageMessage | null;
  if (typeof m !== 'object' || m === null) return false;
  if (m.type === 'content-ready') return typeof m.instance === 'string' && (m.settings === undefined || typeof m.settings.isMetaMask === 'boolean');
  if (m.type === 'rpc-response') return typeof m.id === 'string' && typeof m.origin === 'string' && typeof m.response === 'object';
  return m.type === 'provider-event' && typeof m.origin === 'string' && typeof m.event === 'string';
}
