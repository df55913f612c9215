/** The one approval window. Its id is kept in session storage so a restarted worker still knows it. */
import browser from 'webextension-polyfill';
import type { SessionStorage } from '../storage/schema';
import type { ApprovalWindow } from './approvals';

const SIZE = { width: 380, height: 640 };

export function createApprovalWindow(session: SessionStorage): ApprovalWindow {
  const existing = async (): Promise<number | null> => {
    const id = await session.get('approvalWindowId');
    if (id === null) return null;
    try {
      await browser.windows.get(id);
      return id;
    } catch {
      return null;
    }
  };

  const open = async (focusExisting: boolean): Promise<void> => {
    const id = await existing();
    if (id !== null) {
      if (focusExisting) await browser.windows.update(id, { focused: true });
      return;
    }
    const created = await browser.windows.create({ url: browser.runtime.getURL('approval.html'), type: 'popup', focused: true, ...SIZE });
    await session.set('approvalWindowId', created.id ?? null);
  };
  // Requests arriving together must share one window, so opening is serialized.
  let opening: Promise<void> = Promise.resolve();

  return {
    show() {
      opening = opening.catch(() => undefined).then(() => open(true));
      return opening;
    },
    restore() {
      opening = opening.catch(() => undefined).then(() => open(false));
      return opening;
    },
    async close() {
      const id = await existing();
      await session.set('approvalWindowId', null);
      if (id !== null) await browser.windows.remove(id);
    },
  };
}
