/**
 * Requests being planned before they are queued (pipeline.ts ask): a plan that outlasts PLANNING_GRACE_MS, as with a
 * distant node, opens the approval window on the request ("Preparing the request"), and the request's screen replaces
 * it once queued. Quicker plans, and requests answered or refused without the user, open nothing. Listed in session
 * storage, whose changes refresh the window.
 */
import type { PlanningView } from '../../shared/approvals';
import { userRejected } from '../../shared/errors';
import type { TypedStorage } from '../storage/typedStorage';
import type { ApprovalWindow, PlanningSlice } from './types';
import { siteOf } from '../sites/siteOf';

/**
 * How long a request may be planned before the window opens on it. On the devnet a batch is planned in about 40 ms, so
 * the window opens once, on its screen; a node 200 ms away takes two round trips, and the user sees the window at once.
 */
export const PLANNING_GRACE_MS = 100;

/** One request being planned (Plans.begin). */
export interface Planning {
  /** Throws 4001 when the user rejected it while it was planned (Reject, or closing the window that showed it). */
  stillAsked(): Promise<void>;
  /**
   * Planned (`queued`: the id it waits under; else answered without the user, or failed): the window closes if it
   * showed only this. Rejected by the user just as it was queued (after stillAsked), the queued request is rejected
   * too; its screen shows meanwhile. Never throws: the page's answer does not wait on the window.
   */
  end(queued?: string): Promise<void>;
}

export interface PlansDeps {
  session: TypedStorage<PlanningSlice>;
  window: ApprovalWindow;
  /** How many requests of `origin`'s site wait for the user: a site at its cap opens no window by planning more. */
  waitingOf(origin: string): Promise<number>;
  /** The cap of waiting requests per site (approvals.ts MAX_PENDING_PER_SITE). */
  maxPerSite: number;
  /** Nothing waits for the user and nothing is shown being planned: the window may close. */
  idle(): Promise<boolean>;
  /** Rejects a queued request (its user rejected its planning just as it was queued). */
  reject(id: string): Promise<void>;
}

export interface Plans {
  begin(from: { origin: string; method: string }): Planning;
  /** The requests being planned that the window shows, oldest first. */
  list(): Promise<PlanningView[]>;
  /** Whether `id` was being planned and shown: it no longer is, and is rejected once planned. */
  drop(id: string): Promise<boolean>;
  /** The window was closed: every request being planned is rejected once planned. */
  dropAll(): Promise<void>;
  /** After a worker restart: the plans of the stopped worker died with it, and the window that showed only them closes. */
  forgetEarlier(): Promise<void>;
}

export function createPlans(deps: PlansDeps): Plans {
  const { session } = deps;
  // Marks the requests this worker plans: ones listed by an earlier start were cut off with it.
  const start = crypto.randomUUID();

  const list = async (): Promise<PlanningView[]> =>
    (await session.get('planning')).filter((p) => p.start === start).map(({ id, origin, method }) => ({ id, origin, method }));

  const drop = async (id: string): Promise<boolean> => {
    let found = false;
    await session.update('planning', (all) => ((found = all.some((p) => p.id === id)), all.filter((p) => p.id !== id)));
    return found;
  };

  /** Lists the request and opens the window on it; whether it was listed (a window that failed to open still lists it). */
  const show = async (view: PlanningView): Promise<boolean> => {
    const site = await siteOf(view.origin);
    const planned = (await Promise.all((await list()).map((p) => siteOf(p.origin)))).filter((s) => s === site).length;
    if (planned + (await deps.waitingOf(view.origin)) >= deps.maxPerSite) return false;
    await session.update('planning', (all) => [...all, { ...view, start }]);
    await deps.window.show(view).catch((error: Error) => console.warn('[approvals] opening the window on a request being planned failed', error.message));
    return true;
  };

  return {
    begin({ origin, method }) {
      const view: PlanningView = { id: crypto.randomUUID(), origin, method };
      let listed: Promise<boolean> | undefined;
      const timer = setTimeout(() => {
        listed = show(view).catch((error: Error) => (console.warn('[approvals] listing a request being planned failed', error.message), false));
      }, PLANNING_GRACE_MS);
      return {
        async stillAsked() {
          if (listed && (await listed) && !(await session.get('planning')).some((p) => p.id === view.id)) throw userRejected();
        },
        async end(queued) {
          clearTimeout(timer);
          if (!listed || !(await listed)) return;
          try {
            const rejected = !(await drop(view.id));
            await (rejected && queued ? deps.reject(queued) : deps.window.closeIfIdle(deps.idle));
          } catch (error) {
            console.warn('[approvals] ending a request being planned failed', (error as Error).message);
          }
        },
      };
    },
    list,
    drop,
    async dropAll() {
      await session.update('planning', () => []);
    },
    async forgetEarlier() {
      let earlier = 0;
      await session.update('planning', (all) => all.filter((p) => p.start === start || (earlier++, false)));
      // The window may have shown only those.
      if (earlier > 0) await deps.window.closeIfIdle(deps.idle);
    },
  };
}
