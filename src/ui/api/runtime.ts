/**
 * The browser's own `runtime.sendMessage` (a promise in Chrome's MV3 and in Firefox) and `storage.onChanged`, without
 * webextension-polyfill: the approval window's first script paints with them before anything else of the pages has loaded.
 */
import { showsOnPages } from '../../shared/workerBookkeeping';

interface Runtime {
  id?: string;
  sendMessage(message: unknown): Promise<unknown>;
}

type ChangeListener = (changes: Record<string, unknown>) => void;
interface Storage {
  onChanged?: { addListener(listener: ChangeListener): void; removeListener(listener: ChangeListener): void };
}

type Scope = { browser?: { runtime?: Runtime; storage?: Storage }; chrome?: { runtime?: Runtime; storage?: Storage } };

export function sendMessage(message: unknown): Promise<unknown> {
  const { browser, chrome } = globalThis as unknown as Scope;
  // Firefox's `browser` first: its `chrome` answers with callbacks.
  const runtime = [browser?.runtime, chrome?.runtime].find((r) => typeof r?.id === 'string');
  if (!runtime) return Promise.reject(new Error('The extension runtime is not available'));
  return runtime.sendMessage(message);
}

/**
 * The browser's own `storage.onChanged`, for a change a page may show (not the worker's bookkeeping alone:
 * shared/workerBookkeeping.ts); the first script listens before the pages' store (stores/wallet.ts) has loaded.
 * Answers how to stop listening.
 */
export function onStorageChanged(listener: () => void): () => void {
  const { browser, chrome } = globalThis as unknown as Scope;
  const onChanged = (browser?.storage ?? chrome?.storage)?.onChanged;
  const heard: ChangeListener = (changes) => (showsOnPages(Object.keys(changes)) ? listener() : undefined);
  onChanged?.addListener(heard);
  return () => onChanged?.removeListener(heard);
}
