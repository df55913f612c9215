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
import { collectibleTitle, holdingText } from './format';

function useMetadata(account: Hex, chainId: Hex, item: CollectibleHolding): { metadata: CollectibleMetadata | null; error: string | null } {
  const [metadata, setMetadata] = useState<CollectibleMetadata | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { address, tokenId } = item;
  useEffect(() => {
    let current = true;
    void call('getCollectibleMetadata', { account, chainId, address, tokenId }).then(
      (m) => current && setMetadata(m),
      (e: Error) => current && setError(e.message),
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
      {json?.image !== undefined && <img className="collectible-image" src={json.image} alt={`Image of ${json.name ?? 'the collectible'}`} />}
      <Rows label="Metadata">
        <Row label="Metadata URI" mono>{metadata.uri ?? 'None'}</Row>
        {json?.name !== undefined && <Row label="Name" name="Metadata name">{json.name}</Row>}
        {json?.description !== undefined && <Row label="Description">{json.description}</Row>}
        {json?.imageUri !== undefined && <Row label="Image URI" mono>{json.imageUri}</Row>}
      </Rows>
      {metadata.problem !== undefined && <p className="muted" role="status">{metadata.problem}</p>}
      {metadata.uri !== null && !metadata.uri.startsWith('data:') && (
        <p className="muted">Remote metadata is not loaded: fetching it would tell its host your IP address.</p>
      )}
    </>
  );
}

export function CollectibleItem({ account, chainId, item, onBack, onRemove }: { account: Hex; chainId: Hex; item: CollectibleHolding; onBack(): void; onRemove(): void }) {
  const { metadata, error } = useMetadata(account, chainId, item);
  return (
    <section aria-label="Collectible">
      <div className="row">
        <button type="button" className="secondary small" onClick={onBack}>All collectibles</button>
        <button type="button" className="secondary small" aria-label={`Remove ${collectibleTitle(item)}`} onClick={onRemove}>Remove</button>
      </div>
      <h2>{collectibleTitle(item)}</h2>
      <Rows label="Collectible details">
        <Row label="Collection" name="Collection name">{item.name === undefined ? 'No name()' : cleanText(item.name)}</Row>
        {item.symbol !== undefined && <Row label="Symbol">{cleanText(item.symbol)}</Row>}
        <Row label="Token ID" mono>{item.tokenId}</Row>
        <Row label="Standard">{standardLabel(item.standard)}</Row>
        <Row label="Contract" mono>{item.address}</Row>
        <Row label="Holding">{holdingText(item)}</Row>
      </Rows>
      {error && <p className="error" role="alert">Metadata unavailable: {error}</p>}
      {!error && metadata === null && <p aria-busy="true">Reading the metadata URI…</p>}
      {metadata && <Metadata metadata={metadata} />}
    </section>
  );
}
