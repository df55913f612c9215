/**
 * Item 10's first answer after a stop, split at the steps Chrome's own trace names, so a reader sees how much of it
 * the browser spends before the wallet's script runs. Chrome starts the worker (`ServiceWorkerVersion::StartWorker`),
 * makes its thread and V8 isolate, and sends it every script it installed (background.js, then the three it imports
 * later, each with its V8 code cache) until the worker has background.js (`GetScriptData`); then the script is
 * compiled from that code cache and run (`EvaluateScript`, `v8.compile` inside it). Traced rounds can run slower than
 * untraced ones: these figures split the first answer, the untraced ones are its size.
 */
import type { PlaywrightChromium } from '../e2e/driver/chromium/session';
import type { TraceEvent } from '../e2e/driver/chromium/tracing';
import type { Dapp } from '../e2e/pages/dapp';
import { firstRequestAfterStop } from './afterStop';

const CATEGORIES = ['ServiceWorker', 'devtools.timeline', 'disabled-by-default-v8.compile'];

export interface WorkerStartSteps {
  /** The page's request → Chrome starts the worker: the content script's port, the browser's wake-up. */
  untilStart: number;
  /** StartWorker → the worker has background.js: its thread, its isolate, the installed scripts sent. */
  scriptReceived: number;
  /** StartWorker → background.js starts evaluating. */
  beforeScript: number;
  /** background.js compiled (from V8's code cache). */
  compile: number;
  /** background.js's top-level work, traced. */
  topLevel: number;
  /** Its top-level work done → the page has its answer: the port handed over, the request handled and answered. */
  afterScript: number;
  /** The page's first answer, traced. */
  answer: number;
}

const ms = (microseconds: number) => microseconds / 1000;
const isWorkerScript = (url: string | undefined) => url?.endsWith('/background.js') === true;
/** The page's own marks in the trace (console.timeStamp). */
const [REQUESTED, ANSWERED] = ['batchwallet-requested', 'batchwallet-answered'];

function stepsOf(events: TraceEvent[], answer: number): WorkerStartSteps {
  const started = events.find((e) => e.name === 'ServiceWorkerVersion::StartWorker');
  const received = events.find((e) => e.name === 'ServiceWorkerInstalledScriptsManager::GetScriptData' && isWorkerScript(e.args?.script_url?.url));
  const evaluated = events.find((e) => e.name === 'EvaluateScript' && isWorkerScript(e.args?.data?.url));
  const compiled = events.find((e) => e.name === 'v8.compile' && isWorkerScript(e.args?.data?.url));
  const [requested, answered] = [REQUESTED, ANSWERED].map((mark) => events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === mark));
  if (!requested || !answered || !started || !received || !evaluated || !compiled) throw new Error('The trace lacks a step of the worker\'s start');
  return {
    untilStart: ms(started.ts - requested.ts),
    scriptReceived: ms(received.ts + (received.dur ?? 0) - started.ts),
    beforeScript: ms(evaluated.ts - started.ts),
    compile: ms(compiled.dur ?? 0),
    topLevel: ms((evaluated.dur ?? 0) - (compiled.dur ?? 0)),
    afterScript: ms(answered.ts - evaluated.ts - (evaluated.dur ?? 0)),
    answer,
  };
}

/** One round: the worker stopped, then a connected page's net_version, both while Chrome traces. */
export async function tracedWorkerStart(browser: PlaywrightChromium, dapp: Dapp): Promise<WorkerStartSteps> {
  let answer = NaN;
  const events = await browser.traceDuring(CATEGORIES, async () => {
    answer = await firstRequestAfterStop(browser, dapp, 'net_version', [REQUESTED, ANSWERED]);
  });
  return stepsOf(events, answer);
}
