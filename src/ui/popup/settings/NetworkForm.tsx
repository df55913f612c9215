/**
 * Add or edit a network: the background checks the URLs and asks the RPC and bundler for the chain id before saving.
 * A built-in network keeps its chain id and name; once edited, Restore defaults brings the release's settings back.
 */
import { useState } from 'react';
import type { Network } from '../../../shared/networks';
import type { Hex } from '../../../shared/params';
import { call } from '../../api/background';
import { useSubmit } from '../../components/useSubmit';

/** "31340" or "0x7a6c" as a hex quantity; anything else is an error the form shows. */
function chainIdOf(text: string): Hex {
  const value = text.trim();
  if (!/^(0x[0-9a-fA-F]+|\d+)$/.test(value)) throw new Error('Chain ID is a number, like 8453 or 0x2105');
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
    <form className="card" aria-label="Network form" onSubmit={submit}>
      <label>
        Chain ID
        <input value={chainId} onChange={(e) => setChainId(e.target.value)} disabled={editing !== undefined} inputMode="numeric" />
      </label>
      <label>
        Network name
        <input value={name} onChange={(e) => setName(e.target.value)} disabled={editing?.builtIn} maxLength={40} />
      </label>
      <label>
        RPC URLs
        {/* Named here: a label around a textarea would take its text into the name. */}
        <textarea aria-label="RPC URLs" rows={2} value={rpcUrls} onChange={(e) => setRpcUrls(e.target.value)} placeholder="https://… (one a line, tried in this order)" spellCheck={false} />
      </label>
      <label>
        Explorer URL
        <input value={explorer} onChange={(e) => setExplorer(e.target.value)} placeholder="https://… (optional)" spellCheck={false} />
      </label>
      <label>
        Bundler URL
        <input value={bundler} onChange={(e) => setBundler(e.target.value)} placeholder="https://… (optional, for sponsored batches)" spellCheck={false} />
      </label>
      <label className="check">
        <input type="checkbox" checked={eip7702} onChange={(e) => setEip7702(e.target.checked)} />
        EIP-7702 (atomic batches)
      </label>
      {(error ?? restore.error) && <p className="error" role="alert">{error ?? restore.error}</p>}
      <button type="submit" disabled={busy || restore.busy || chainId === '' || name === '' || rpcUrls.trim() === ''}>{busy ? 'Checking…' : 'Save network'}</button>
      {editing?.edited && (
        <button type="button" className="secondary" disabled={busy || restore.busy} onClick={restore.submit}>Restore defaults</button>
      )}
    </form>
  );
}
