/** The one approval window. Its id is kept in session storage so a restarted worker still knows it. */
import type { ApprovalView, PlanningView } from '../../shared/approvals';
import { summaryHash } from '../../shared/summaryInUrl';
import { browser } from '../browser/extensionApi';
import type { ApprovalWindow } from '../approvals/types';
import type { TypedStorage } from '../storage/typedStorage';

/** In session storage: a restarted worker still knows its window, a restarted browser does not. */
export interface ApprovalWindowSlice {
  approvalWindowId: number | null;
}
export const APPROVAL_WINDOW_DEFAULTS: ApprovalWindowSlice = { approvalWindowId: null };

const SIZE = { width: 380, height: 640 };

/** `unlocked`: whether a new window may carry its first request's summary (locked, it shows the unlock screen first). */
export function createApprovalWindow(session: TypedStorage<ApprovalWindowSlice>, unlocked: () => Promise<boolean>): ApprovalWindow {
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

  const open = async (focusExisting: boolean, first?: ApprovalView | PlanningView): Promise<void> => {
    const [id, summarized] = await Promise.all([existing(), first !== undefined && unlocked()]);
    if (id !== null) {
      if (focusExisting) await browser.windows.update(id, { focused: true });
      return;
    }
    const url = `${browser.runtime.getURL('approval.html')}${summarized ? summaryHash(first!) : ''}`;
    const created = await browser.windows.create({ url, type: 'popup', focused: true, ...SIZE });
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
    show: (first) => inTurn(() => open(true, first)),
    restore: () => inTurn(() => open(false)),
    closeIfIdle: (isIdle) => inTurn(() => close(isIdle)),
  };
}
