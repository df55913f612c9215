import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser, onRuntimeMessage } from './extensionApi';

type Native = (message: unknown, sender: unknown, sendResponse: (answer?: unknown) => void) => boolean;

/** A browser's runtime whose onMessage keeps the listener it is given. */
function runtimeWith(id: string | undefined) {
  const listeners: Native[] = [];
  return { runtime: { id, onMessage: { addListener: (listener: Native) => listeners.push(listener) } }, listeners };
}

afterEach(() => vi.unstubAllGlobals());

describe('the worker\'s extension API', () => {
  it('is Firefox\'s `browser` where it names the extension, else Chrome\'s `chrome`', () => {
    const firefox = runtimeWith('firefox-id');
    const chrome = runtimeWith('chrome-id');
    vi.stubGlobal('browser', firefox);
    vi.stubGlobal('chrome', chrome);
    expect(browser.runtime).toBe(firefox.runtime);
    vi.stubGlobal('browser', runtimeWith(undefined));
    expect(browser.runtime).toBe(chrome.runtime);
  });

  it('answers a runtime message with what the listener resolves to, through sendResponse, and leaves the others', async () => {
    const chrome = runtimeWith('chrome-id');
    vi.stubGlobal('chrome', chrome);
    onRuntimeMessage((message) => ((message as { ask?: boolean }).ask ? Promise.resolve({ result: 'yes' }) : undefined));
    const [native] = chrome.listeners;
    const answered = new Promise((resolve) => expect(native({ ask: true }, {}, resolve)).toBe(true));
    expect(await answered).toEqual({ result: 'yes' });
    const unanswered = vi.fn();
    expect(native({ other: true }, {}, unanswered)).toBe(false);
    expect(unanswered).not.toHaveBeenCalled();
  });

  it('still closes the message when the listener fails, so the page is not left waiting', async () => {
    const chrome = runtimeWith('chrome-id');
    vi.stubGlobal('chrome', chrome);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onRuntimeMessage(() => Promise.reject(new Error('broken')));
    const closed = new Promise((resolve) => chrome.listeners[0]({}, {}, () => resolve('closed')));
    expect(await closed).toBe('closed');
  });
});
