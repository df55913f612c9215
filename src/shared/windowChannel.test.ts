// @vitest-environment happy-dom
/** The page ↔ content script channel: JSON text in an event of the frame's window, heard at once; anything else dropped. */
import { describe, expect, it } from 'vitest';
import { CONTENT_TARGET, INPAGE_TARGET } from './protocol';
import { listenInFrame, sendInFrame } from './windowChannel';

const heard: unknown[] = [];
listenInFrame(CONTENT_TARGET, (message) => heard.push(message));
const forged = (detail: unknown) => window.dispatchEvent(new CustomEvent(CONTENT_TARGET, { detail }));

describe('the channel within a frame', () => {
  it('hands the receiver a copy of the message before dispatching returns', () => {
    heard.length = 0;
    const message = { type: 'rpc-request', id: '1', request: { method: 'eth_getBalance', params: ['0x01', 'latest'] } };
    sendInFrame(CONTENT_TARGET, JSON.stringify(message));
    expect(heard).toEqual([message]);
    expect(heard[0]).not.toBe(message);
  });

  it('reaches only the side it is named for', () => {
    heard.length = 0;
    sendInFrame(INPAGE_TARGET, JSON.stringify({ type: 'content-ready', instance: 'x' }));
    expect(heard).toEqual([]);
  });

  it('drops an event whose detail is not JSON text (an object, a number, broken JSON, none)', () => {
    heard.length = 0;
    for (const detail of [{ type: 'inpage-ready' }, 42, '{"type":', undefined]) forged(detail);
    window.dispatchEvent(new Event(CONTENT_TARGET));
    expect(heard).toEqual([]);
  });
});
