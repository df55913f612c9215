/** The pages' sendMessage: the browser's own runtime that names the extension, Firefox's `browser` before its `chrome`. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendMessage } from './runtime';

const runtime = (answer: string) => ({ id: 'wallet', sendMessage: vi.fn(async () => answer) });

afterEach(() => vi.unstubAllGlobals());

describe('sendMessage', () => {
  it('sends through Chrome\'s chrome.runtime and resolves with its answer', async () => {
    vi.stubGlobal('chrome', { runtime: runtime('chrome') });
    await expect(sendMessage({ type: 'page-request' })).resolves.toBe('chrome');
  });

  it('sends through Firefox\'s browser.runtime, whose chrome.runtime answers with callbacks', async () => {
    vi.stubGlobal('chrome', { runtime: runtime('chrome') });
    vi.stubGlobal('browser', { runtime: runtime('browser') });
    await expect(sendMessage({ type: 'page-request' })).resolves.toBe('browser');
  });

  it('fails, saying so, outside the extension', async () => {
    vi.stubGlobal('chrome', { runtime: {} });
    await expect(sendMessage({ type: 'page-request' })).rejects.toThrow('The extension runtime is not available');
  });
});
