// @vitest-environment happy-dom
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPoint } from '../testing/mount';
import { Armed } from './Armed';
import { ARM_DELAY_MS } from './useArming';

const { container, render } = mountPoint();
let approved: string[];
let setScreen: (screen: string) => void;
function Window() {
  const [screen, set] = useState('upgrade');
  setScreen = set;
  return <Armed screen={screen}><button onClick={() => approved.push(screen)}>Approve</button></Armed>;
}
const show = () => render(<Window />);
const change = (screen: string) => act(() => setScreen(screen));

const armed = () => !container.querySelector('fieldset')!.disabled;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const button = () => container.querySelector('button')!;
const pointerDown = () => act(() => button().dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })));
// A pointer's click carries its click count; one from the keyboard or assistive technology carries 0.
const click = (detail = 1) => act(() => button().dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail })));
const setVisibility = (state: DocumentVisibilityState) =>
  act(() => {
    Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  approved = [];
});
afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('arming the approval buttons', () => {
  it('arms ARM_DELAY_MS after a screen is shown, and again from the start on every change of screen', async () => {
    expect(ARM_DELAY_MS).toBeGreaterThan(500);
    await show();
    expect(armed()).toBe(false);
    await wait(ARM_DELAY_MS - 1);
    expect(armed()).toBe(false);
    await wait(1);
    expect(armed()).toBe(true);
    await change('review');
    expect(armed()).toBe(false);
    await wait(ARM_DELAY_MS - 1);
    expect(armed()).toBe(false);
    await wait(1);
    expect(armed()).toBe(true);
  });

  it('re-arms when the window is raised (focus) and when it is shown again (visibilitychange to visible), not when hidden', async () => {
    await show();
    await wait(ARM_DELAY_MS);
    await act(() => window.dispatchEvent(new Event('focus')));
    expect(armed()).toBe(false);
    await wait(ARM_DELAY_MS);
    expect(armed()).toBe(true);

    await setVisibility('hidden');
    expect(armed()).toBe(true);
    await setVisibility('visible');
    expect(armed()).toBe(false);
    await wait(ARM_DELAY_MS - 1);
    expect(armed()).toBe(false);
    await wait(1);
    expect(armed()).toBe(true);
  });

  it('ignores a click whose press began before arming or before the latest re-arm; counts one pressed while armed', async () => {
    await show();
    await pointerDown();
    await wait(ARM_DELAY_MS);
    await click();
    expect(approved).toEqual([]);

    await pointerDown();
    await act(() => window.dispatchEvent(new Event('focus')));
    await wait(ARM_DELAY_MS);
    expect(armed()).toBe(true);
    await click();
    expect(approved).toEqual([]);

    await pointerDown();
    await click();
    expect(approved).toEqual(['upgrade']);
  });

  it('counts a click with no pointer press (keyboard, assistive technology) only while armed', async () => {
    await show();
    await click(0);
    await wait(ARM_DELAY_MS);
    await click(0);
    expect(approved).toEqual(['upgrade']);
  });
});
