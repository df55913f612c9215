/**
 * Every network, each editable (a built-in one keeps its chain id and name), added ones removable, with its endpoints
 * (moved, added and removed in place, or as the form's lines) and what was detected of its node; a form to add another.
 */
import { useState } from 'react';
import type { Network } from '../../../shared/networks';
import type { WalletState } from '../../../shared/pages';
import { call } from '../../api/background';
import { ScreenHeader } from '../../components/ScreenHeader';
import { usePolled } from '../../components/usePolled';
import { NetworkForm } from './NetworkForm';
import { NetworkStatus } from './NetworkStatus';

export function Networks({ state }: { state: WalletState }) {
  const [form, setForm] = useState<{ editing?: Network } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Polled: a detection started by an edit or a first use shows once it is in.
  const statuses = usePolled(() => call('getNetworkStatus'), [state.networks]);
  const remove = (n: Network) => void call('removeNetwork', { chainId: n.chainId }).then(() => setError(null), (e: Error) => setError(e.message));
  return (
    <main>
      <ScreenHeader title="Networks" back="settings" />
      <ul className="plain" aria-label="Networks">
        {state.networks.map((n) => (
          <li key={n.chainId} className="row lead card" aria-label={`Network ${n.name}`}>
            <div>
              <strong>{n.name}</strong>
              <div className="muted" aria-label={`${n.name} details`}>{BigInt(n.chainId).toString()} · {n.builtIn ? (n.edited ? 'built-in, edited' : 'built-in') : 'added'}{n.eip7702 ? ' · EIP-7702' : ''}{n.bundlerUrl ? ' · bundler' : ''}</div>
              <NetworkStatus network={n} status={statuses.value?.find((s) => s.chainId === n.chainId)} onDetected={statuses.reload} />
            </div>
            <button type="button" className="secondary small" aria-label={`Edit ${n.name}`} onClick={() => setForm({ editing: n })}>Edit</button>
            {!n.builtIn && <button type="button" className="secondary small" aria-label={`Remove ${n.name}`} onClick={() => remove(n)}>Remove</button>}
          </li>
        ))}
      </ul>
      {error && <p className="error" role="alert">{error}</p>}
      {form ? (
        <NetworkForm key={form.editing?.chainId ?? 'new'} editing={form.editing} onDone={() => setForm(null)} />
      ) : (
        <button type="button" className="secondary" onClick={() => setForm({})}>Add network</button>
      )}
    </main>
  );
}
