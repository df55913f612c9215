/**
 * Every network, each editable (a built-in one keeps its chain id and name), added ones removable, with its endpoints
 * (moved, added and removed in place, or as the form's lines) and what was detected of its node; a form to add another.
 */
import { useState } from 'react';
import type { Network } from '../../../shared/networks';
import type { WalletState } from '../../../shared/walletState';
import { call } from '../../api/background';
import { ScreenHeader } from '../../components/ScreenHeader';
import { usePolled } from '../../components/usePolled';
import { errorText } from '../../format/errorText';
import { t } from '../../i18n/t';
import { NetworkForm } from './NetworkForm';
import { NetworkStatus } from './NetworkStatus';

/** "31337 · built-in · EIP-7702 · bundler": the chain id, where the network comes from, and what it offers. */
function detailsOf(n: Network): string {
  const origin = n.builtIn ? t(n.edited ? 'networks_builtInEdited' : 'networks_builtIn') : t('networks_added');
  return [BigInt(n.chainId).toString(), origin, ...(n.eip7702 ? ['EIP-7702'] : []), ...(n.bundlerUrl ? [t('networks_bundler')] : [])].join(' · ');
}

export function Networks({ state }: { state: WalletState }) {
  const [form, setForm] = useState<{ editing?: Network } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Polled: a detection started by an edit or a first use shows once it is in.
  const statuses = usePolled(() => call('getNetworkStatus'), [state.networks]);
  const remove = (n: Network) => void call('removeNetwork', { chainId: n.chainId }).then(() => setError(null), (e: unknown) => setError(errorText(e)));
  return (
    <main>
      <ScreenHeader title={t('networks_title')} back="settings" />
      <ul className="plain" aria-label={t('networks_title')}>
        {state.networks.map((n) => (
          <li key={n.chainId} className="row lead card" aria-label={t('networks_network', { name: n.name })}>
            <div>
              <strong>{n.name}</strong>
              <div className="muted" aria-label={t('networks_details', { name: n.name })}>{detailsOf(n)}</div>
              <NetworkStatus network={n} status={statuses.value?.find((s) => s.chainId === n.chainId)} onDetected={statuses.reload} />
            </div>
            <button type="button" className="secondary small" aria-label={t('networks_editNamed', { name: n.name })} onClick={() => setForm({ editing: n })}>{t('networks_edit')}</button>
            {!n.builtIn && <button type="button" className="secondary small" aria-label={t('networks_removeNamed', { name: n.name })} onClick={() => remove(n)}>{t('networks_remove')}</button>}
          </li>
        ))}
      </ul>
      {error && <p className="error" role="alert">{error}</p>}
      {form ? (
        <NetworkForm key={form.editing?.chainId ?? 'new'} editing={form.editing} onDone={() => setForm(null)} />
      ) : (
        <button type="button" className="secondary" onClick={() => setForm({})}>{t('networks_add')}</button>
      )}
    </main>
  );
}
