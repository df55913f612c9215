import { describe, expect, it } from 'vitest';
import { lazy } from './lazy';

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
