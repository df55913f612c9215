/** wallet_getAssets (ERC-7811) params: `[{ account, assetFilter?, assetTypeFilter?, chainFilter? }]`. */
import { invalidParams } from '../errors';
import { address, object, positional, quantity, type Hex } from '../params';

export interface GetAssetsRequest {
  account: Hex;
  /** Per chain, the assets asked for ("native" or a contract, lowercase). */
  assetFilter?: Record<Hex, { address: Hex | 'native'; type: string }[]>;
  assetTypeFilter?: string[];
  chainFilter?: Hex[];
}

const list = (value: unknown, field: string): unknown[] => {
  if (!Array.isArray(value)) throw invalidParams(`${field} must be an array`);
  return value;
};

/** Chain ids as the answer's keys name them: hex, no leading zeros. */
const chainId = (value: unknown, field: string): Hex => quantity(value, field).toLowerCase() as Hex;

export function parseGetAssets(params: unknown): GetAssetsRequest {
  const [raw] = positional(params, 'wallet_getAssets', 1);
  const request = object(raw, 'request');
  const parsed: GetAssetsRequest = { account: address(request.account, 'account') };
  if (request.chainFilter !== undefined) parsed.chainFilter = list(request.chainFilter, 'chainFilter').map((c, i) => chainId(c, `chainFilter[${i}]`));
  if (request.assetTypeFilter !== undefined) {
    parsed.assetTypeFilter = list(request.assetTypeFilter, 'assetTypeFilter').map((t, i) => {
      if (typeof t !== 'string' || t === '') throw invalidParams(`assetTypeFilter[${i}] must be an asset type such as "native" or "erc20"`);
      return t.toLowerCase();
    });
  }
  if (request.assetFilter !== undefined) {
    const filter = object(request.assetFilter, 'assetFilter');
    parsed.assetFilter = Object.fromEntries(Object.entries(filter).map(([chain, assets]) => [
      chainId(chain, `assetFilter key ${chain}`),
      list(assets, `assetFilter[${chain}]`).map((asset, i) => {
        const entry = object(asset, `assetFilter[${chain}][${i}]`);
        const where = `assetFilter[${chain}][${i}]`;
        if (typeof entry.type !== 'string') throw invalidParams(`${where}.type must be a string`);
        const addressOf = entry.address === 'native' ? 'native' : (address(entry.address, `${where}.address`).toLowerCase() as Hex);
        return { address: addressOf, type: entry.type.toLowerCase() };
      }),
    ]));
  }
  return parsed;
}
