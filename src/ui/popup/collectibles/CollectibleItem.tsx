/**
 * One collectible: what the wallet stored and holds, and its metadata read on chain when the view opens. The URI is
 * shown as text and never fetched (that would tell its host the user's IP); a data: URI's JSON is shown, its image
 * only when it is itself a data: image (the pages' CSP allows no other).
 */
import { useEffect, useState } from 'react';
import { standardLabel, type CollectibleHolding, type CollectibleMetadata } from '../../../shared/collectibles';
import { cleanText } from '../../../shared/displayText';
import type { Hex } from '../../../shared/params';
import { call } from '../../api/background';
import { Row, Rows } from '../../components/Rows';
import { errorText } from '../../format/errorText';
import { t } from '../../i18n/t';
import { collectibleTitle, holdingText } from './format';

function useMetadata(account: Hex, chainId: Hex, item: CollectibleHolding): { metadata: CollectibleMetadata | null; error: string | null } {
  const [metadata, setMetadata] = useState<CollectibleMetadata | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { address, tokenId } = item;
  useEffect(() => {
    let current = true;
    void call('getCollectibleMetadata', { account, chainId, address, tokenId }).then(
      (m) => current && setMetadata(m),
      (e: unknown) => current && setError(errorText(e)),
    );
    return () => {
      current = false;
    };
  }, [account, chainId, address, tokenId]);
  return { metadata, error };
}

function Metadata({ metadata }: { metadata: CollectibleMetadata }) {
  const { json } = metadata;
  return (
    <>
      {json?.image !== undefined && <img className="collectible-image" src={json.image} alt={json.name === undefined ? t('collectibles_imageOfUnnamed') : t('collectibles_imageOf', { name: json.name })} />}
      <Rows label={t('collectibles_metadata')}>
        <Row label={t('collectibles_metadataUri')} mono>{metadata.uri ?? t('collectibles_none')}</Row>
        {json?.name !== undefined && <Row label={t('collectibles_name')} name={t('collectibles_metadataName')}>{json.name}</Row>}
        {json?.description !== undefined && <Row label={t('collectibles_description')}>{json.description}</Row>}
        {json?.imageUri !== undefined && <Row label={t('collectibles_imageUri')} mono>{json.imageUri}</Row>}
      </Rows>
      {metadata.problem !== undefined && <p className="muted" role="status">{metadata.problem}</p>}
      {metadata.uri !== null && !metadata.uri.startsWith('data:') && (
        <p className="muted">{t('collectibles_remoteNotLoaded')}</p>
      )}
    </>
  );
}

export function CollectibleItem({ account, chainId, item, onBack, onRemove }: { account: Hex; chainId: Hex; item: CollectibleHolding; onBack(): void; onRemove(): void }) {
  const { metadata, error } = useMetadata(account, chainId, item);
  return (
    <section aria-label={t('collectibles_collectible')}>
      <div className="row">
        <button type="button" className="secondary small" onClick={onBack}>{t('collectibles_all')}</button>
        <button type="button" className="secondary small" aria-label={t('collectibles_removeNamed', { title: collectibleTitle(item) })} onClick={onRemove}>{t('collectibles_remove')}</button>
      </div>
      <h2>{collectibleTitle(item)}</h2>
      <Rows label={t('collectibles_details')}>
        <Row label={t('collectibles_collection')} name={t('collectibles_collectionName')}>{item.name === undefined ? t('collectibles_noName') : cleanText(item.name)}</Row>
        {item.symbol !== undefined && <Row label={t('collectibles_symbol')}>{cleanText(item.symbol)}</Row>}
        <Row label={t('collectibles_tokenId')} mono>{item.tokenId}</Row>
        <Row label={t('collectibles_standard')}>{standardLabel(item.standard)}</Row>
        <Row label={t('collectibles_contract')} mono>{item.address}</Row>
        <Row label={t('collectibles_holding')}>{holdingText(item)}</Row>
      </Rows>
      {error && <p className="error" role="alert">{t('collectibles_metadataUnavailable', { error })}</p>}
      {!error && metadata === null && <p aria-busy="true">{t('collectibles_readingMetadata')}</p>}
      {metadata && <Metadata metadata={metadata} />}
    </section>
  );
}
