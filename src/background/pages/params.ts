/** Schemas of the pages' params: the extension's own pages are trusted more than a dapp, but still checked. */
import { invalidParams } from '../../shared/errors';
import type { NetworkForm } from '../../shared/pages';
import type { PopupTransaction } from '../../shared/send';
import { address, boolean, data, object, quantity, recipient, type Hex } from '../../shared/params';

export const none = (): Record<never, never> => ({});

export function fields(params: unknown): Record<string, unknown> {
  return object(params ?? {}, 'params');
}

export function text(value: unknown, field: string): string {
  if (typeof value !== 'string') throw invalidParams(`${field} must be a string`);
  return value;
}

export function accountName(value: unknown, field: string): string {
  const name = text(value, field).trim();
  if (name.length === 0 || name.length > 40) throw invalidParams('An account name has 1 to 40 characters');
  return name;
}

export const accountParam = (params: unknown): { address: Hex } => ({ address: address(fields(params).address, 'address') });

export const chainParam = (params: unknown): { chainId: Hex } => ({ chainId: quantity(fields(params).chainId, 'chainId') });

/** A site, as the popup lists it (connected, or trusted despite the phishing list). */
export const originParam = (params: unknown): { origin: string } => ({ origin: text(fields(params).origin, 'origin') });

/** An account's list on one chain (tokens). */
export function accountOnChain(params: unknown): { account: Hex; chainId: Hex } {
  const p = fields(params);
  return { account: address(p.account, 'account'), chainId: quantity(p.chainId, 'chainId') };
}

/** One collectible of an account's list on one chain. */
export function collectibleParam(params: unknown): { account: Hex; chainId: Hex; address: Hex; tokenId: string } {
  const p = fields(params);
  const tokenId = text(p.tokenId, 'tokenId');
  if (!/^(0|[1-9]\d{0,77})$/.test(tokenId)) throw invalidParams('tokenId must be a decimal token id');
  return { ...accountOnChain(params), address: address(p.address, 'address'), tokenId };
}

/** The popup's transaction: the recipient's checksum is checked as a dapp's `to` is. */
export function popupTransaction(params: unknown): PopupTransaction {
  const p = fields(params);
  if (p.feeSource !== undefined && p.feeSource !== 'usdc') throw invalidParams('feeSource must be "usdc" or absent');
  return {
    to: recipient(p.to, 'to'), value: quantity(p.value, 'value'), data: data(p.data, 'data'), gas: quantity(p.gas, 'gas'),
    ...(p.feeSource === 'usdc' ? { feeSource: 'usdc' as const } : {}),
  };
}

/** Enough for a few providers to fail over to; each is asked for its chain id when saved. */
const MAX_RPC_URLS = 5;

/** A network's endpoints in their order; empty lines are absent. */
function rpcUrlsOf(value: unknown): string[] {
  if (!Array.isArray(value)) throw invalidParams('rpcUrls must be an array of URLs');
  const rpcUrls = value.map((url, i) => text(url, `rpcUrls[${i}]`).trim()).filter((url) => url !== '');
  if (rpcUrls.length === 0 || rpcUrls.length > MAX_RPC_URLS) throw invalidParams(`A network has 1 to ${MAX_RPC_URLS} RPC URLs, got ${rpcUrls.length}`);
  return rpcUrls;
}

/** Settings → Networks' endpoint list of one network. */
export function endpointsParam(params: unknown): { chainId: Hex; rpcUrls: string[] } {
  const p = fields(params);
  return { chainId: quantity(p.chainId, 'chainId'), rpcUrls: rpcUrlsOf(p.rpcUrls) };
}

/** The Networks form: empty optional URLs (and empty lines of the RPC URLs) are absent. */
export function networkForm(params: unknown): NetworkForm {
  const p = fields(params);
  const optional = (value: unknown, field: string) => {
    const url = value === undefined ? '' : text(value, field).trim();
    return url === '' ? undefined : url;
  };
  const name = text(p.name, 'name').trim();
  if (name === '' || name.length > 40) throw invalidParams('A network name has 1 to 40 characters');
  const blockExplorerUrl = optional(p.blockExplorerUrl, 'blockExplorerUrl');
  const bundlerUrl = optional(p.bundlerUrl, 'bundlerUrl');
  return {
    chainId: quantity(p.chainId, 'chainId'), name, rpcUrls: rpcUrlsOf(p.rpcUrls), eip7702: boolean(p.eip7702, 'eip7702'),
    ...(blockExplorerUrl ? { blockExplorerUrl } : {}), ...(bundlerUrl ? { bundlerUrl } : {}),
  };
}
