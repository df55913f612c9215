/**
 * A collectible's metadata, read when the user opens it: the URI from tokenURI() (ERC-721) or uri() (ERC-1155) as
 * text. Only a data: URI of JSON is decoded; nothing remote is fetched, as that would tell its host the user's IP.
 */
import type { Collectible, CollectibleMetadata } from '../../shared/collectibles';
import { cleanText } from '../../shared/displayText';
import type { ChainNode } from '../networks/rpcClient';
import { tryRead } from './read';

/** The URI as shown: longer ones are cut (a data: URI can be large). */
const MAX_URI_SHOWN = 300;
/** Larger data: URIs are not decoded. */
const MAX_DATA_URI = 200_000;
const MAX_DESCRIPTION = 500;

/** ERC-1155: "{id}" stands for the id as 64 lowercase hex digits. */
export const fillId = (uri: string, tokenId: string): string => uri.replaceAll('{id}', BigInt(tokenId).toString(16).padStart(64, '0'));

const shown = (uri: string): string => (uri.length > MAX_URI_SHOWN ? `${uri.slice(0, MAX_URI_SHOWN)}…` : uri);

/** The bytes of a data: URI's body (base64 or percent-encoded), as UTF-8 text; undefined when it does not decode. */
function dataBody(uri: string): { mediaType: string; text: string } | undefined {
  const comma = uri.indexOf(',');
  if (!uri.startsWith('data:') || comma < 0) return undefined;
  const header = uri.slice(5, comma).toLowerCase();
  const body = uri.slice(comma + 1);
  const mediaType = header.split(';')[0] || 'text/plain';
  try {
    if (!header.split(';').includes('base64')) return { mediaType, text: decodeURIComponent(body) };
    const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
    return { mediaType, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return undefined;
  }
}

const field = (json: Record<string, unknown>, key: string): string | undefined => (typeof json[key] === 'string' && json[key] !== '' ? (json[key] as string) : undefined);

/** Decodes a data: URI of JSON into what the item view shows; an image only as a data:image URL, any other as text. */
export function decodeMetadata(uri: string): CollectibleMetadata {
  const metadata: CollectibleMetadata = { uri: shown(uri) };
  if (!uri.startsWith('data:')) return metadata;
  if (uri.length > MAX_DATA_URI) return { ...metadata, problem: `The data: URI is larger than ${MAX_DATA_URI / 1000} KB; it is not decoded` };
  const body = dataBody(uri);
  if (!body || body.mediaType !== 'application/json') return { ...metadata, problem: 'The data: URI does not hold JSON' };
  let json: unknown;
  try {
    json = JSON.parse(body.text);
  } catch {
    return { ...metadata, problem: 'The data: URI does not hold valid JSON' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ...metadata, problem: 'The metadata is not a JSON object' };
  const values = json as Record<string, unknown>;
  const name = field(values, 'name');
  const description = field(values, 'description');
  const image = field(values, 'image') ?? field(values, 'image_data');
  const isDataImage = image?.startsWith('data:image/') && image.length <= MAX_DATA_URI;
  return {
    ...metadata,
    json: {
      ...(name === undefined ? {} : { name: cleanText(name) }),
      ...(description === undefined ? {} : { description: cleanText(description, MAX_DESCRIPTION) }),
      ...(image === undefined ? {} : isDataImage ? { image } : { imageUri: shown(image) }),
    },
  };
}

/** Reads the URI on chain and decodes what can be decoded without a fetch. */
export async function readMetadata(node: ChainNode, token: Pick<Collectible, 'standard' | 'address' | 'tokenId'>): Promise<CollectibleMetadata> {
  const fn = token.standard === 'ERC721' ? 'tokenURI' : 'uri';
  const uri = (await tryRead(node, token.address, fn, [token.tokenId]))?.[0] as string | undefined;
  if (!uri) return { uri: null, problem: `${fn}(${token.tokenId}) gave no URI` };
  return decodeMetadata(token.standard === 'ERC1155' ? fillId(uri, token.tokenId) : uri);
}
