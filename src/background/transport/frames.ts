/**
 * The frames that run the provider, by origin: each connects a port (runtime.connect) from its content script. Replies
 * and events travel on that port while it is open; the frames stay listed in session storage when the worker stops
 * (their ports die with it), so a later worker still reaches them, by tabs.sendMessage, until they connect again.
 * Events go only to the frames of the origins that should hear them, never to every tab.
 */
import type browser from 'webextension-polyfill';
import type { ProviderEventName, RpcResponse, ToPageMessage } from '../../shared/protocol';
import type { TypedStorage } from '../storage/typedStorage';
import type { ReplyTarget } from './types';

/** A frame as the browser identified it when it connected. */
export interface Frame {
  tabId: number;
  frameId: number;
  documentId?: string;
  origin: string;
}

export interface FramesSlice {
  /** Frames that connected, by "tabId frameId". */
  providerFrames: Record<string, Frame>;
}
export const FRAMES_DEFAULTS: FramesSlice = { providerFrames: {} };

const keyOf = (frame: { tabId: number; frameId: number }) => `${frame.tabId} ${frame.frameId}`;

export interface Frames {
  /** A frame's port connected: it is listed, and it is where its replies and events go from now on. */
  connected(frame: Frame, port: browser.Runtime.Port): Promise<void>;
  /** The frame's port closed from its side (it unloaded); a newer port of the same frame stays. */
  disconnected(frame: Frame, port: browser.Runtime.Port): Promise<void>;
  /** The tab closed: all its frames are gone. */
  tabClosed(tabId: number): Promise<void>;
  reply(target: ReplyTarget, response: RpcResponse): Promise<void>;
  /** `origin` "*" reaches every frame (network changes concern all of them). */
  emit(origin: string, event: ProviderEventName, data: unknown): Promise<void>;
  /** An event for one frame only (a subscription's message); false when the frame is gone. */
  emitTo(frame: Frame, event: ProviderEventName, data: unknown): Promise<boolean>;
  /** Calls `listener` whenever frames go away: one frame, or every frame of a tab (`frameId` undefined). */
  onGone(listener: (tabId: number, frameId?: number) => void): void;
  /** The origin the browser reported for the tab's top frame, when that frame runs the provider. */
  topOrigin(tabId: number): Promise<string | undefined>;
}

/** The one way to a frame without a port: the browser's tab messaging. */
export type SendToTab = (tabId: number, message: ToPageMessage, options: { frameId?: number; documentId?: string }) => Promise<unknown>;

export function createFrames(session: TypedStorage<FramesSlice>, sendToTab: SendToTab): Frames {
  const ports = new Map<string, { port: browser.Runtime.Port; frame: Frame }>();

  /** On the frame's port when it is open for the same document; false when it has none. */
  const onPort = (frame: Frame, message: ToPageMessage): boolean => {
    const open = ports.get(keyOf(frame));
    if (!open || (frame.documentId && open.frame.documentId && open.frame.documentId !== frame.documentId)) return false;
    try {
      open.port.postMessage(message);
      return true;
    } catch {
      ports.delete(keyOf(frame));
      return false;
    }
  };

  /** On the frame's port, else by tab messaging; false when nobody took it. */
  const deliver = async (frame: Frame, message: ToPageMessage): Promise<boolean> => {
    if (onPort(frame, message)) return true;
    // The wallet's own requests (the popup's sends) have no tab: their answer is the approval itself.
    if (frame.tabId < 0) return true;
    // Chrome can address the very document; Firefox only the frame (the content script checks the origin).
    const options = frame.documentId ? { documentId: frame.documentId } : { frameId: frame.frameId };
    // A browser refusing the call outright (a tab id it cannot have) is a failed delivery too, not a throw.
    return Promise.resolve().then(() => sendToTab(frame.tabId, message, options)).then(() => true, () => false);
  };

  const goneListeners: ((tabId: number, frameId?: number) => void)[] = [];
  const gone = async (tabId: number, frameId?: number) => {
    for (const listener of goneListeners) listener(tabId, frameId);
    for (const key of ports.keys()) if (key.startsWith(`${tabId} `) && (frameId === undefined || key === `${tabId} ${frameId}`)) ports.delete(key);
    await session.update('providerFrames', (frames) => Object.fromEntries(Object.entries(frames).filter(([, f]) => f.tabId !== tabId || (frameId !== undefined && f.frameId !== frameId))));
  };

  return {
    async disconnected(frame, port) {
      if (ports.get(keyOf(frame))?.port === port) await gone(frame.tabId, frame.frameId);
    },
    tabClosed: (tabId) => gone(tabId),
    async connected(frame, port) {
      ports.set(keyOf(frame), { port, frame });
      // Decided in the update queue, after a removal already queued (the same frame's old port closing), not before it.
      await session.update('providerFrames', (frames) => {
        const listed = frames[keyOf(frame)];
        return listed?.origin === frame.origin && listed.documentId === frame.documentId ? frames : { ...frames, [keyOf(frame)]: frame };
      });
    },
    async reply(target, response) {
      await deliver(target, { type: 'rpc-response', id: target.requestId, origin: target.origin, response });
    },
    async emitTo(frame, event, data) {
      const reached = await deliver(frame, { type: 'provider-event', origin: frame.origin, event, data });
      if (!reached && !ports.has(keyOf(frame))) await gone(frame.tabId, frame.frameId);
      return reached;
    },
    onGone: (listener) => void goneListeners.push(listener),
    async topOrigin(tabId) {
      const top = keyOf({ tabId, frameId: 0 });
      return ports.get(top)?.frame.origin ?? (await session.get('providerFrames'))[top]?.origin;
    },
    async emit(origin, event, data) {
      // A frame whose port has just opened may not be listed yet: it hears the event too, on that port.
      const everyFrame = new Map(Object.entries(await session.get('providerFrames')));
      for (const [key, open] of ports) everyFrame.set(key, open.frame);
      const frames = [...everyFrame.values()].filter((f) => origin === '*' || f.origin === origin);
      const message: ToPageMessage = { type: 'provider-event', origin, event, data };
      const reached = await Promise.all(frames.map((frame) => deliver(frame, message)));
      // A frame that took nothing is gone (closed or navigated without saying so while no worker ran), unless its new
      // document connected meanwhile.
      const lost = frames.filter((f, i) => !reached[i] && !ports.has(keyOf(f)));
      if (lost.length > 0) await Promise.all(lost.map((f) => gone(f.tabId, f.frameId)));
    },
  };
}
