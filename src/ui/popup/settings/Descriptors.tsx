/** The user's ERC-7730 descriptor files: each names messages or calls in words, bound only as its context says. */
import { useState } from 'react';
import { call } from '../../api/background';
import { Notice } from '../../components/Notice';
import { useWallet } from '../../stores/wallet';

async function addFile(file: File): Promise<void> {
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    throw new Error(`${file.name} is not JSON: an ERC-7730 descriptor is a JSON file`);
  }
  await call('addDescriptor', { name: file.name, json });
}

/** The files live in the extension's IndexedDB, whose changes storage.onChanged does not report: the list is read again. */
const refreshed = (change: Promise<unknown>): Promise<void> => change.then(() => useWallet.getState().refresh());

export function Descriptors({ names, dropped }: { names: string[]; dropped: string[] }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <section aria-label="Clear signing descriptors">
      <h2>Clear signing descriptors</h2>
      <p className="muted">ERC-7730 files of your own, beside the wallet&apos;s: a signature or call their context matches is shown in their words.</p>
      {names.length > 0 && (
        <ul>
          {names.map((name) => (
            <li key={name} className="row">
              <span className="mono">{name}</span>
              <button type="button" className="secondary" aria-label={`Remove ${name}`} onClick={() => void refreshed(call('removeDescriptor', { name }))}>Remove</button>
            </li>
          ))}
        </ul>
      )}
      {dropped.map((name) => (
        <Notice key={name} tone="warn" label={`Dropped ${name}`}>
          {name} is no longer used: it names no deployments, so it would describe every contract on every chain. Add it again with
          the chain and address of each contract it describes.{' '}
          <button type="button" className="secondary" aria-label={`Remove ${name}`} onClick={() => void refreshed(call('removeDescriptor', { name }))}>Remove</button>
        </Notice>
      ))}
      <label>
        Add a descriptor file (ERC-7730 JSON)
        <input
          type="file"
          accept=".json,application/json"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            setError(null);
            if (file) void refreshed(addFile(file)).catch((failure: Error) => setError(failure.message));
          }}
        />
      </label>
      {error && <Notice tone="danger" label="Descriptor error">{error}</Notice>}
    </section>
  );
}
