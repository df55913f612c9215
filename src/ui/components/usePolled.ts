/**
 * A value a screen loads now and again every 2 s (balances, token lists, the account's delegation), or, with no
 * interval, only when asked again (Activity, on each storage change), one load at a time.
 * An answer older than one already shown is dropped, and a value is shown only for the `deps` it was loaded for: after an account or
 * network change the screen shows "loading", never the previous account's value.
 */
import { useEffect, useMemo, useRef, useState, type DependencyList } from 'react';
import { errorText } from '../format/errorText';

export const POLL_MS = 2000;

export interface Polled<T> {
  /** The newest value loaded for the current deps, or null until there is one. */
  value: T | null;
  /** The newest load's error, until a load succeeds. */
  error: string | null;
  /** Loads again now (after the user changed what is loaded). */
  reload(): void;
}

interface Loaded<T> {
  deps: DependencyList;
  value: T | null;
  error: string | null;
}

const sameDeps = (a: DependencyList, b: DependencyList): boolean => a.length === b.length && a.every((dep, i) => Object.is(dep, b[i]));

export function usePolled<T>(load: () => Promise<T>, deps: DependencyList, intervalMs: number | null = POLL_MS): Polled<T> {
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  // Requests are numbered; `shown` is the newest one whose answer reached the screen (or that is too late to).
  const requests = useRef({ sent: 0, shown: 0 });
  const loader = useMemo(() => {
    // One load at a time: a reload asked while one runs (each tick, each storage change) is made once, after it. A
    // screen that reads the chain per item (Permissions) would otherwise pile up reads as fast as storage changes.
    let running = false;
    let asked = false;
    let active = true;
    const reload = () => {
      if (running) return void (asked = true);
      running = true;
      const seq = ++requests.current.sent;
      const answered = (change: (before: Loaded<T> | null) => Loaded<T>) => {
        if (seq <= requests.current.shown) return;
        requests.current.shown = seq;
        setLoaded(change);
      };
      void new Promise<T>((resolve) => resolve(load())).then(
        (value) => answered(() => ({ deps, value, error: null })),
        (e: unknown) => answered((before) => ({ deps, value: before && sameDeps(before.deps, deps) ? before.value : null, error: errorText(e) })),
      ).finally(() => {
        running = false;
        if (asked && active) {
          asked = false;
          reload();
        }
      });
    };
    // Off while the screen is gone or loads for other deps: no reload asked meanwhile is made.
    return { reload, activate: (on: boolean) => void (active = on) };
    // `load` is the caller's closure over `deps`: a new one each render, the same request while deps are the same.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  const { reload } = loader;
  useEffect(() => {
    loader.activate(true);
    reload();
    const timer = intervalMs === null ? undefined : setInterval(reload, intervalMs);
    const counts = requests.current;
    return () => {
      clearInterval(timer);
      loader.activate(false);
      // Answers still on their way belong to other deps (or to no screen): they are late.
      counts.shown = counts.sent;
    };
  }, [loader, reload, intervalMs]);
  const current = loaded && sameDeps(loaded.deps, deps) ? loaded : null;
  return { value: current?.value ?? null, error: current?.error ?? null, reload };
}
