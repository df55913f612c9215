/** A form's submit: runs `action`, keeps its error message to show, and says while it runs. */
import { useState, type FormEvent } from 'react';

export function useSubmit(action: () => Promise<unknown>): { submit(event: FormEvent): void; error: string | null; busy: boolean } {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    void action().then(
      () => setBusy(false),
      (e: Error) => (setError(e.message), setBusy(false)),
    );
  };
  return { submit, error, busy };
}
