/** wallet_watchAsset params (spec 2.7, 4.2; EIP-747; ERC-721 / ERC-1155 as MetaMask takes them), parsed into a typed request. */
import { getAddress } from 'ethers';
import { COLLECTIBLE_STANDARDS, type CollectibleStandard } from '../collectibles';
import { invalidParams, type RpcError } from '../errors';
import type { Hex } from '../params';
import { isObject } from '../isObject';

export const WATCH_ASSET_TYPE = 'ERC20';
export const MAX_SYMBOL_LENGTH = 11;
export const MAX_DECIMALS = 36;
/** A logo is stored with the token: a data: URL larger than this is refused rather than kept in storage. */
export const MAX_IMAGE_LENGTH = 100_000;
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export interface WatchAssetRequest {
  type: typeof WATCH_ASSET_TYPE;
  /** Checksummed. */
  address: Hex;
  symbol: string;
  decimals: number;
  image?: string;
}

/** An ERC-721 or ERC-1155 token to watch, in MetaMask's shape: `{ type, options: { address, tokenId } }`. */
export interface WatchCollectibleRequest {
  type: CollectibleStandard;
  /** Checksummed. */
  address: Hex;
  /** Decimal, without leading zeros. */
  tokenId: string;
}

const MAX_UINT256 = (1n << 256n) - 1n;

/** Every wallet_watchAsset error carries the "Invalid params" message of spec 7.3, then what was wrong. */
export const invalidAsset = (what: string): RpcError => invalidParams(`Invalid params: ${what}`);

const describe = (value: unknown): string => (typeof value === 'string' ? `"${value.slice(0, 80)}"` : JSON.stringify(value) ?? String(value));

/**
 * A token contract address: 42 hex characters; all-lowercase or all-uppercase is accepted, mixed case must carry a
 * valid EIP-55 checksum. Returns the checksummed address.
 */
export function tokenAddress(value: unknown, field: string): Hex {
  if (typeof value !== 'string' || !HEX_ADDRESS.test(value)) {
    throw invalidAsset(`${field} must be a 42-character hex address (0x + 40 hex digits), got ${describe(value)}`);
  }
  try {
    return getAddress(value) as Hex;
  } catch {
    throw invalidAsset(`${field} ${value} has an invalid EIP-55 checksum: use the checksummed or the all-lowercase address`);
  }
}

function symbol(value: unknown): string {
  const length = typeof value === 'string' ? [...value].length : 0;
  if (typeof value !== 'string' || length < 1 || length > MAX_SYMBOL_LENGTH) {
    const got = typeof value === 'string' ? `${describe(value)} (${length} characters)` : describe(value);
    throw invalidAsset(`options.symbol must be a string of 1 to ${MAX_SYMBOL_LENGTH} characters, got ${got}`);
  }
  return value;
}

function decimals(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_DECIMALS) {
    throw invalidAsset(`options.decimals must be an integer from 0 to ${MAX_DECIMALS}, got ${describe(value)}`);
  }
  return value;
}

/** Shown in the wallet as an <img> only; the background never fetches it. */
function image(value: unknown): string {
  let protocol: string | undefined;
  try {
    protocol = typeof value === 'string' ? new URL(value).protocol : undefined;
  } catch {
    protocol = undefined;
  }
  if (protocol !== 'https:' && protocol !== 'data:') throw invalidAsset(`options.image must be an https: or data: URL, got ${describe(value)}`);
  if ((value as string).length > MAX_IMAGE_LENGTH) throw invalidAsset(`options.image must be at most ${MAX_IMAGE_LENGTH} characters, got ${(value as string).length}`);
  return value as string;
}

/** The watched-asset object itself (as viem sends it) or wrapped in a one-element array (as some dapps do). */
function unwrap(params: unknown): Record<string, unknown> {
  if (Array.isArray(params) && params.length !== 1) {
    throw invalidAsset(`wallet_watchAsset expects one watched-asset object {type, options}, got an array of ${params.length}`);
  }
  const asset = Array.isArray(params) ? params[0] : params;
  if (!isObject(asset)) throw invalidAsset(`wallet_watchAsset expects the watched-asset object {type, options}, got ${describe(asset)}`);
  return asset;
}

/** A token id as MetaMask takes it: a string of decimal digits, at most 2^256 - 1. */
function tokenId(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{1,78}$/.test(value) || BigInt(value) > MAX_UINT256) {
    throw invalidAsset(`options.tokenId must be a string of decimal digits (a uint256, e.g. "1"), got ${describe(value)}`);
  }
  return BigInt(value).toString();
}

const isCollectibleType = (type: unknown): type is CollectibleStandard => COLLECTIBLE_STANDARDS.includes(type as CollectibleStandard);

export function parseWatchAsset(params: unknown): WatchAssetRequest | WatchCollectibleRequest {
  const asset = unwrap(params);
  if (isCollectibleType(asset.type)) {
    if (!isObject(asset.options)) throw invalidAsset(`options must be an object with address and tokenId, got ${describe(asset.options)}`);
    return { type: asset.type, address: tokenAddress(asset.options.address, 'options.address'), tokenId: tokenId(asset.options.tokenId) };
  }
  if (asset.type !== WATCH_ASSET_TYPE) throw invalidAsset(`type must be "ERC20", "ERC721" or "ERC1155", got ${describe(asset.type)}`);
  if (!isObject(asset.options)) throw invalidAsset(`options must be an object with address, symbol and decimals, got ${describe(asset.options)}`);
  const { options } = asset;
  const request: WatchAssetRequest = {
    type: WATCH_ASSET_TYPE,
    address: tokenAddress(options.address, 'options.address'),
    symbol: symbol(options.symbol),
    decimals: decimals(options.decimals),
  };
  // null and "" are what dapps send for "no logo".
  if (options.image !== undefined && options.image !== null && options.image !== '') request.image = image(options.image);
  return request;
}
