/**
 * wallet_showCallsStatus: the wallet's own Activity view of one batch, in one popup window that later calls reuse
 * (its id in session storage, like the approval window's). A site may open it at most once a second: a page must not
 * keep stealing the focus.
 */
import { browser } from '../browser/extensionApi';
import { ErrorCode, RpcError } from '../../shared/errors';
import type { TypedStorage } from '../storage/typedStorage';

export interface ActivityWindowSlice {
  activityWindowId: number | null;
}
export const ACTIVITY_WINDOW_DEFAULTS: ActivityWindowSlice = { activityWindowId: null };

const MIN_INTERVAL_MS = 1000;
const SIZE = { width: 380, height: 640 };

export function createActivityWindow(session: TypedStorage<ActivityWindowSlice>) {
  const lastShown = new Map<string, number>();

  const reuse = async (url: string): Promise<boolean> => {
    const id = await session.get('activityWindowId');
    if (id === null) return false;
    try {
      const window = await browser.windows.get(id, { populate: true });
      const tab = window.tabs?.[0];
      if (tab?.id === undefined) return false;
      await browser.tabs.update(tab.id, { url });
      await browser.windows.update(id, { focused: true });
      return true;
    } catch {
      return false;
    }
  };

  return async function showActivity(origin: string, id: string): Promise<void> {
    const now = Date.now();
    if (now - (lastShown.get(origin) ?? 0) < MIN_INTERVAL_MS) {
      throw new RpcError(ErrorCode.limitExceeded, 'wallet_showCallsStatus was called less than a second ago by this site; call it again later');
    }
    lastShown.set(origin, now);
    const url = browser.runtime.getURL(`popup.html?${new URLSearchParams({ origin, batch: id })}`);
    if (await reuse(url)) return;
    const created = await browser.windows.create({ url, type: 'popup', focused: true, ...SIZE });
    await session.set('activityWindowId', created.id ?? null);
  };
}
