/** The paymasterService capability of wallet_sendCalls (ERC-7677): where to ask for sponsorship. */
import { PaymasterErrorCode, RpcError } from '../errors';
import { LOOPBACK_HOSTS } from '../networks';

export interface PaymasterCapability {
  url: string;
  context: Record<string, unknown>;
  optional: boolean;
}

const invalidUrl = (why: string) => new RpcError(PaymasterErrorCode.invalidUrl, `Invalid paymaster URL: ${why}`);

/** `allowLoopbackHttp`: plain http is accepted only for a service on this machine, on the local devnet. */
export function parsePaymasterCapability(value: unknown, allowLoopbackHttp: boolean): PaymasterCapability {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidUrl('capabilities.paymasterService must be an object with a url');
  const { url, context, optional } = value as Record<string, unknown>;
  if (typeof url !== 'string' || url === '') throw invalidUrl('capabilities.paymasterService.url is required');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidUrl(`${JSON.stringify(url)} does not parse as a URL`);
  }
  const loopbackHttp = parsed.protocol === 'http:' && LOOPBACK_HOSTS.includes(parsed.hostname) && allowLoopbackHttp;
  if (parsed.protocol !== 'https:' && !loopbackHttp) throw invalidUrl(`${url} must use https`);
  if (context !== undefined && (typeof context !== 'object' || context === null || Array.isArray(context))) {
    throw invalidUrl('capabilities.paymasterService.context must be an object when given');
  }
  return { url, context: (context as Record<string, unknown>) ?? {}, optional: optional === true };
}
