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
/** The blank page's marks, each beside the approval window's of the same step. */
const BLANK_MARKS = ['navigation', 'blank-script', 'blank-painted'];
export const APPROVAL_STEPS = ['navigation', 'approval-script', 'approval-painted'];

/** Writes the blank page into `extension`, a copy of a build (the extension pages' policy takes no inline script). */
export function addBlankPage(extension: string): void {
  writeFileSync(join(extension, BLANK_PAGE), '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>blank</title></head><body><script type="module" src="./bench-blank.js"></script></body></html>');
  writeFileSync(join(extension, 'bench-blank.js'), "performance.mark('blank-script');\ndocument.body.append('blank');\nrequestAnimationFrame(() => setTimeout(() => performance.mark('blank-painted')));\n");
}

/**
 * One blank window, opened from `launcher` (a page of the extension) with the approval window's options: the time from
 * the `windows.create` call to each of its marks, then the window is closed.
 */
async function blankWindow(session: BrowserSession, launcher: Screen): Promise<number[]> {
  const { calledAt, id } = await launcher.evaluate(async (url) => {
    const api = globalThis as unknown as { browser?: unknown; chrome: unknown };
    const { windows } = (api.browser ?? api.chrome) as { windows: { create(o: object): Promise<{ id: number }> } };
    const calledAt = performance.timeOrigin + performance.now();
    const created = await windows.create({ url, type: 'popup', focused: true, width: 380, height: 640 });
    return { calledAt, id: created.id };
  }, BLANK_PAGE);
  const blank = await session.nextExtensionPage(BLANK_PAGE);
  const times: number[] = [];
  for (const mark of BLANK_MARKS) times.push((await markedAt(blank, mark)) - calledAt);
  await launcher.evaluate(async (windowId) => {
    const api = globalThis as unknown as { browser?: unknown; chrome: unknown };
    await ((api.browser ?? api.chrome) as { windows: { remove(id: number): Promise<void> } }).windows.remove(windowId);
  }, id);
  return times;
}

/**
 * `rounds` times in turn, so the machine's load weighs on both alike: a blank window (the floor), then `dapp`'s request
 * until the marks of its approval window (`APPROVAL_STEPS` and then `more`). The samples of each step: `floor` by
 * BLANK_MARKS, `approval` by APPROVAL_STEPS and `more`.
 */
export async function approvalBesideFloor(session: BrowserSession, dapp: Dapp, method: string, params: unknown[], more: string[] = [], rounds = 10): Promise<{ floor: number[][]; approval: number[][] }> {
  const launcher = await session.openExtensionPage(BLANK_PAGE);
  const floor = BLANK_MARKS.map(() => [] as number[]);
  const approval = [...APPROVAL_STEPS, ...more].map(() => [] as number[]);
  try {
    for (let i = 0; i < rounds; i++) {
      (await blankWindow(session, launcher)).forEach((ms, step) => floor[step].push(ms));
      (await untilMarks(session, dapp, [...APPROVAL_STEPS, ...more], method, params, 1)).forEach(([ms], step) => approval[step].push(ms));
    }
  } finally {
    await launcher.close();
  }
  return { floor, approval };
}

/** The median of each round's time between two steps. */
const between = (steps: number[][], from: number, to: number) => figures(steps[to].map((ms, round) => ms - (from < 0 ? 0 : steps[from][round]))).median;

/**
 * Prints the approval window beside its floor (`prefix` names the browser) and notes issue 42's item 7: painted within
 * 40 ms of the floor, and where the difference falls, step by step.
 */
export function reportApprovalBesideFloor(prefix: string, browserName: string, { floor, approval }: { floor: number[][]; approval: number[][] }): void {
  const painted = report(`${prefix}request → approval summary and buttons painted`, approval[2]);
  report(`  of it, until the window's page starts loading${prefix ? ` (${browserName})` : ''}`, approval[0]);
  report(`  of it, until its first script runs${prefix ? ` (${browserName})` : ''}`, approval[1]);
  const blank = report(`${prefix}floor: windows.create → blank page painted`, floor[2]);
  report(`  of it, until the blank page starts loading${prefix ? ` (${browserName})` : ''}`, floor[0]);
  report(`  of it, until its script runs${prefix ? ` (${browserName})` : ''}`, floor[1]);
  goal('7', `request → approval painted, ${browserName}`, painted.median, 'ms', { floor: blank.median, floorIs: 'blank window painted', allowance: 40 });
  const steps = [0, 1, 2].map((to) => [between(approval, to - 1, to), between(floor, to - 1, to)]);
  const [start, script, paint] = steps.map(([a, f]) => `${a.toFixed(1)} vs ${f.toFixed(1)} ms`);
  goalNote(`7 ${browserName}, approval vs floor by step (medians): until the page starts loading ${start}; to its first script ${script}; to painted ${paint}`);
}
