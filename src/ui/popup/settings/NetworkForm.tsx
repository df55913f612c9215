/**
 * Add or edit a network: the background checks the URLs and asks the RPC and bundler for the chain id before saving.
 * A built-in network keeps its chain id and name; once edited, Restore defaults brings the release's settings back.
 */
import { useState } from 'react';
import type { Network } from '../../../shared/networks';
import type { Hex } from '../../../shared/params';
import { call } from '../../api/background';
import { useSubmit } from '../../components/useSubmit';
import { t } from '../../i18n/t';

/** "31340" or "0x7a6c" as a hex quantity; anything else is an error the form shows. */
function chainIdOf(text: string): Hex {
  const value = text.trim();
  if (!/^(0x[0-9a-fA-F]+|\d+)$/.test(value)) throw new Error(t('networks_chainIdInvalid'));
  return `0x${BigInt(value).toString(16)}`;
}

export function NetworkForm({ editing, onDone }: { editing?: Network; onDone(): void }) {
  const [chainId, setChainId] = useState(editing ? String(BigInt(editing.chainId)) : '');
  const [name, setName] = useState(editing?.name ?? '');
  const [rpcUrls, setRpcUrls] = useState(editing?.rpcUrls.join('\n') ?? '');
  const [explorer, setExplorer] = useState(editing?.blockExplorerUrl ?? '');
  const [bundler, setBundler] = useState(editing?.bundlerUrl ?? '');
  const [eip7702, setEip7702] = useState(editing?.eip7702 ?? true);
  const { submit, error, busy } = useSubmit(async () => {
    await call('saveNetwork', { chainId: chainIdOf(chainId), name, rpcUrls: rpcUrls.split('\n'), blockExplorerUrl: explorer, bundlerUrl: bundler, eip7702 });
    onDone();
  });
  const restore = useSubmit(async () => {
    await call('restoreNetwork', { chainId: editing!.chainId });
    onDone();
  });
  return (
    <form className="card" aria-label={t('networks_form')} onSubmit={submit}>
      <label>
        {t('networks_chainId')}
        <input value={chainId} onChange={(e) => setChainId(e.target.value)} disabled={editing !== undefined} inputMode="numeric" />
      </label>
      <label>
        {t('networks_name')}
        <input value={name} onChange={(e) => setName(e.target.value)} disabled={editing?.builtIn} maxLength={40} />
      </label>
      <label>
        {t('networks_rpcUrls')}
        {/* Named here: a label around a textarea would take its text into the name. */}
        <textarea aria-label={t('networks_rpcUrls')} rows={2} value={rpcUrls} onChange={(e) => setRpcUrls(e.target.value)} placeholder={t('networks_rpcUrlsHint')} spellCheck={false} />
      </label>
      <label>
        {t('networks_explorerUrl')}
        <input value={explorer} onChange={(e) => setExplorer(e.target.value)} placeholder={t('networks_optionalHint')} spellCheck={false} />
      </label>
      <label>
        {t('networks_bundlerUrl')}
        <input value={bundler} onChange={(e) => setBundler(e.target.value)} placeholder={t('networks_bundlerHint')} spellCheck={false} />
      </label>
      <label className="check">
        <input type="checkbox" checked={eip7702} onChange={(e) => setEip7702(e.target.checked)} />
        {t('networks_eip7702')}
      </label>
      {(error ?? restore.error) && <p className="error" role="alert">{error ?? restore.error}</p>}
      <button type="submit" disabled={busy || restore.busy || chainId === '' || name === '' || rpcUrls.trim() === ''}>{busy ? t('networks_checking') : t('networks_save')}</button>
      {editing?.edited && (
        <button type="button" className="secondary" disabled={busy || restore.busy} onClick={restore.submit}>{t('networks_restore')}</button>
      )}
    </form>
  );
}
