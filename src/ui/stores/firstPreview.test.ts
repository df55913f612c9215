/** The preview asked for by the approval window's first script goes to the screen of that request only, once. */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const { call } = vi.hoisted(() => {
  const asked: string[] = [];
  return { call: Object.assign(vi.fn(async (_method: string, params: { id: string }) => ({ asked: params.id, at: asked.push(params.id) })), { asked }) };
});
vi.mock('../api/background', () => ({ call }));
const { arrivedPreview, askPreviewEarly, previewOf } = await import('./firstPreview');

describe('the preview asked for early', () => {
  beforeEach(() => {
    call.mockClear();
    call.asked.length = 0;
  });

  it('is the one the screen of that request gets, without asking again; a second screen of it asks anew', async () => {
    askPreviewEarly({ id: 'a', type: 'sendCalls' });
    expect(call).toHaveBeenCalledTimes(1);
    expect(await previewOf('a')).toEqual({ asked: 'a', at: 1 });
    expect(call).toHaveBeenCalledTimes(1);
    expect(await previewOf('a')).toEqual({ asked: 'a', at: 2 });
  });

  it('is there to read at once once it has arrived, for its own request only', async () => {
    askPreviewEarly({ id: 'a', type: 'sendCalls' });
    expect(arrivedPreview('a')).toBeUndefined();
    await vi.waitFor(() => expect(arrivedPreview('a')).toEqual({ asked: 'a', at: 1 }));
    expect(arrivedPreview('b')).toBeUndefined();
  });

  it('is not given to the screen of another request, which asks for its own', async () => {
    askPreviewEarly({ id: 'a', type: 'sendTransaction' });
    expect(await previewOf('b')).toEqual({ asked: 'b', at: 2 });
    // Dropped: a later screen of the first request asks anew rather than get a preview from before.
    expect(await previewOf('a')).toEqual({ asked: 'a', at: 3 });
  });

  it('is not asked for a request whose screen shows no preview (a message to sign)', () => {
    askPreviewEarly({ id: 'm', type: 'signMessage' });
    expect(call).not.toHaveBeenCalled();
  });
});
