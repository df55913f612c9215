/** The pages' sendMessage: the browser's own runtime that names the extension, Firefox's `browser` before its `chrome`. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onStorageChanged, sendMessage } from './runtime';

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

describe('onStorageChanged', () => {
  /** The browser's storage.onChanged, with its listeners. */
  function storage() {
    const listeners = new Set<(changes: Record<string, unknown>) => void>();
    const onChanged = { addListener: (l: (changes: Record<string, unknown>) => void) => void listeners.add(l), removeListener: (l: (changes: Record<string, unknown>) => void) => void listeners.delete(l) };
    return { onChanged, change: (...keys: string[]) => listeners.forEach((l) => l(Object.fromEntries(keys.map((k) => [k, {}])))), listeners };
  }

  it('calls the page back for a change it may show, not for the worker\'s bookkeeping alone, until it stops listening', () => {
    const area = storage();
    vi.stubGlobal('chrome', { runtime: runtime('chrome'), storage: { onChanged: area.onChanged } });
    const heard = vi.fn();
    const stop = onStorageChanged(heard);
    area.change('approvalWindowId');
    area.change('providerFrames', 'page subscription 0x1');
    expect(heard).not.toHaveBeenCalled();
    area.change('approvals', 'approvalWindowId');
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    area.change('approvals');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(area.listeners.size).toBe(0);
  });
});
