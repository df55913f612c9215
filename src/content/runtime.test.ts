// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runtime } from './runtime';

afterEach(() => vi.unstubAllGlobals());

const extensionRuntime = { id: 'batchwallet', connect: () => ({}), onMessage: { addListener: () => undefined } };

describe('the content script\'s runtime', () => {
  it('is the extension\'s even when the page has an element with id="browser" (a global in Chrome\'s isolated world)', () => {
    vi.stubGlobal('chrome', { runtime: extensionRuntime });
    const clobber = document.createElement('form');
    clobber.id = 'browser';
    vi.stubGlobal('browser', clobber);
    expect(runtime()).toBe(extensionRuntime);
  });

  it('is Firefox\'s browser.runtime where chrome names no extension', () => {
    vi.stubGlobal('chrome', undefined);
    vi.stubGlobal('browser', { runtime: extensionRuntime });
    expect(runtime()).toBe(extensionRuntime);
  });
});
