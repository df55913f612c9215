import { describe, expect, it } from 'vitest';
import { lazy, lazyAsync, loadedOnCall } from './lazy';

describe('lazy', () => {
  it('computes nothing until first asked, then the same value every time, computed once', () => {
    let made = 0;
    const value = lazy(() => ({ made: ++made }));
    expect(made).toBe(0);
    expect(value()).toBe(value());
    expect(made).toBe(1);
  });

  it('remembers undefined as a value too', () => {
    let made = 0;
    const value = lazy(() => void made++);
    value();
    value();
    expect(made).toBe(1);
  });
});

describe('loadedOnCall', () => {
  const code = { double: (n: number) => n * 2, hello: () => 'hello' };

  it('loads nothing until a function is called, then answers as the loaded one does', async () => {
    const loads: string[] = [];
    const lazyCode = loadedOnCall(async () => (loads.push('load'), code), ['double']);
    expect(loads).toEqual([]);
    expect(await lazyCode.double(21)).toBe(42);
    expect(loads).toEqual(['load']);
    expect(Object.keys(lazyCode)).toEqual(['double']);
  });

  it('rejects the call whose load failed, and loads again on the next', async () => {
    let fail = true;
    const lazyCode = loadedOnCall(async () => {
      if (fail) throw new Error('background-later.js failed to load');
      return code;
    }, ['hello']);
    await expect(lazyCode.hello()).rejects.toThrow('background-later.js failed to load');
    fail = false;
    expect(await lazyCode.hello()).toBe('hello');
  });
});

describe('lazyAsync', () => {
  it('makes the promise once it succeeds, and again after one that failed', async () => {
    let calls = 0;
    const made = lazyAsync(async () => {
      calls += 1;
      if (calls === 1) throw new Error('cut off');
      return calls;
    });
    await expect(made()).rejects.toThrow('cut off');
    expect(await made()).toBe(2);
    expect(await made()).toBe(2);
    expect(calls).toBe(2);
  });
});
