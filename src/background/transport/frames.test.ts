import type browser from 'webextension-polyfill';
import { describe, expect, it } from 'vitest';
import type { ToPageMessage } from '../../shared/protocol';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { FRAMES_DEFAULTS, createFrames, type Frame, type SendToTab } from './frames';

const A: Frame = { tabId: 1, frameId: 0, origin: 'https://a.example' };
const B: Frame = { tabId: 2, frameId: 0, origin: 'https://b.example' };

function fakePort(): browser.Runtime.Port & { got: ToPageMessage[] } {
  const got: ToPageMessage[] = [];
  return { got, postMessage: (m: ToPageMessage) => void got.push(m) } as unknown as browser.Runtime.Port & { got: ToPageMessage[] };
}

function setup(reachable = new Set<number>()) {
  const session = typedStorage(memoryBackend(), FRAMES_DEFAULTS);
  const sent: { tabId: number; message: ToPageMessage }[] = [];
  const sendToTab: SendToTab = async (tabId, message) => {
    if (!reachable.has(tabId)) throw new Error('Receiving end does not exist');
    sent.push({ tabId, message });
  };
  return { session, sent, sendToTab, frames: createFrames(session, sendToTab) };
}

describe('frames', () => {
  it('sends an event only to the ports of the origin that should hear it', async () => {
    const { frames, sent } = setup();
    const a = fakePort();
    const b = fakePort();
    await frames.connected(A, a);
    await frames.connected(B, b);
    await frames.emit(A.origin, 'accountsChanged', []);
    expect(a.got).toEqual([{ type: 'provider-event', origin: A.origin, event: 'accountsChanged', data: [] }]);
    expect(b.got).toEqual([]);
    await frames.emit('*', 'chainChanged', '0x1');
    expect([a.got.length, b.got.length, sent.length]).toEqual([2, 1, 0]);
  });

  it('names a tab\'s top page: from its open port, or from the listing once the worker that had the port is gone', async () => {
    const { frames, session, sendToTab } = setup();
    await frames.connected(A, fakePort());
    await frames.connected({ tabId: 1, frameId: 7, origin: 'https://widget.example' }, fakePort());
    expect(await frames.topOrigin(1)).toBe(A.origin);
    expect(await createFrames(session, sendToTab).topOrigin(1)).toBe(A.origin);
    expect(await frames.topOrigin(2)).toBeUndefined();
  });

  it('reaches a listed frame by tab messaging once its port is gone (a new worker), and forgets frames that took nothing', async () => {
    const { session, sendToTab, sent } = setup(new Set([1]));
    await createFrames(session, sendToTab).connected(A, fakePort());
    await createFrames(session, sendToTab).connected(B, fakePort());
    const later = createFrames(session, sendToTab);
    await later.emit('*', 'chainChanged', '0x1');
    expect(sent.map((s) => s.tabId)).toEqual([1]);
    expect(Object.values(await session.get('providerFrames'))).toEqual([A]);
  });

  it('an event reaches a frame whose port opened before its listing was written (its content script answers eth_chainId from it)', async () => {
    const { frames, session, sent } = setup();
    const a = fakePort();
    const connecting = frames.connected(A, a);
    await frames.emit('*', 'chainChanged', '0x1');
    await connecting;
    expect(a.got).toEqual([{ type: 'provider-event', origin: '*', event: 'chainChanged', data: '0x1' }]);
    expect([sent.length, Object.keys(await session.get('providerFrames'))]).toEqual([0, ['1 0']]);
  });

  it('a delivery to an earlier document that fails while its frame\'s new document connects does not drop the new port', async () => {
    const session = typedStorage(memoryBackend(), FRAMES_DEFAULTS);
    const earlier: Frame = { ...A, documentId: 'D1' };
    await session.set('providerFrames', { '1 0': earlier });
    let refuse: (error: Error) => void = () => undefined;
    let asked: () => void = () => undefined;
    const askedTab = new Promise<void>((resolve) => (asked = resolve));
    const frames = createFrames(session, () => new Promise((_, reject) => ((refuse = reject), asked())));
    const emitting = frames.emit('*', 'chainChanged', '0x1');
    await askedTab;
    const fresh = fakePort();
    await frames.connected({ ...A, documentId: 'D2' }, fresh);
    refuse(new Error('No frame with id D1'));
    await emitting;
    await frames.emit('*', 'chainChanged', '0x2');
    expect(fresh.got.map((m) => (m as { data: unknown }).data)).toEqual(['0x2']);
    expect(await session.get('providerFrames')).toEqual({ '1 0': { ...A, documentId: 'D2' } });
  });

  it('a reload whose old port closes just before the new one connects (Firefox names no document) stays listed', async () => {
    const { frames, session } = setup();
    const old = fakePort();
    await frames.connected(A, old);
    await Promise.all([frames.disconnected(A, old), frames.connected(A, fakePort())]);
    expect(await session.get('providerFrames')).toEqual({ '1 0': A });
  });

  it('a reload does not lose the new document: the old port closing after the new one opened changes nothing', async () => {
    const { frames, session } = setup();
    const old = fakePort();
    const fresh = fakePort();
    await frames.connected(A, old);
    await frames.connected(A, fresh);
    await frames.disconnected(A, old);
    await frames.reply({ ...A, requestId: 'r1' }, { result: 1 });
    expect(fresh.got).toEqual([{ type: 'rpc-response', id: 'r1', origin: A.origin, response: { result: 1 } }]);
    await frames.disconnected(A, fresh);
    expect(await session.get('providerFrames')).toEqual({});
  });

  it('answers the wallet\'s own requests (no tab) by nothing, and a delivery the browser refuses outright is a failure, not a throw', async () => {
    const session = typedStorage(memoryBackend(), FRAMES_DEFAULTS);
    const throwing: SendToTab = () => {
      throw new Error('Value must be at least 0');
    };
    const frames = createFrames(session, throwing);
    await frames.reply({ tabId: -1, frameId: 0, origin: 'chrome-extension://wallet', requestId: '' }, { result: '0x1' });
    await createFrames(session, throwing).connected(A, fakePort());
    await expect(createFrames(session, throwing).emit('*', 'chainChanged', '0x1')).resolves.toBeUndefined();
    expect(await session.get('providerFrames')).toEqual({});
  });
});
