import type { ProviderEventName } from '../../shared/protocol';

/**
 * Where a dapp request's reply goes: the document that sent it and the page's own request id. A frame may have
 * navigated by the time an approval finishes, so the reply also names the origin (the content script drops it
 * elsewhere) and, in Chrome, the exact document.
 */
export interface ReplyTarget {
  tabId: number;
  frameId: number;
  documentId?: string;
  origin: string;
  requestId: string;
}

/** Sends a provider event to the pages of one origin ("*": every page). */
export type Emit = (origin: string, event: ProviderEventName, data: unknown) => Promise<void>;
