/**
 * Issue 42's floor for the approval window: the browser opening a window of the same type and size as the approval's
 * (src/background/windows/approvalWindow.ts) on a blank page of the extension, from `windows.create` until that page
 * has painted. The page is written into the bench's copy of the build only (no shipped build carries it), and marks
 * its steps as the approval window marks its own: `blank-script` as its first script runs, `blank-painted` a frame
 * after its first paint, as `approval-painted` is (ui/approval/skeleton.ts).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserSession, Screen } from '../e2e/driver/types';
import type { Dapp } from '../e2e/pages/dapp';
import { markedAt, untilMarks } from './approvalMarks';
import { figures, report } from './figures';
import { goal, goalNote } from './goals';

export const BLANK_PAGE = 'bench-blank.html';

/** The steps both windows are timed at: the blank page's mark and the approval window's, each. */
const STEPS = {
  'page starts loading': ['navigation', 'navigation'],
  'HTML arrived': ['nav:responseEnd', 'nav:responseEnd'],
  'first script runs': ['blank-script', 'approval-script'],
  painted: ['blank-painted', 'approval-painted'],
} as const;
type Step = keyof typeof STEPS;
/** Firefox gives extension pages no navigation timing, so no `HTML arrived` there. */
const stepsIn = (session: BrowserSession): Step[] => (Object.keys(STEPS) as Step[]).filter((step) => session.name === 'chromium' || step !== 'HTML arrived');

export interface BesideFloor {
  steps: Step[];
  /** The samples of each step, in the order of `steps`: from windows.create (floor), from the request (approval). */
  floor: number[][];
  approval: number[][];
  /** The samples of the approval window's further marks, in the order asked. */
  more: number[][];
}

/** Writes the blank page into `extension`, a copy of a build (the extension pages' policy takes no inline script). */
export function addBlankPage(extension: string): void {
  writeFileSync(join(extension, BLANK_PAGE), '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>blank</title></head><body><script type="module" src="./bench-blank.js"></script></body></html>');
  writeFileSync(join(extension, 'bench-blank.js'), "performance.mark('blank-script');\ndocument.body.append('blank');\nrequestAnimationFrame(() => setTimeout(() => performance.mark('blank-painted')));\n");
}

/**
 * One blank window, opened from `launcher` (a page of the extension) with the approval window's options: the time from
 * the `windows.create` call to each of `marks`, then the window is closed.
 */
async function blankWindow(session: BrowserSession, launcher: Screen, marks: string[]): Promise<number[]> {
  const { calledAt, id } = await launcher.evaluate(async (url) => {
    const api = globalThis as unknown as { browser?: unknown; chrome: unknown };
    const { windows } = (api.browser ?? api.chrome) as { windows: { create(o: object): Promise<{ id: number }> } };
    const calledAt = performance.timeOrigin + performance.now();
    const created = await windows.create({ url, type: 'popup', focused: true, width: 380, height: 640 });
    return { calledAt, id: created.id };
  }, BLANK_PAGE);
  const blank = await session.nextExtensionPage(BLANK_PAGE);
  const times: number[] = [];
  for (const mark of marks) times.push((await markedAt(blank, mark)) - calledAt);
  await launcher.evaluate(async (windowId) => {
    const api = globalThis as unknown as { browser?: unknown; chrome: unknown };
    await ((api.browser ?? api.chrome) as { windows: { remove(id: number): Promise<void> } }).windows.remove(windowId);
  }, id);
  return times;
}

/**
 * `rounds` times in turn, so the machine's load weighs on both alike: a blank window (the floor), then `dapp`'s request
 * until the marks of its approval window, its steps' and then `more`.
 */
export async function approvalBesideFloor(session: BrowserSession, dapp: Dapp, method: string, params: unknown[], more: string[] = [], rounds = 10): Promise<BesideFloor> {
  const steps = stepsIn(session);
  const [blankMarks, approvalMarks] = [0, 1].map((side) => steps.map((step) => STEPS[step][side]));
  const launcher = await session.openExtensionPage(BLANK_PAGE);
  const floor = steps.map(() => [] as number[]);
  const approval = [...approvalMarks, ...more].map(() => [] as number[]);
  try {
    for (let i = 0; i < rounds; i++) {
      (await blankWindow(session, launcher, blankMarks)).forEach((ms, step) => floor[step].push(ms));
      (await untilMarks(session, dapp, [...approvalMarks, ...more], method, params, 1)).forEach(([ms], step) => approval[step].push(ms));
    }
  } finally {
    await launcher.close();
  }
  return { steps, floor, approval: approval.slice(0, steps.length), more: approval.slice(steps.length) };
}

/** The median of each round's time from the step before `to` (from the start, for the first) to `to`. */
const stepMedian = (samples: number[][], to: number) => figures(samples[to].map((ms, round) => ms - (to === 0 ? 0 : samples[to - 1][round]))).median;

/**
 * Prints the approval window beside its floor (`prefix` names the browser in the labels) and notes issue 42's item 7:
 * painted within 40 ms of the floor, and where the difference falls, step by step.
 */
export function reportApprovalBesideFloor(prefix: string, browserName: string, { steps, floor, approval }: BesideFloor): void {
  const last = steps.length - 1;
  const painted = report(`${prefix}request → approval summary and buttons painted`, approval[last]);
  const blank = report(`${prefix}floor: windows.create → blank page painted`, floor[last]);
  for (const [i, step] of steps.slice(0, last).entries()) {
    report(`  approval: until ${step}${prefix ? ` (${browserName})` : ''}`, approval[i]);
    report(`  floor: until ${step}${prefix ? ` (${browserName})` : ''}`, floor[i]);
  }
  goal('7', `request → approval painted, ${browserName}`, painted.median, 'ms', { floor: blank.median, floorIs: 'blank window painted', allowance: 40 });
  const split = steps.map((step, i) => `${step} +${stepMedian(approval, i).toFixed(1)} vs +${stepMedian(floor, i).toFixed(1)}`);
  goalNote(`7 ${browserName}, approval vs floor, each step's median since the step before (ms): ${split.join('; ')}`);
}
