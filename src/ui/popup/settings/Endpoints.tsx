/**
 * One network's endpoints in the order the failover tries them, the one in use marked: each can move up or down or go,
 * and another can be added (the background checks its URL and asks it for the chain id before saving).
 */
import { useState } from 'react';
import type { Network } from '../../../shared/networks';
import { call } from '../../api/background';
import { useSubmit } from '../../components/useSubmit';
import { t } from '../../i18n/t';

/** `urls` with the one at `index` moved `by` places (-1 up, 1 down). */
const moved = (urls: readonly string[], index: number, by: -1 | 1): string[] => {
  const next = [...urls];
  [next[index], next[index + by]] = [next[index + by], next[index]];
  return next;
};

/** What the new endpoint's field shows empty: the scheme it takes. */
const URL_HINT = 'https://…';

export function Endpoints({ network, inUse }: { network: Network; inUse: string | undefined }) {
  const [adding, setAdding] = useState('');
  const save = (rpcUrls: string[]) => call('setNetworkEndpoints', { chainId: network.chainId, rpcUrls });
  const change = useSubmit(save);
  const add = useSubmit(async () => {
    const url = adding.trim();
    await save([...network.rpcUrls, url]);
    // What was typed meanwhile stays.
    setAdding((now) => (now.trim() === url ? '' : now));
  });
  const urls = network.rpcUrls;
  const busy = change.busy || add.busy;
  const error = add.error ?? change.error;
  return (
    <>
      <ol className="plain" aria-label={t('networks_endpoints', { name: network.name })}>
        {urls.map((url, i) => (
          // The buttons' glyphs come from CSS (data-glyph), so an endpoint's text is its URL and whether it is in use.
          <li key={url} className="row lead">
            <span className="mono">{url}{inUse === url ? ` ${t('networks_inUse')}` : ''}</span>
            <button type="button" className="icon" data-glyph="↑" aria-label={t('networks_moveUp', { url })} disabled={busy || i === 0} onClick={(e) => change.submit(e, moved(urls, i, -1))} />
            <button type="button" className="icon" data-glyph="↓" aria-label={t('networks_moveDown', { url })} disabled={busy || i === urls.length - 1} onClick={(e) => change.submit(e, moved(urls, i, 1))} />
            <button type="button" className="icon" data-glyph="✕" aria-label={t('networks_removeNamed', { name: url })} disabled={busy || urls.length === 1} onClick={(e) => change.submit(e, urls.filter((u) => u !== url))} />
          </li>
        ))}
      </ol>
      <form aria-label={t('networks_endpointsForm', { name: network.name })} onSubmit={add.submit}>
        <div className="row lead">
          <input aria-label={t('networks_newEndpointFor', { name: network.name })} value={adding} onChange={(e) => setAdding(e.target.value)} placeholder={URL_HINT} spellCheck={false} />
          <button type="submit" className="secondary small" aria-label={t('networks_addEndpointTo', { name: network.name })} disabled={busy || adding.trim() === ''}>
            {add.busy ? t('networks_checking') : t('networks_addEndpoint')}
          </button>
        </div>
        {error && <p className="error" role="alert">{error}</p>}
      </form>
    </>
  );
}
