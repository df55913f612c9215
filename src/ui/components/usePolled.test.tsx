// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLL_MS, usePolled } from './usePolled';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Loads the test controls: each load waits until the test answers it. */
interface Pending {
  account: string;
  resolve(value: string): void;
  reject(error: Error): void;
}
let pending: Pending[];
const load = (account: string) => new Promise<string>((resolve, reject) => pending.push({ account, resolve, reject }));
const answer = async (index: number, value: string) => act(async () => pending[index].resolve(value));

let shown: { account: string; value: string | null; error: string | null }[];
function Probe({ account }: { account: string }) {
  const { value, error } = usePolled(() => load(account), [account]);
  shown.push({ account, value, error });
  return null;
}

let root: Root;
const render = (account: string) => act(async () => root.render(<Probe account={account} />));
const last = () => {
  const { value, error } = shown[shown.length - 1];
  return { value, error };
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  pending = [];
  shown = [];
  root = createRoot(document.body.appendChild(document.createElement('div')));
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('usePolled', () => {
  it('loads at once, then again every 2 s, showing each answer', async () => {
    await render('0xa');
    expect(pending.map((p) => p.account)).toEqual(['0xa']);
    expect(last()).toEqual({ value: null, error: null });
    await answer(0, '1 ETH');
    expect(last().value).toBe('1 ETH');
    await act(async () => vi.advanceTimersByTime(POLL_MS));
    expect(pending).toHaveLength(2);
    await answer(1, '2 ETH');
    expect(last().value).toBe('2 ETH');
  });

  it('starts no load while one runs: the reloads asked meanwhile (each tick, each storage change) make one load after it', async () => {
    let reload = () => undefined as void;
    function Reloading() {
      reload = usePolled(() => load('0xa'), ['0xa']).reload;
      return null;
    }
    await act(async () => root.render(<Reloading />));
    await act(async () => {
      for (let i = 0; i < 10; i++) reload();
      vi.advanceTimersByTime(POLL_MS * 3);
    });
    expect(pending).toHaveLength(1);
    await answer(0, 'first');
    expect(pending).toHaveLength(2);
    await answer(1, 'second');
    expect(pending).toHaveLength(2);
  });

  it('shows a slow answer when no newer one has come', async () => {
    await render('0xa');
    await act(async () => vi.advanceTimersByTime(POLL_MS));
    await answer(0, 'slow');
    expect(last().value).toBe('slow');
  });

  it('after an account change shows nothing of the previous account, not even its late answer', async () => {
    await render('0xa');
    await act(async () => vi.advanceTimersByTime(POLL_MS));
    await answer(0, 'balance of 0xa');
    await render('0xb');
    expect(last()).toEqual({ value: null, error: null });
    expect(pending.map((p) => p.account)).toEqual(['0xa', '0xa', '0xb']);
    await answer(1, 'late balance of 0xa');
    expect(last().value).toBeNull();
    await answer(2, 'balance of 0xb');
    expect(last().value).toBe('balance of 0xb');
    // Not even the first render for 0xb showed a value of 0xa.
    expect(shown.some((s) => s.account === '0xb' && s.value?.includes('0xa'))).toBe(false);
  });

  it('keeps the value on an error and clears the error with the next answer', async () => {
    await render('0xa');
    await answer(0, '1 ETH');
    await act(async () => vi.advanceTimersByTime(POLL_MS));
    await act(async () => pending[1].reject(new Error('node down')));
    expect(last()).toEqual({ value: '1 ETH', error: 'node down' });
    await act(async () => vi.advanceTimersByTime(POLL_MS));
    await answer(2, '3 ETH');
    expect(last()).toEqual({ value: '3 ETH', error: null });
  });

  it('with no interval loads once and then only when asked, still one load at a time and the newest answer shown', async () => {
    let reload = () => undefined as void;
    const values: (string | null)[] = [];
    function OnlyAsked() {
      const polled = usePolled(() => load('0xa'), ['0xa'], null);
      reload = polled.reload;
      values.push(polled.value);
      return null;
    }
    await act(async () => root.render(<OnlyAsked />));
    await answer(0, 'first');
    await act(async () => vi.advanceTimersByTime(POLL_MS * 3));
    expect(pending).toHaveLength(1);
    await act(async () => reload());
    await answer(1, 'second');
    expect(pending).toHaveLength(2);
    expect(values.at(-1)).toBe('second');
  });

  it('stops loading once the screen is gone', async () => {
    await render('0xa');
    act(() => root.unmount());
    await act(async () => vi.advanceTimersByTime(POLL_MS * 3));
    expect(pending).toHaveLength(1);
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
});
