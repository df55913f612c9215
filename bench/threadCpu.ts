/**
 * The CPU time a Chromium's threads spent, read from Linux's /proc (each thread's schedstat: nanoseconds on a CPU),
 * which a busy machine does not inflate the way it does a sampling profiler's clock (time spent waiting for a CPU is
 * not counted). Threads are grouped by what they serve: the extension's service worker, the main thread of the
 * renderer that served the page the most, the browser process, and everything (all processes of the profile).
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Nanoseconds on a CPU by "pid tid", with each thread's process type and name. */
type Snapshot = Map<string, { ns: number; type: string; name: string; extension: boolean }>;

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** Every thread of the browser whose user-data directory is `profileDir`. */
export function snapshot(profileDir: string): Snapshot {
  const threads: Snapshot = new Map();
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    const command = read(`/proc/${pid}/cmdline`)?.replace(/\0/g, ' ');
    if (!command?.includes(`--user-data-dir=${profileDir}`)) continue;
    const type = /--type=(\S+)/.exec(command)?.[1] ?? 'browser';
    const extension = command.includes('--extension-process');
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const ns = Number(read(`/proc/${pid}/task/${tid}/schedstat`)?.split(' ')[0]);
      const name = read(`/proc/${pid}/task/${tid}/comm`)?.trim() ?? '';
      if (Number.isFinite(ns)) threads.set(`${pid} ${tid}`, { ns, type, name, extension });
    }
  }
  return threads;
}

export interface ThreadCpu {
  /** The extension's service worker thread. */
  worker: number;
  /** The main thread of the web renderer that spent the most (the page's, with its content script). */
  page: number;
  /** The browser process (it routes the extension's messages between the page and the worker). */
  browser: number;
  /** Every thread of every process of the profile (the network service's included). */
  all: number;
}

/** CPU time between two snapshots, in µs, divided by `per`. */
export function spent(before: Snapshot, after: Snapshot, per: number): ThreadCpu {
  const result: ThreadCpu = { worker: 0, page: 0, browser: 0, all: 0 };
  const pageByProcess = new Map<string, number>();
  for (const [key, thread] of after) {
    const us = (thread.ns - (before.get(key)?.ns ?? 0)) / 1000 / per;
    result.all += us;
    if (thread.type === 'browser') result.browser += us;
    if (thread.name.startsWith('ServiceWorker')) result.worker += us;
    const [pid, tid] = key.split(' ');
    if (thread.type === 'renderer' && !thread.extension && pid === tid) pageByProcess.set(pid, us);
  }
  result.page = Math.max(0, ...pageByProcess.values());
  return result;
}
