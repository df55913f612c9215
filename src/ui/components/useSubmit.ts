/**
 * A form's submit, or a button's action: runs `action` (with what the caller passes after the event), keeps its error
 * message to show, and says while it runs.
 */
import { useState } from 'react';
import { errorText } from '../format/errorText';

type Action<A extends unknown[]> = (...args: A) => Promise<unknown>;

export function useSubmit<A extends unknown[] = []>(action: Action<A>): { submit(event: { preventDefault(): void }, ...args: A): void; error: string | null; busy: boolean } {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (event: { preventDefault(): void }, ...args: A) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    void action(...args).then(
      () => setBusy(false),
      (e: unknown) => (setError(errorText(e)), setBusy(false)),
    );
  };
  return { submit, error, busy };
}
