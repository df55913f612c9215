/** The one approval window. Its id is kept in session storage so a restarted worker still knows it. */
import { browser } from '../browser/extensionApi';
import type { ApprovalWindow } from '../approvals/approvals';
import type { TypedStorage } from '../storage/typedStorage';

/** In session storage: a restarted worker still knows its window, a restarted browser does not. */
export interface ApprovalWindowSlice {
  approvalWindowId: number | null;
}
export const APPROVAL_WINDOW_DEFAULTS: ApprovalWindowSlice = { approvalWindowId: null };

const SIZE = { width: 380, height: 640 };

export function createApprovalWindow(session: TypedStorage<ApprovalWindowSlice>): ApprovalWindow {
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
  const close = async (isIdle: () => Promise<boolean>): Promise<void> => {
    if (!(await isIdle())) return;
    const id = await existing();
    await session.set('approvalWindowId', null);
    if (id !== null) await browser.windows.remove(id);
  };
  // Requests arriving together must share one window, and a request arriving while the window
  // closes must not lose it: opening and closing take turns.
  let turn: Promise<void> = Promise.resolve();
  const inTurn = (step: () => Promise<void>): Promise<void> => (turn = turn.catch(() => undefined).then(step));

  return {
    show: () => inTurn(() => open(true)),
    restore: () => inTurn(() => open(false)),
    closeIfIdle: (isIdle) => inTurn(() => close(isIdle)),
  };
}
