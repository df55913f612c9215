/** Home's Collectibles section: the ERC-721 / ERC-1155 tokens sites added for the selected account and network; one opens as an item view. */
import { useState } from 'react';
import { standardLabel, type CollectibleHolding } from '../../../shared/collectibles';
import { cleanText } from '../../../shared/displayText';
import type { Hex } from '../../../shared/params';
import { call } from '../../api/background';
import { usePolled } from '../../components/usePolled';
import { t } from '../../i18n/t';
import { CollectibleItem } from './CollectibleItem';
import { collectibleTitle, holdingText } from './format';

export function Collectibles({ account, chainId }: { account: Hex; chainId: Hex }) {
  // Polled like the token list: what the account holds changes on chain, and a site may add one meanwhile.
  const { value: items, error, reload } = usePolled(() => call('getCollectibles', { account, chainId }), [account, chainId]);
  const [open, setOpen] = useState<CollectibleHolding | null>(null);
  const shown = open && items?.find((c) => c.address === open.address && c.tokenId === open.tokenId);
  if (shown) {
    const remove = () => void call('removeCollectible', { account, chainId, address: shown.address, tokenId: shown.tokenId }).then(() => (setOpen(null), reload()));
    return <CollectibleItem account={account} chainId={chainId} item={shown} onBack={() => setOpen(null)} onRemove={remove} />;
  }
  return (
    <section aria-label={t('collectibles_title')}>
      {error && <p className="error">{t('collectibles_unavailable', { error })}</p>}
      {items === null && !error && <p aria-busy="true">{t('collectibles_loading')}</p>}
      {items?.length === 0 && <p className="muted">{t('collectibles_empty')}</p>}
      <ul className="tokens">
        {items?.map((c) => (
          <li key={`${c.address} ${c.tokenId}`} className="row card" aria-label={t('collectibles_collectibleNamed', { title: collectibleTitle(c) })}>
            <div className="row-main">
              <strong>{collectibleTitle(c)}</strong>
              <div className="muted">{standardLabel(c.standard)}{c.symbol === undefined ? '' : ` · ${cleanText(c.symbol)}`}</div>
            </div>
            <span aria-label={t('collectibles_holding')}>{holdingText(c)}</span>
            <button type="button" className="secondary" aria-label={t('collectibles_openNamed', { title: collectibleTitle(c) })} onClick={() => setOpen(c)}>{t('collectibles_open')}</button>
          </li>
        ))}
      </ul>
    </section>
  );
}
