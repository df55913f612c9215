/**
 * The approval window's buttons answer only a screen the user has had time to see: they wake up ARM_DELAY_MS after
 * what they answer came on view, and go back to sleep whenever that changes (`screen`: a new request, the next step
 * of one) or the window is raised or shown again, which a page can time to put the window under a click meant for
 * itself. A click counts only when its press began on armed buttons, with no re-arm since.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefCallback } from 'react';

declare const __DEVNET_BUILD__: boolean;

/**
 * Measured, not guessed: a double click's second click may come up to 500 ms after the first (the OS default
 * double-click interval on Windows and macOS), and a person needs about 250 ms to react to a new screen at all (median
 * simple visual reaction time) plus a few hundred more to read its title. So well over 500 ms: about a second.
 *
 * The devnet build (`npm start`, the e2e tests) keeps only the double click's part, with a margin: the tests' double
 * clicks still land on sleeping buttons, and their few hundred approvals wait 40% less. arming.spec.ts checks that the
 * production build waits the whole second.
 */
export const ARM_DELAY_MS = __DEVNET_BUILD__ ? 600 : 1000;

/** Props for the `<fieldset>` around the buttons: disabled while disarmed, and the click guard. */
export interface Arming {
  disabled: boolean;
  ref: RefCallback<HTMLFieldSetElement>;
}

export function useArming(screen: string): Arming {
  // How many times the window was raised or shown again: each time, the same screen must be seen anew.
  const [raised, setRaised] = useState(0);
  const [armedFor, setArmedFor] = useState<string | null>(null);
  const view = `${raised} ${screen}`;
  // What the click guard reads, outside React's renders: armed now, and armed when the latest press began.
  const armed = useRef(false);
  const pressedArmed = useRef(false);

  useEffect(() => {
    const raise = () => {
      armed.current = pressedArmed.current = false;
      setRaised((n) => n + 1);
    };
    const shown = () => {
      if (document.visibilityState === 'visible') raise();
    };
    window.addEventListener('focus', raise);
    document.addEventListener('visibilitychange', shown);
    return () => {
      window.removeEventListener('focus', raise);
      document.removeEventListener('visibilitychange', shown);
    };
  }, []);

  // Before the paint: the new screen's buttons are never shown armed, even for a frame.
  useLayoutEffect(() => {
    armed.current = pressedArmed.current = false;
    const timer = setTimeout(() => {
      armed.current = true;
      setArmedFor(view);
    }, ARM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [view]);

  const ref = useCallback((fieldset: HTMLFieldSetElement | null) => {
    if (!fieldset) return;
    const press = () => {
      pressedArmed.current = armed.current;
    };
    const click = (event: MouseEvent) => {
      // A click from the keyboard or assistive technology (detail 0) has no pointer press to ask about.
      if (armed.current && (event.detail === 0 || pressedArmed.current)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    // Capturing, so the guard runs before React's handlers (on the root, bubbling) see the click.
    fieldset.addEventListener('pointerdown', press, true);
    fieldset.addEventListener('click', click, true);
    return () => {
      fieldset.removeEventListener('pointerdown', press, true);
      fieldset.removeEventListener('click', click, true);
    };
  }, []);

  return { disabled: armedFor !== view, ref };
}
